import { useEffect, useState, useSyncExternalStore } from "react";
import type { QueuedOperation } from "../../domain/offline-queue";
import { queryClient } from "../api/query-client";
import { taskKeys } from "../api/tasks";
import { notify } from "../stores/notifier";
import { isOnline, onConnectivityChange, watchConnectivity } from "./connectivity";
import { keepQueryCacheOffline } from "./persist";
import { restoreDeviceData } from "./device-data";
import { offlineDb } from "./db";
import { flushQueue, isAwaitedHere, onQueueEvent } from "./queue";
import { catchUpGroup } from "../realtime/task-sync";

let started = false;

/**
 * Once per page: watch the connection, send the queue now and whenever the server is back, tell
 * the user about queued changes the server refused (nobody is waiting for those), and reload the
 * task lists once the queue has run empty, so they show exactly what the server holds.
 */
export function startOfflineQueue(): void {
  if (started) return;
  started = true;
  watchConnectivity();
  void flushQueue();
  onConnectivityChange((online) => {
    if (online) void flushQueue();
  });
  onQueueEvent((event) => {
    if (event.outcome === "rejected" && !isAwaitedHere(event.id)) {
      notify.error(`Could not sync "${event.label}"`, {
        id: `queue-${event.id}`,
        description: `${event.message} The change waits on the Offline page.`,
        action: { label: "Review", onClick: () => window.location.assign("/offline") },
      });
    }
    // A change sent from the queue may have done more on the server than its answer shows (a
    // repeating task's completion adds the next one): its group catches up, as an online change's does.
    const groupId = event.outcome === "done" ? answeredTaskGroup(event.body) : null;
    if (groupId) void catchUpGroup(queryClient, groupId);
    if (event.outcome === "drained") void queryClient.invalidateQueries({ queryKey: taskKeys.all });
  });
}

/** The group of the task a queued change was answered with (a task, or a create's `{ task }`). */
function answeredTaskGroup(body: unknown): string | null {
  const task = (body as { task?: unknown } | null)?.task ?? body;
  const groupId = (task as { groupId?: unknown } | null)?.groupId;
  return typeof groupId === "string" && typeof (task as { id?: unknown }).id === "string" ? groupId : null;
}

/**
 * For the signed-in app: the queue runs, and the user's data is restored from and kept in
 * IndexedDB, so the next start shows it at once, with or without network.
 */
export function useOfflineData(userId: string | undefined): void {
  useEffect(() => {
    if (!userId) return;
    startOfflineQueue();
    let stop: (() => void) | undefined;
    let cancelled = false;
    void restoreDeviceData(queryClient, userId)
      .then(() => keepQueryCacheOffline(queryClient, userId))
      .then((unsubscribe) => {
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
}

export function useOnline(): boolean {
  return useSyncExternalStore(onConnectivityChange, isOnline);
}

/** The queue as it is now, live from IndexedDB (every tab's changes show). */
export function useQueuedOperations(): QueuedOperation[] | undefined {
  const [operations, setOperations] = useState<QueuedOperation[]>();
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined;
    let stopped = false;
    void Promise.all([import("dexie"), offlineDb()]).then(([{ liveQuery }, db]) => {
      if (stopped) return;
      // Only Dexie's own calls inside: liveQuery tracks what they read.
      subscription = liveQuery(() => db.operations.orderBy("timestamp").toArray()).subscribe({
        next: setOperations,
        error: () => setOperations([]),
      });
    });
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, []);
  return operations;
}
