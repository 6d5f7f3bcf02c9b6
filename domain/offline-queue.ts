/**
 * The offline queue's rules, free of storage and network so they can be tested
 * with a fake clock. Every write the web app makes becomes a QueuedOperation; the runner
 * (`flushQueue` in web/offline/queue.ts) sends them one at a time in the order `nextOperation` picks.
 */

export type OperationType = "create" | "update" | "delete";
/**
 * "module": a write of a module (web/modules/), whose entityId is the module's id, so its writes
 * go in order; or "<module id>:<key>" for writes that need only be in order per key (messaging's
 * per conversation: a send refused in one conversation holds back no other).
 */
export type EntityType = "task" | "subtask" | "category" | "settings" | "module";

/**
 * pending: waiting to be sent; processing: being sent; failed: sending did not work. A failed one
 * whose `rejected` is false (no answer, or a 5xx/429) is retried after its backoff; one the server
 * refused (`rejected`: 4xx) waits for the user to retry or discard it on /offline. Succeeded
 * operations are removed from the queue at once.
 */
export type OperationStatus = "pending" | "processing" | "failed";

export interface QueuedRequest {
  method: "POST" | "PATCH" | "PUT" | "DELETE";
  /** Same-origin path with query, e.g. /api/tasks/<id>?operationId=… */
  path: string;
  body?: unknown;
}

export interface QueuedOperation {
  /** The operationId the server applies once (sent in the body or query of `request`). */
  id: string;
  type: OperationType;
  entityType: EntityType;
  /**
   * What the operation changes: a task's id for the task and its subtasks. Operations on one
   * entity go strictly in the order they were queued, whatever their priority or failures.
   */
  entityId: string;
  groupId: string;
  /** A short description for /offline, e.g. the task's title. */
  label: string;
  request: QueuedRequest;
  /** When it was queued (ms since epoch). */
  timestamp: number;
  retryCount: number;
  /** When it was last tried (ms since epoch), null before the first try. */
  lastRetry: number | null;
  /** When a failed, not rejected operation is due again (lastRetry + backoff, drawn once per failure). */
  nextRetryAt: number | null;
  priority: number;
  status: OperationStatus;
  rejected: boolean;
  errorMessage: string | null;
}

/** Task create 2; update and delete 1; an offline delete of a task whose create is still queued 2. */
export const PRIORITY = { create: 2, update: 1, delete: 1, deleteQueuedCreate: 2 } as const;

/** 2^retryCount seconds plus up to 1 s random, capped at 5 minutes. */
export const BACKOFF_CAP_MS = 5 * 60_000;

export function backoffMs(retryCount: number, random: () => number = Math.random): number {
  return Math.min(2 ** retryCount * 1000 + random() * 1000, BACKOFF_CAP_MS);
}

/** Connectivity timings. */
export const CONNECTIVITY = { firstCheckMs: 2_000, intervalMs: 30_000, backOnlineDelayMs: 1_000 } as const;

/** What a failed try does to an operation: one more retry, due after the backoff. */
export function afterFailure(
  operation: QueuedOperation,
  failure: { rejected: boolean; message: string },
  now: number,
  random: () => number = Math.random,
): QueuedOperation {
  const retryCount = operation.retryCount + 1;
  return {
    ...operation,
    status: "failed",
    rejected: failure.rejected,
    errorMessage: failure.message,
    retryCount,
    lastRetry: now,
    nextRetryAt: failure.rejected ? null : now + backoffMs(operation.retryCount, random),
  };
}

/** Whether a failed operation may be sent now: never on its own once the server refused it. */
function isDue(operation: QueuedOperation, now: number): boolean {
  return operation.status === "failed" && operation.nextRetryAt !== null && operation.nextRetryAt <= now;
}

/**
 * Pending ones first, then failed ones that are due; higher priority first, then the
 * oldest. An operation waits while an older one on the same entity is still queued: a second
 * edit must not overtake a first one that failed, nor a subtask the create of its task.
 */
export function nextOperation(operations: readonly QueuedOperation[], now: number): QueuedOperation | undefined {
  const byPriorityThenAge = (a: QueuedOperation, b: QueuedOperation) =>
    b.priority - a.priority || a.timestamp - b.timestamp;
  const oldestPerEntity = new Map<string, QueuedOperation>();
  for (const operation of operations) {
    const oldest = oldestPerEntity.get(operation.entityId);
    if (!oldest || operation.timestamp < oldest.timestamp) oldestPerEntity.set(operation.entityId, operation);
  }
  const ready = operations.filter((operation) => oldestPerEntity.get(operation.entityId) === operation);
  const pending = ready.filter((operation) => operation.status === "pending").sort(byPriorityThenAge);
  if (pending.length > 0) return pending[0];
  return ready.filter((operation) => isDue(operation, now)).sort(byPriorityThenAge)[0];
}

/** The soonest time a failed operation becomes due, for the runner's timer; null when none will. */
export function nextDueTime(operations: readonly QueuedOperation[]): number | null {
  let soonest: number | null = null;
  for (const operation of operations) {
    if (operation.status !== "failed" || operation.nextRetryAt === null) continue;
    if (soonest === null || operation.nextRetryAt < soonest) soonest = operation.nextRetryAt;
  }
  return soonest;
}

/**
 * 4xx answers that may change by sending the same request later: the session ended (401: it
 * waits for the user to sign in again), the request timed out (408), too many requests (429).
 */
const RETRYABLE_CLIENT_ERRORS: readonly number[] = [401, 408, 429];

/**
 * A server answer that will not change by sending the same request again (403, 404, 409,
 * 422 and every other 4xx, a 400 for a character no database stores included): the operation
 * fails for good and waits on /offline, with the server's message, for the user to decide. Any
 * other failure (no answer, a 5xx, the 4xx above) is retried after its backoff.
 */
export function isRejection(status: number): boolean {
  return status >= 400 && status < 500 && !RETRYABLE_CLIENT_ERRORS.includes(status);
}
