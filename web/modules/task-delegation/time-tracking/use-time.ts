import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { QueuedRequest } from "../../../../domain/offline-queue";
import type { TaskTime, TimeEntry, Timer } from "../../../../domain/time-tracking";
import { TIME_MESSAGES } from "../../../../domain/time-rules";
import { ApiRequestError, errorMessage } from "../../../api/http";
import { newOperationId } from "../../../api/tasks";
import { discardOperation, submit } from "../../../offline/queue";
import { notify } from "../../../stores/notifier";
import { getTaskTime, type ReportParams, getReport, getEntries, TIME_MODULE, timeKeys, estimatePath } from "./api";

export function useTaskTime(taskId: string) {
  return useQuery({ queryKey: timeKeys.task(taskId), queryFn: () => getTaskTime(taskId) });
}

export function useEntries(from: string, to: string) {
  return useQuery({ queryKey: timeKeys.entries(from, to), queryFn: () => getEntries(from, to) });
}

export function useReport(query: ReportParams) {
  return useQuery({ queryKey: timeKeys.report(query), queryFn: () => getReport(query) });
}

export { useTimer } from "./timer-query";

export type WriteResult<T> = { ok: true; body: T | null } | { ok: false; message: string };

/**
 * Sends a write of time tracking through the offline queue (entity "task-delegation": the
 * module's writes reach the server in order), carrying the instants the user acted at. Online, a
 * refusal comes back as its message and leaves nothing queued (a refused write would hold back
 * the module's later writes); offline, the write waits and every device gets it once sent.
 */
export async function sendTimeWrite<T>(
  client: QueryClient,
  request: QueuedRequest,
  label: string,
): Promise<WriteResult<T>> {
  const id = newOperationId();
  try {
    const result = await submit<T>({
      id,
      type: request.method === "DELETE" ? "delete" : "update",
      entityType: "module",
      entityId: TIME_MODULE,
      groupId: "",
      label,
      request,
    });
    if (result.queued) {
      notify.info("Saved on this device - will sync when online", { id: "saved-offline" });
      return { ok: true, body: null };
    }
    await client.invalidateQueries({ queryKey: timeKeys.all });
    return { ok: true, body: result.body };
  } catch (error) {
    if (error instanceof ApiRequestError) await discardOperation(id).catch(() => undefined);
    return { ok: false, message: errorMessage(error) };
  }
}

/** Starts a timer on the task now: shown at once, sent through the queue (an offline start keeps its instant). */
export async function startTimer(
  client: QueryClient,
  task: { id: string; title: string; groupId: string },
  userId: string,
): Promise<void> {
  const entry: TimeEntry = {
    id: newOperationId(),
    userId,
    taskId: task.id,
    taskTitle: task.title,
    groupId: task.groupId,
    startedAt: new Date().toISOString(),
    endedAt: null,
    note: null,
  };
  await client.cancelQueries({ queryKey: timeKeys.timer });
  const before = client.getQueryData<Timer>(timeKeys.timer);
  client.setQueryData<Timer>(timeKeys.timer, { timer: entry });
  const result = await sendTimeWrite<Timer>(
    client,
    { method: "POST", path: "/api/time/timer", body: { id: entry.id, taskId: task.id, startedAt: entry.startedAt } },
    `Start timer on "${task.title}"`,
  );
  if (!result.ok) {
    client.setQueryData(timeKeys.timer, before);
    notify.error(TIME_MESSAGES.failed, { description: result.message });
  } else notify.success(TIME_MESSAGES.started, { id: "timer" });
}

/** Stops the running timer at the instant pressed, which an offline device sends when it syncs. */
export async function stopTimer(client: QueryClient, entry: TimeEntry): Promise<void> {
  const stoppedAt = new Date().toISOString();
  await client.cancelQueries({ queryKey: timeKeys.timer });
  const before = client.getQueryData<Timer>(timeKeys.timer);
  client.setQueryData<Timer>(timeKeys.timer, { timer: null });
  const result = await sendTimeWrite(
    client,
    { method: "POST", path: "/api/time/timer/stop", body: { stoppedAt, entryId: entry.id } },
    `Stop timer on "${entry.taskTitle}"`,
  );
  if (!result.ok) {
    client.setQueryData(timeKeys.timer, before);
    notify.error(TIME_MESSAGES.failed, { description: result.message });
  } else notify.success(TIME_MESSAGES.stopped, { id: "timer" });
}

/** Sets (minutes) or removes (null) a task's estimate. */
export async function saveEstimate(
  client: QueryClient,
  taskId: string,
  title: string,
  minutes: number | null,
): Promise<WriteResult<TaskTime>> {
  const before = client.getQueryData<TaskTime>(timeKeys.task(taskId));
  if (before) client.setQueryData<TaskTime>(timeKeys.task(taskId), { ...before, estimateMinutes: minutes });
  const result = await sendTimeWrite<TaskTime>(
    client,
    minutes === null
      ? { method: "DELETE", path: estimatePath(taskId) }
      : { method: "PUT", path: estimatePath(taskId), body: { minutes } },
    `Estimate of "${title}"`,
  );
  if (!result.ok) client.setQueryData(timeKeys.task(taskId), before);
  return result;
}
