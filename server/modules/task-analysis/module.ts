import type { ServerModule } from "../server-module.js";

/** Per group and member: completion, overdue trend, time per category, suggestions (docs/analysis.md). */
export const taskAnalysis: ServerModule = {
  id: "task-analysis",
};
