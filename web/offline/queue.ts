import {
  afterFailure,
  isRejection,
  nextDueTime,
  nextOperation,
  PRIORITY,
  type QueuedOperation,
  type QueuedRequest,
} from "../../domain/offline-queue";
import type { ApiError } from "../../domain/errors";
import { ApiRequestError } from "../api/http";
import { offlineDb } from "./db";
import { type QueueLock, webLock } from "./queue-lock";

/**
 * The offline queue: every task write is stored in IndexedDB first, then sent
 * by whichever tab (or the service worker, on Background Sync) holds the queue's Web Lock, one
 * operation at a time in the order of domain/offline-queue.ts. Each carries an operationId, so
 * the server applies it once however often it arrives: a tab closed mid-send, two tabs replaying,
 * a retry after a lost answer. Runs in pages and in the service worker: no DOM, no React.
 */

export const SYNC_TAG = "tandem-offline-queue";
const CHANNEL_NAME = "tandem-offline-queue";
/** How long `submit` waits for its operation before telling the caller it stays queued. */
const ANSWER_WAIT_MS = 15_000;

export type Settlement =
  | { id: string; outcome: "done"; body: unknown }
  | { id: string; outcome: "rejected"; status: number; code: string; message: string; label: string }
  | { id: string; outcome: "waiting" };

type Listener = (event: Settlement | { outcome: "changed" | "drained" }) => void;

const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL_NAME);
channel?.addEventListener("message", (event: MessageEvent) => emitHere(event.data as Parameters<Listener>[0]));

function emitHere(event: Parameters<Listener>[0]): void {
  for (const listener of listeners) listener(event);
}

/** Tells this context and every other tab (and the service worker's clients) what happened. */
function emit(event: Parameters<Listener>[0]): void {
  emitHere(event);
  channel?.postMessage(event);
}

/** Queue events: an operation settled or changed state, or the queue ran empty. */
export function onQueueEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What a caller says about a write; the queue adds its bookkeeping (time, retries, status). */
export type NewOperation = Pick<
  QueuedOperation,
  "id" | "type" | "entityType" | "entityId" | "groupId" | "label" | "request"
> & { priority?: number };

let lastTimestamp = 0;

/** Stores the operation; a later `flushQueue` sends it. */
export async function enqueue(input: NewOperation): Promise<QueuedOperation> {
  // Strictly increasing: two writes in the same millisecond keep their order.
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  const operation: QueuedOperation = {
    priority: input.type === "create" ? PRIORITY.create : PRIORITY.update,
    ...input,
    timestamp: lastTimestamp,
    retryCount: 0,
    lastRetry: null,
    nextRetryAt: null,
    status: "pending",
    rejected: false,
    errorMessage: null,
  };
  await (await offlineDb()).operations.add(operation);
  emit({ outcome: "changed" });
  return operation;
}

/**
 * Spec: an offline delete of a task whose create has not been sent cancels the create (and every
 * later change of it), so the server never hears of the task. True when that happened.
 */
export async function cancelUnsentTask(taskId: string): Promise<boolean> {
  const db = await offlineDb();
  const cancelled = await db.transaction("rw", db.operations, async () => {
    const operations = await db.operations.where("entityId").equals(taskId).toArray();
    const create = operations.find((operation) => operation.type === "create" && operation.entityType === "task");
    // Once the create is on its way, the server may have the task: it must be deleted there.
    if (!create || create.status === "processing") return false;
    await db.operations.bulkDelete(operations.map((operation) => operation.id));
    return true;
  });
  if (cancelled) emit({ outcome: "changed" });
  return cancelled;
}

/** /offline "Retry": due now, counted afresh. */
export async function retryOperation(id: string): Promise<void> {
  await (await offlineDb()).operations.update(id, { status: "pending", rejected: false, nextRetryAt: null });
  emit({ outcome: "changed" });
  await flushQueue();
}

/** /offline "Discard": the change is dropped; the caller reloads the data it had changed. */
export async function discardOperation(id: string): Promise<void> {
  await (await offlineDb()).operations.delete(id);
  emit({ outcome: "changed" });
}

let lock: QueueLock = webLock;

/** Another lock than Web Locks: the unit tests' tabs share one in the same process. */
export function setQueueLock(next: QueueLock): void {
  lock = next;
}

let flushing: Promise<void> | null = null;
let flushAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends what is due. One sender at a time across tabs and the service worker (Web Locks); a call
 * while this context is already sending makes it look again when done. Never rejects: callers
 * start it and go on (`void flushQueue()`, or racing it against an answer), so a failure of
 * IndexedDB itself (the database closed at sign-out, the browser refusing storage) would be an
 * unhandled rejection. What was stored stays stored, and the next flush tries again.
 */
