import type { QueryClient } from "@tanstack/react-query";
import type { QueuedOperation } from "../../../../domain/offline-queue";

/** This part's data and live events, merged into the module by ../module.ts. */
export const delegationPart: {
  queryRoots: readonly string[];
  onLiveEvent(client: QueryClient, event: string, groupId?: string): void;
  showQueued?(client: QueryClient, operation: QueuedOperation, userId: string): void | Promise<void>;
} = {
  queryRoots: [],
  onLiveEvent() {},
};
