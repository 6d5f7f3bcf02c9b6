import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { QueuedOperation } from "../../../../domain/offline-queue";
import type { Timer } from "../../../../domain/time-tracking";
import { timeKeys } from "./keys";
import { showQueuedTimer } from "./queued";

const operation = (request: QueuedOperation["request"], label: string): QueuedOperation => ({
  id: "op",
  type: "update",
  entityType: "module",
  entityId: "task-delegation",
  groupId: "",
  label,
  request,
  timestamp: 0,
  retryCount: 0,
  lastRetry: null,
  nextRetryAt: null,
  priority: 1,
  status: "pending",
  rejected: false,
  errorMessage: null,
});

describe("showQueuedTimer (a timer write still queued, after a reload)", () => {
  it("shows a queued start running from the instant it was pressed", () => {
    const client = new QueryClient();
    client.setQueryData<Timer>(timeKeys.timer, { timer: null });
    showQueuedTimer(
      client,
      operation(
        {
          method: "POST",
          path: "/api/time/timer",
          body: { id: "e1", taskId: "t1", startedAt: "2026-11-26T10:00:00.000Z" },
        },
        'Start timer on "Say "hi" twice"',
      ),
      "u1",
    );
    expect(client.getQueryData<Timer>(timeKeys.timer)?.timer).toMatchObject({
      id: "e1",
      taskId: "t1",
      taskTitle: 'Say "hi" twice',
      startedAt: "2026-11-26T10:00:00.000Z",
      endedAt: null,
      userId: "u1",
    });
  });

  it("shows no timer after a queued stop, and ignores the module's other writes", () => {
    const client = new QueryClient();
    const running: Timer = {
      timer: {
        id: "e1",
        userId: "u1",
        taskId: "t1",
        taskTitle: "T",
        groupId: "g",
        startedAt: "2026-11-26T10:00:00.000Z",
        endedAt: null,
        note: null,
      },
    };
    client.setQueryData(timeKeys.timer, running);
    showQueuedTimer(
      client,
      operation({ method: "PUT", path: "/api/tasks/t1/estimate", body: { minutes: 5 } }, "x"),
      "u1",
    );
    expect(client.getQueryData(timeKeys.timer)).toEqual(running);
    showQueuedTimer(
      client,
      operation({ method: "POST", path: "/api/time/timer/stop", body: { stoppedAt: "2026-11-26T11:00:00.000Z" } }, "x"),
      "u1",
    );
    expect(client.getQueryData<Timer>(timeKeys.timer)).toEqual({ timer: null });
  });
});
