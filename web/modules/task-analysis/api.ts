import type { GroupAnalysis, TaskAnalysis } from "../../../domain/analysis";
import { apiFetch } from "../../api/http";

import { ANALYSIS_QUERY_ROOT } from "./query-root";

/** The module's query keys: kept on the device with the other lists, so the last figures show offline. */
export const analysisKeys = {
  all: [ANALYSIS_QUERY_ROOT] as const,
  group: (groupId: string, member: string | null, weeks: number, timeZone: string) =>
    [ANALYSIS_QUERY_ROOT, "group", groupId, member, weeks, timeZone] as const,
  task: (taskId: string) => [ANALYSIS_QUERY_ROOT, "task", taskId] as const,
};

export function getGroupAnalysis(
  groupId: string,
  { member, weeks, timeZone }: { member: string | null; weeks: number; timeZone: string },
): Promise<GroupAnalysis> {
  const query = new URLSearchParams({ weeks: String(weeks), tz: timeZone });
  if (member) query.set("member", member);
  return apiFetch<GroupAnalysis>(`/api/groups/${encodeURIComponent(groupId)}/analysis?${query}`);
}

/** The spec's analyze-task: a read, sent as POST like the spec's call. */
export const analyzeTask = (taskId: string) =>
  apiFetch<TaskAnalysis>("/api/analyze-task", { method: "POST", body: { taskId } });

/** The device's zone: weeks and weekdays are counted in it. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
