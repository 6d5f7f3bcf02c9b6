import type { Dexie, EntityTable } from "dexie";
import type { QueuedOperation } from "../../domain/offline-queue";
import { loadDexie } from "./load-dexie";

/** One stored value of the query cache (web/offline/persist.ts): the signed-in user's data. */
export interface CacheEntry {
  key: string;
  value: unknown;
}

/**
 * The app's IndexedDB database. `operations` is the offline queue; `cache` keeps the last known
 * groups, tasks, categories, settings and account, so a cold start without network shows them at
 * once. Both are emptied at sign-out (clearOfflineData).
 */
export type OfflineDatabase = Dexie & {
  operations: EntityTable<QueuedOperation, "id">;
  cache: EntityTable<CacheEntry, "key">;
};

let opening: Promise<OfflineDatabase> | undefined;

/**
 * The database, opened on first use. Dexie (about 30 kB) loads after the page's first render
 * instead of before it: the list on screen never waits for it, and nothing reads the database
 * before then (a signed-in page comes with its data; a start without network reads it once the
 * layout is up).
 */
export function offlineDb(): Promise<OfflineDatabase> {
  opening ??= loadDexie().then(
    ({ Dexie }) => {
      const db = new Dexie("tandem") as OfflineDatabase;
      db.version(1).stores({
        operations: "id, status, entityId, timestamp",
        cache: "key",
      });
      return db;
    },
    (error: unknown) => {
      // The code could not be loaded (a new version was deployed, the network dropped): the
      // next use tries again instead of every later change failing for the page's lifetime.
      opening = undefined;
      throw error;
    },
  );
  return opening;
}

/** Sign-out and account deletion: nothing of this user stays in the browser. */
export async function clearOfflineData(): Promise<void> {
  const db = await offlineDb();
  await db.transaction("rw", db.operations, db.cache, async () => {
    await db.operations.clear();
    await db.cache.clear();
  });
}
