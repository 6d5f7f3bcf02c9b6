import type { QueryClient } from "@tanstack/react-query";
import type { QueuedOperation } from "../../../../domain/offline-queue";
import { ASSIGNMENTS_CHANGED, DELEGATION_ROOT } from "./keys";

/**
 * Delegation's data and live events, merged into the module by ../module.ts. Its decisions are
 * never queued offline (they need the others' latest answer), so nothing of it waits in the queue.
 */
export const delegationPart: {
  queryRoots: readonly string[];
  onLiveEvent(client: QueryClient, event: string, groupId?: string): void;
  showQueued?(client: QueryClient, operation: QueuedOperation, userId: string): void | Promise<void>;
} = {
  queryRoots: [DELEGATION_ROOT],
  onLiveEvent(client, event) {
    // A request, an answer, a claim or a switch anywhere in the user's groups: badges, pages and
    // the open editor refetch (only those on screen; the rest when they are next shown).
    if (event === ASSIGNMENTS_CHANGED) void client.invalidateQueries({ queryKey: [DELEGATION_ROOT] });
  },
};
