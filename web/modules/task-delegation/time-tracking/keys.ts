import type { ReportParams } from "./api";

/**
 * Everything of time tracking lives under ["time"]: one live event refetches it all. Apart from
 * api.ts: part.ts loads with every page and needs only these names.
 */
export const timeKeys = {
  all: ["time"] as const,
  timer: ["time", "timer"] as const,
  entries: (from: string, to: string) => ["time", "entries", from, to] as const,
  task: (taskId: string) => ["time", "task", taskId] as const,
  report: (query: ReportParams) => ["time", "report", query] as const,
};