export function flushQueue(): Promise<void> {
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      flushAgain = false;
      await lock.run(sendDueOperations);
    } while (flushAgain);
  })()
    .catch(() => undefined)
    .finally(() => {
      flushing = null;
    });
  return flushing;
}

function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

async function sendDueOperations(): Promise<void> {
  const { operations: stored } = await offlineDb();
  // We hold the lock, so nobody is sending: "processing" is left over from a closed tab.
  await stored.where("status").equals("processing").modify({ status: "pending" });
  let sent = 0;
  for (;;) {
    if (isOffline()) return;
    const operations = await stored.toArray();
    const operation = nextOperation(operations, Date.now());
    if (!operation) {
      scheduleRetry(nextDueTime(operations));
      if (operations.length === 0 && sent > 0) emit({ outcome: "drained" });
      return;
    }
    await stored.update(operation.id, { status: "processing" });
    const result = await send(operation.request);
    sent += 1;
    if (result.ok) {
      await stored.delete(operation.id);
      emit({ id: operation.id, outcome: "done", body: result.body });
      continue;
    }
    const failed = afterFailure(operation, { rejected: result.rejected, message: result.message }, Date.now());
    await stored.put(failed);
    if (result.rejected) {
      emit({ ...result, id: operation.id, outcome: "rejected", label: operation.label });
      continue;
    }
    // No answer, or the server is struggling: the rest would fare no better now.
    emit({ id: operation.id, outcome: "waiting" });
    scheduleRetry(nextDueTime(await stored.toArray()));
    return;
  }
}

function scheduleRetry(at: number | null): void {
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  retryTimer = undefined;
  if (at === null) return;
  retryTimer = setTimeout(() => void flushQueue(), Math.max(0, at - Date.now()));
}

type SendResult =
  { ok: true; body: unknown } | { ok: false; rejected: boolean; status: number; code: string; message: string };

async function send(request: QueuedRequest): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(request.path, {
      method: request.method,
      credentials: "same-origin",
      headers: request.body === undefined ? {} : { "content-type": "application/json" },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch {
    return { ok: false, rejected: false, status: 0, code: "offline", message: "The server could not be reached." };
  }
  const json: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, body: json };
  const error = (json as ApiError | undefined)?.error;
  return {
    ok: false,
    rejected: isRejection(response.status),
    status: response.status,
    code: error?.code ?? "internal",
    message: error?.message ?? `The server answered ${response.status}.`,
  };
}

export type Submitted<T> = { queued: false; body: T } | { queued: true };

/**
 * Queues a write and, when online, sends it at once: resolves with the server's answer, or with
 * `queued` when it must wait for the network (it is safe on this device and goes later). A
 * refusal by the server rejects with an ApiRequestError; the operation then waits on /offline.
 */
export async function submit<T>(input: NewOperation): Promise<Submitted<T>> {
  awaitedHere.add(input.id);
  try {
    return await submitAndWait<T>(input);
  } finally {
    awaitedHere.delete(input.id);
  }
}

/** Operations a caller in this context is waiting for: it tells the user itself. */
const awaitedHere = new Set<string>();

/** Whether a settlement is someone's in this context to report (see submit). */
export function isAwaitedHere(id: string): boolean {
  return awaitedHere.has(id);
}

async function submitAndWait<T>(input: NewOperation): Promise<Submitted<T>> {
  const settled = new Promise<Settlement | null>((resolve) => {
    const timer = setTimeout(() => finish(null), ANSWER_WAIT_MS);
    const stop = onQueueEvent((event) => {
      if ("id" in event && event.id === input.id) finish(event);
    });
    function finish(event: Settlement | null) {
      clearTimeout(timer);
      stop();
      resolve(event);
    }
  });
  await enqueue(input);
  if (isOffline()) {
    void requestBackgroundSync();
    return { queued: true };
  }
  // The network may go between the check above and the send, which then stops without a word
  // about this operation: it waits in the queue like any change made offline (and a refusal
  // later is the queue's to report, not this caller's, who was told it is saved on the device).
  const wentOffline = flushQueue().then((): Promise<Settlement | "offline" | null> =>
    isOffline() ? Promise.resolve("offline") : settled,
  );
  const event = await Promise.race([settled, wentOffline]);
  if (event === "offline" || !event || event.outcome === "waiting") {
    void requestBackgroundSync();
    return { queued: true };
  }
  if (event.outcome === "rejected") {
    // The caller shows the refusal and puts its screen back; nothing is left to retry.
    await discardOperation(input.id);
    throw new ApiRequestError(event.status, event.code, event.message);
  }
  return { queued: false, body: event.body as T };
}

/** Where the browser has Background Sync, the service worker sends the queue when the network is back, even with the app closed. */
async function requestBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
    const registration = (await navigator.serviceWorker.getRegistration()) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await registration?.sync?.register(SYNC_TAG);
  } catch {
    // Not supported or not allowed: the open app sends the queue when it is back online.
  }
}
