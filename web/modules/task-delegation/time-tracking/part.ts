import type { QueryClient } from "@tanstack/react-query";
import type { QueuedOperation } from "../../../../domain/offline-queue";
import { timeKeys } from "./keys";

/** This part's data and live events, merged into the module by ../module.ts. */
export const timeTrackingPart: {
  queryRoots: readonly string[];
  onLiveEvent(client: QueryClient, event: string, groupId?: string): void;
  showQueued?(client: QueryClient, operation: QueuedOperation, userId: string): void | Promise<void>;
} = {
  queryRoots: [timeKeys.all[0]],
  // Another device started or stopped a timer, or changed an entry or an estimate.
  onLiveEvent(client, event) {
    if (event === "time.changed") void client.invalidateQueries({ queryKey: timeKeys.all });
  },
  // Loaded only for a device with a timer write queued: this file loads with every page.
  async showQueued(client, operation, userId) {
    const { showQueuedTimer } = await import("./queued");
    showQueuedTimer(client, operation, userId);
  },
};
