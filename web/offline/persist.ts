import { dehydrate, type DehydratedState, hydrate, type Query, type QueryClient } from "@tanstack/react-query";
import type { Me } from "../../domain/auth";
import { type GroupTaskList, taskKeys } from "../api/tasks";
import { WEB_MODULES } from "../modules/registry";
import { offlineDb } from "./db";

/** What a cold start without network needs to show the user's lists: nothing about the account's secrets. */
const KEPT_QUERIES = new Set([
  "tasks",
  "categories",
  "groups",
  "settings",
  "profile",
  "invitations",
  // The module switches: an offline start shows the pages and menu of the modules the user has on.
  "modules",
  ...WEB_MODULES.flatMap((module) => module.queryRoots),
]);
const MAX_AGE_MS = 30 * 24 * 60 * 60_000;
/** Writes are gathered for this long: a burst of live updates costs one IndexedDB write. */
const SAVE_DELAY_MS = 500;
const ME_KEY = "me";
/** Bumped when the cached shapes change in a way old entries cannot be read back. */
const CACHE_VERSION = 1;

interface SavedCache {
  version: number;
  savedAt: number;
  state: DehydratedState;
}

const shouldKeep = (query: Query) => query.state.status === "success" && KEPT_QUERIES.has(String(query.queryKey[0]));

const restores = new Map<string, Promise<void>>();

/**
 * Puts the user's last known data into the query cache, once per page and user (anything already
 * fetched is newer and wins). One entry per user: someone else signing in on this browser never
 * sees the first person's tasks. Never rejects: an unreadable entry leaves the cache to the network.
 */
export function restoreQueryCache(queryClient: QueryClient, userId: string): Promise<void> {
  let restore = restores.get(userId);
  if (!restore) {
    restore = readSavedCache(queryClient, userId);
    restores.set(userId, restore);
  }
  return restore;
}

async function readSavedCache(queryClient: QueryClient, userId: string): Promise<void> {
  try {
    const saved = (await (await offlineDb()).cache.get(cacheKey(userId)))?.value as SavedCache | undefined;
    if (saved && saved.version === CACHE_VERSION && Date.now() - saved.savedAt < MAX_AGE_MS) {
      hydrate(queryClient, saved.state);
      keepTasksNotOnServerYet(queryClient, saved.state);
      // Shown at once, but only a start: whatever the server has now replaces it when it can be
      // reached. What was fetched before the restore kept its newer data and needs no refetch.
      const restored = new Set(saved.state.queries.map((query) => query.queryHash));
      void queryClient.invalidateQueries({
        predicate: (query) => restored.has(query.queryHash) && query.state.dataUpdatedAt <= saved.savedAt,
      });
    }
  } catch {
    // Unreadable: the network refills the cache, and the next save replaces the entry.
  }
}

const cacheKey = (userId: string) => `query-client:${userId}`;

/** Bumped by stopKeepingQueryCache: a keeper still restoring when the user signed out never starts. */
let keepingEpoch = 0;
const keepers = new Set<() => void>();
/** IndexedDB writes on their way: sign-out waits for them, so none lands after its clear. */
const writes = new Set<Promise<unknown>>();

/**
 * Sign-out and account deletion, before IndexedDB is emptied: nothing of the user is written back
 * afterwards (a save that was due, a refetch answering after the session ended). Keeping starts
 * again with the next keepQueryCacheOffline, for whoever signs in next.
 */
export async function stopKeepingQueryCache(): Promise<void> {
  keepingEpoch += 1;
  for (const stop of [...keepers]) stop();
  await Promise.allSettled([...writes]);
}

/**
 * Keeps IndexedDB in step with the query cache, after restoring it (restoreQueryCache). Returns
 * the unsubscribe.
 */
export async function keepQueryCacheOffline(queryClient: QueryClient, userId: string): Promise<() => void> {
  const key = cacheKey(userId);
  const epoch = keepingEpoch;
  await restoreQueryCache(queryClient, userId);
  if (epoch !== keepingEpoch) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSavedAt = 0;
  const save = () => {
    timer = undefined;
    lastSavedAt = Date.now();
    const state = dehydrate(queryClient, { shouldDehydrateQuery: shouldKeep });
    // An emptied cache is a sign-out in progress: never write the entry back after it was cleared.
    if (state.queries.length === 0) return;
    const value: SavedCache = { version: CACHE_VERSION, savedAt: lastSavedAt, state };
    const write = offlineDb()
      .then((db) => db.cache.put({ key, value }))
      .catch(() => undefined);
    writes.add(write);
    void write.finally(() => writes.delete(write));
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" && event.type !== "removed") return;
    // Offline, this copy is all there is to start from: every change (the user's own, one at a
    // time) is written at once, with whatever a save still waiting had (a live update that came
    // just before the network went).
    const offline = typeof navigator !== "undefined" && navigator.onLine === false;
    if (offline) {
      if (timer !== undefined) clearTimeout(timer);
      save();
      return;
    }
    // Online, a change after a quiet spell is written at once (a reload right after it starts
    // from it); a burst of live updates after that is written once, when the delay is over.
    if (timer !== undefined) return;
    if (Date.now() - lastSavedAt >= SAVE_DELAY_MS) save();
    else timer = setTimeout(save, SAVE_DELAY_MS);
  });
  // What the cache holds now is kept too: the data the page came with and whatever was fetched
  // before keeping started would otherwise wait for a later change that may never come (a page
  // opened, read and left), and the next start without network would find none of it.
  save();
  // Leaving or reloading the page within the delay must not lose the last change: write it now.
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  const onHidden = () => {
    if (document.visibilityState === "hidden") flush();
  };
  const hasDocument = typeof document !== "undefined";
  if (hasDocument) {
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onHidden);
  }
  const stop = () => {
    keepers.delete(stop);
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (hasDocument) {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onHidden);
    }
  };
  keepers.add(stop);
  return stop;
}

/**
 * Tasks added on this device that the server does not have yet (queued offline, or an add whose
 * answer never came) stay in their lists even where a newer list replaced the saved one (the data
 * a page came with, web/api/initial-data.ts): they would vanish until the queue has run. The list
 * refetches keep them the same way (web/hooks/use-tasks.ts).
 */
function keepTasksNotOnServerYet(queryClient: QueryClient, state: DehydratedState): void {
  for (const query of state.queries) {
    const [scope, kind] = query.queryKey;
    if (scope !== taskKeys.all[0] || kind !== taskKeys.groups[1]) continue;
    const pending = (query.state.data as GroupTaskList | undefined)?.tasks.filter(
      (task) => task.offline || task.unsaved,
    );
    if (!pending?.length) continue;
    queryClient.setQueryData<GroupTaskList>(query.queryKey, (current) => {
      if (!current) return current;
      const listed = new Set(current.tasks.map((task) => task.id));
      const missing = pending.filter((task) => !listed.has(task.id));
      return missing.length ? { ...current, tasks: [...current.tasks, ...missing] } : current;
    });
  }
}

/** The signed-in account as last seen, for a start without network. */
export async function rememberMe(me: Me | null): Promise<void> {
  const { cache } = await offlineDb();
  if (me) await cache.put({ key: ME_KEY, value: me });
  else await cache.delete(ME_KEY);
}

export async function lastKnownMe(): Promise<Me | null> {
  try {
    return ((await (await offlineDb()).cache.get(ME_KEY))?.value as Me | undefined) ?? null;
  } catch {
    return null;
  }
}
