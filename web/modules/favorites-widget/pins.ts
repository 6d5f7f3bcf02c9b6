import { reorderedFavorites } from "../../../domain/favorite-rules";
import type { QueuedRequest } from "../../../domain/offline-queue";

/**
 * The pins as they will be once the server has this write (pin, unpin or order): what the
 * widget shows while it is on its way, or waiting offline.
 */
export function pinsAfter(pins: readonly string[], request: QueuedRequest): string[] {
  const taskId = /^\/api\/favorites\/([^/]+)$/.exec(request.path)?.[1];
  if (taskId !== undefined) {
    const id = decodeURIComponent(taskId);
    if (request.method === "PUT") return pins.includes(id) ? [...pins] : [...pins, id];
    if (request.method === "DELETE") return pins.filter((pin) => pin !== id);
  }
  if (request.path === "/api/favorites" && request.method === "PUT") {
    return reorderedFavorites(pins, (request.body as { taskIds?: string[] } | undefined)?.taskIds ?? []);
  }
  return [...pins];
}
