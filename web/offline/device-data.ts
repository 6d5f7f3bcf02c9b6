import type { QueryClient } from "@tanstack/react-query";
import { showQueuedSettingsWrite } from "../hooks/use-settings";
import { showQueuedTaskWrite } from "../scenes/tasks/task-actions";
import { WEB_MODULES } from "../modules/registry";
import { offlineDb } from "./db";
import { restoreQueryCache } from "./persist";

const restores = new Map<string, Promise<void>>();

/**
 * The user's data as this device holds it, put in the query cache once per page: the copy kept
 * in IndexedDB (persist.ts), then every change still waiting in the offline queue on top, as the
 * user saw it when making it. Neither the kept copy nor the server's answer need have those
 * changes: another tab may have saved the copy after them, and the server has not heard of them.
 * A change the server refused is not shown: it waits on /offline. Never rejects.
 */
export function restoreDeviceData(client: QueryClient, userId: string): Promise<void> {
  let restore = restores.get(userId);
  if (!restore) {
    restore = (async () => {
      await restoreQueryCache(client, userId);
      await showQueuedChanges(client, userId);
    })();
    restores.set(userId, restore);
  }
  return restore;
}

async function showQueuedChanges(client: QueryClient, userId: string): Promise<void> {
  try {
    const operations = await (await offlineDb()).operations.orderBy("timestamp").toArray();
    for (const operation of operations) {
      if (operation.rejected) continue;
      switch (operation.entityType) {
        case "task":
        case "subtask":
          showQueuedTaskWrite(client, operation, userId);
          break;
        case "settings":
          showQueuedSettingsWrite(client, operation);
          break;
        case "category":
        case "module": {
          const owner = WEB_MODULES.find((module) =>
            operation.entityType === "module"
              ? operation.entityId === module.id || operation.entityId.startsWith(`${module.id}:`)
              : module.offlineEntities?.includes(operation.entityType),
          );
          await owner?.showQueued?.(client, operation, userId);
          break;
        }
      }
    }
  } catch {
    // The queue could not be read: the lists show what the cache has; the queue still sends.
  }
}
