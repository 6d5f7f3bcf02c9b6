import { describe, expect, it } from "vitest";
import {
  afterFailure,
  BACKOFF_CAP_MS,
  backoffMs,
  isRejection,
  nextDueTime,
  nextOperation,
  PRIORITY,
  type QueuedOperation,
} from "./offline-queue";

let counter = 0;
function operation(fields: Partial<QueuedOperation> = {}): QueuedOperation {
  counter += 1;
  return {
    id: `op-${counter}`,
    type: "update",
    entityType: "task",
    entityId: `task-${counter}`,
    groupId: "g",
    label: `Task ${counter}`,
    request: { method: "PATCH", path: `/api/tasks/task-${counter}` },
    timestamp: 1_000 + counter,
    retryCount: 0,
    lastRetry: null,
    nextRetryAt: null,
    priority: PRIORITY.update,
    status: "pending",
    rejected: false,
    errorMessage: null,
    ...fields,
  };
}

describe("backoff", () => {
  it("is 2^retryCount seconds plus up to one random second", () => {
    expect(backoffMs(0, () => 0)).toBe(1_000);
    expect(backoffMs(1, () => 0)).toBe(2_000);
    expect(backoffMs(3, () => 0.5)).toBe(8_500);
    expect(backoffMs(4, () => 0.999)).toBeCloseTo(16_999);
  });

  it("never waits more than 5 minutes", () => {
    expect(backoffMs(8, () => 0)).toBe(256_000);
    expect(backoffMs(9, () => 0)).toBe(BACKOFF_CAP_MS);
    expect(backoffMs(30, () => 0.9)).toBe(BACKOFF_CAP_MS);
  });
});

describe("choosing the next operation", () => {
  it("takes pending ones first, higher priority first, then the oldest", () => {
    const oldUpdate = operation({ timestamp: 1 });
    const newCreate = operation({ type: "create", priority: PRIORITY.create, timestamp: 5 });
    const oldCreate = operation({ type: "create", priority: PRIORITY.create, timestamp: 3 });
    expect(nextOperation([oldUpdate, newCreate, oldCreate], 10)?.id).toBe(oldCreate.id);
    expect(nextOperation([oldUpdate, newCreate], 10)?.id).toBe(newCreate.id);
    expect(nextOperation([oldUpdate], 10)?.id).toBe(oldUpdate.id);
  });

  it("retries a failed one only once its backoff has passed, after every pending one", () => {
    const now = 100_000;
    const failed = afterFailure(
      operation({ priority: PRIORITY.create }),
      { rejected: false, message: "offline" },
      now,
      () => 0,
    );
    expect(failed).toMatchObject({ status: "failed", retryCount: 1, lastRetry: now, nextRetryAt: now + 1_000 });
    const pending = operation();
    expect(nextOperation([failed, pending], now + 5_000)?.id).toBe(pending.id);
    expect(nextOperation([failed], now + 999)).toBeUndefined();
    expect(nextDueTime([failed, pending])).toBe(now + 1_000);
    expect(nextOperation([failed], now + 1_000)?.id).toBe(failed.id);

    // The second failure waits 2 s, the third 4 s.
    const again = afterFailure(failed, { rejected: false, message: "offline" }, now + 1_000, () => 0);
    expect(again.nextRetryAt).toBe(now + 3_000);
    expect(afterFailure(again, { rejected: false, message: "offline" }, now + 3_000, () => 0).nextRetryAt).toBe(
      now + 7_000,
    );
  });

  it("never retries on its own what the server refused", () => {
    const refused = afterFailure(operation(), { rejected: true, message: "Cannot delete locked tasks" }, 0);
    expect(refused).toMatchObject({ status: "failed", rejected: true, nextRetryAt: null });
    expect(refused.errorMessage).toBe("Cannot delete locked tasks");
    expect(nextOperation([refused], Number.MAX_SAFE_INTEGER)).toBeUndefined();
    expect(nextDueTime([refused])).toBeNull();
  });

  it("keeps the operations on one task in the order they were made, whatever their priority", () => {
    const firstEdit = afterFailure(
      operation({ entityId: "t", timestamp: 1 }),
      { rejected: false, message: "" },
      10,
      () => 0,
    );
    const secondEdit = operation({ entityId: "t", timestamp: 2 });
    const otherTask = operation({ entityId: "u", timestamp: 3 });
    // The second edit waits behind the failed first one; other tasks go on.
    expect(nextOperation([firstEdit, secondEdit, otherTask], 10)?.id).toBe(otherTask.id);
    expect(nextOperation([firstEdit, secondEdit], 10)).toBeUndefined();
    expect(nextOperation([firstEdit, secondEdit], 1_010)?.id).toBe(firstEdit.id);
    // A subtask added to a task that is still being created waits for the create.
    const create = operation({
      entityId: "n",
      type: "create",
      priority: PRIORITY.create,
      timestamp: 4,
      status: "processing",
    });
    const subtask = operation({ entityId: "n", entityType: "subtask", type: "create", timestamp: 5 });
    expect(nextOperation([create, subtask], 10)).toBeUndefined();
  });
});

describe("which answers are final", () => {
  it("treats every 4xx as a refusal but a signed-out session, a timeout and a rate limit, and never a 5xx", () => {
    const retried = [401, 408, 429];
    for (let status = 400; status < 500; status += 1)
      expect(isRejection(status), `${status}`).toBe(!retried.includes(status));
    for (const status of [0, 200, 204, 304, 500, 502, 503, 504]) expect(isRejection(status), `${status}`).toBe(false);
  });

  it("keeps a refused operation for the user with the server's message, and never sends it again on its own", () => {
    // A title with a NUL: PostgreSQL cannot store it, the server answers 400 naming the field.
    const message = "body.title: Contains a character that cannot be stored (U+0000)";
    const refused = afterFailure(operation(), { rejected: isRejection(400), message }, 1_000);
    expect(refused).toMatchObject({ status: "failed", rejected: true, errorMessage: message, nextRetryAt: null });
    for (const later of [1_000, 60_000, 24 * 3_600_000]) expect(nextOperation([refused], later)).toBeUndefined();
    expect(nextDueTime([refused])).toBeNull();
    // A rate limit, by contrast, is tried again after the backoff.
    const limited = afterFailure(
      operation(),
      { rejected: isRejection(429), message: "Too many requests" },
      1_000,
      () => 0,
    );
    expect(nextOperation([limited], 1_000 + backoffMs(0, () => 0))?.id).toBe(limited.id);
  });
});
