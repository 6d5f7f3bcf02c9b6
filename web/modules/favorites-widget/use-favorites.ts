import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { FAVORITE_MESSAGES } from "../../../domain/favorite-rules";
import type { Favorites } from "../../../domain/favorites";
import type { QueuedRequest } from "../../../domain/offline-queue";
import { errorMessage } from "../../api/http";
import { newOperationId } from "../../api/tasks";
import { useMe } from "../../hooks/use-me";
import { submit } from "../../offline/queue";
import { notify } from "../../stores/notifier";
import { favoriteKeys, favoritePath, FAVORITES_MODULE, getFavorites } from "./api";
import { pinsAfter } from "./pins";

/** The signed-in user's pinned task ids, first first (kept on the device for an offline start). */
export function useFavorites() {
  const me = useMe();
  return useQuery({ queryKey: favoriteKeys.all, queryFn: getFavorites, enabled: Boolean(me) });
}

/**
 * Changes the pins at once on this device and sends the change through the offline queue: the
 * server's answer replaces them (a refetch that read them earlier never does), a refusal puts them back with a toast, and without network the
 * change waits (every device gets it once it is sent).
 */
export async function changeFavorites(
  client: QueryClient,
  request: QueuedRequest,
  label: string,
  success?: string,
): Promise<boolean> {
  // A refetch already on its way (a live echo of an earlier change) read the pins before this one:
  // landing after it, it would show them as they were. Dropped here, and again before the answer.
  await client.cancelQueries({ queryKey: favoriteKeys.all });
  const before = client.getQueryData<Favorites>(favoriteKeys.all);
  client.setQueryData<Favorites>(favoriteKeys.all, { taskIds: pinsAfter(before?.taskIds ?? [], request) });
  const operationId = newOperationId();
  try {
    const result = await submit<Favorites>({
      id: operationId,
      type: request.method === "DELETE" ? "delete" : "update",
      entityType: "module",
      // One entity: the user's pin changes reach the server in the order they were made.
      entityId: FAVORITES_MODULE,
      groupId: "",
      label,
      request,
    });
    if (result.queued) notify.info("Saved on this device - will sync when online", { id: "saved-offline" });
    else {
      await client.cancelQueries({ queryKey: favoriteKeys.all });
      client.setQueryData(favoriteKeys.all, result.body);
      if (success) notify.success(success);
    }
    return true;
  } catch (error) {
    client.setQueryData(favoriteKeys.all, before);
    notify.error(FAVORITE_MESSAGES.failed, { description: errorMessage(error) });
    return false;
  }
}

export const pinTask = (client: QueryClient, taskId: string, title: string) =>
  changeFavorites(client, { method: "PUT", path: favoritePath(taskId) }, `Pin "${title}"`, FAVORITE_MESSAGES.pinned);

export const unpinTask = (client: QueryClient, taskId: string, title: string) =>
  changeFavorites(
    client,
    { method: "DELETE", path: favoritePath(taskId) },
    `Unpin "${title}"`,
    FAVORITE_MESSAGES.unpinned,
  );

export const orderFavorites = (client: QueryClient, taskIds: readonly string[]) =>
  changeFavorites(client, { method: "PUT", path: "/api/favorites", body: { taskIds } }, "Order favourites");

/** Whether the task is pinned, and a toggle. */
export function usePin(taskId: string, title: string) {
  const client = useQueryClient();
  const { data } = useFavorites();
  const pinned = data?.taskIds.includes(taskId) ?? false;
  return {
    pinned,
    toggle: () => (pinned ? unpinTask(client, taskId, title) : pinTask(client, taskId, title)),
  };
}
