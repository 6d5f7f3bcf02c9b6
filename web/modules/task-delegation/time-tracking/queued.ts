import type { QueryClient } from "@tanstack/react-query";
import type { QueuedOperation } from "../../../../domain/offline-queue";
import type { Timer } from "../../../../domain/time-tracking";
import { timeKeys } from "./keys";

/** The title a queued start names in its label (use-time.ts writes `Start timer on "<title>"`). */
const titleOf = (label: string) => /^Start timer on "(.*)"$/s.exec(label)?.[1] ?? "Task";

/**
 * After a reload, a timer start or stop still in the offline queue shows as done: the start
 * runs from the instant it was pressed, the stop leaves no timer running.
 */
export function showQueuedTimer(client: QueryClient, operation: QueuedOperation, userId: string): void {
  const { path, body } = operation.request;
  if (path === "/api/time/timer/stop") {
    client.setQueryData<Timer>(timeKeys.timer, { timer: null });
    return;
  }
  if (path !== "/api/time/timer") return;
  const start = body as { id: string; taskId: string; startedAt: string };
  client.setQueryData<Timer>(timeKeys.timer, {
    timer: {
      id: start.id,
      userId,
      taskId: start.taskId,
      taskTitle: titleOf(operation.label),
      groupId: operation.groupId,
      startedAt: start.startedAt,
      endedAt: null,
      note: null,
    },
  });
}
