import type { ServerModule } from "../server-module.js";
import { taskAnalysisMigrations } from "./migrations.js";
import { analysisRoutes } from "./routes.js";
import { recordTaskEvents } from "./service.js";

/**
 * Per group and member: completion, overdue trend, time per category, suggestions; and the
 * analysis of one task (docs/analysis.md). Keeps who completed a task and when its deadline moved
 * later (task_events), whether the module is on or off, so switching it on shows the past too.
 */
export const taskAnalysis: ServerModule = {
  id: "task-analysis",
  migrations: taskAnalysisMigrations,
  routes: analysisRoutes,
  taskWrites: { during: recordTaskEvents },
};
