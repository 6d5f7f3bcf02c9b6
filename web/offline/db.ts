import Dexie, { type EntityTable } from "dexie";
import type { QueuedOperation } from "../../domain/offline-queue";

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
class OfflineDatabase extends Dexie {
  operations!: EntityTable<QueuedOperation, "id">;
  cache!: EntityTable<CacheEntry, "key">;

  constructor() {
    super("tandem");
    this.version(1).stores({
      operations: "id, status, entityId, timestamp",
      cache: "key",
    });
  }
}

export const offlineDb = new OfflineDatabase();

/** Sign-out and account deletion: nothing of this user stays in the browser. */
export async function clearOfflineData(): Promise<void> {
  await offlineDb.transaction("rw", offlineDb.operations, offlineDb.cache, async () => {
    await offlineDb.operations.clear();
    await offlineDb.cache.clear();
  });
}
