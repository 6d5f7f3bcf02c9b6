import type { Entries, Report, TaskTime, Timer } from "../../../../domain/time-tracking";
import { apiFetch } from "../../../api/http";

export { timeKeys } from "./keys";

/** The module's writes share its entity in the offline queue, so they reach the server in order. */
export const TIME_MODULE = "task-delegation";

export interface ReportParams {
  groupId?: string;
  from: string;
  to: string;
  tz: string;
}

const reportSearch = (query: ReportParams) =>
  new URLSearchParams(Object.entries(query).filter((pair): pair is [string, string] => Boolean(pair[1]))).toString();

export const getTimer = () => apiFetch<Timer>("/api/time/timer");
export const getEntries = (from: string, to: string) =>
  apiFetch<Entries>(`/api/time/entries?${new URLSearchParams({ from, to }).toString()}`);
export const getTaskTime = (taskId: string) => apiFetch<TaskTime>(`/api/tasks/${encodeURIComponent(taskId)}/time`);
export const getReport = (query: ReportParams) => apiFetch<Report>(`/api/time/report?${reportSearch(query)}`);
export const reportCsvUrl = (query: ReportParams) => `/api/time/report.csv?${reportSearch(query)}`;
export const estimatePath = (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}/estimate`;
