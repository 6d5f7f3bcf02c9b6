import { z } from "zod";
import { storableText } from "./fields.js";

/** The favourites widget (module favorites-widget): tasks a user pinned to their dashboard. */
export const MAX_FAVORITES = 50;

export const FAVORITE_MESSAGES = {
  full: `You can pin up to ${MAX_FAVORITES} tasks. Unpin one first.`,
  pinned: "Pinned to your dashboard",
  unpinned: "Unpinned from your dashboard",
  failed: "Failed to update your favourites",
  loadFailed: "Failed to load your favourites. Please try again later.",
} as const;

const taskId = storableText().min(1).max(100);

/** The user's pinned tasks, first first; only tasks they can still see. */
export const favoritesSchema = z.object({ taskIds: z.array(z.string()) });
export type Favorites = z.infer<typeof favoritesSchema>;

export const favoriteParamsSchema = z.object({ taskId });

/**
 * A new order: these pinned tasks first, in this order. Pins the list leaves out keep their order
 * after them and ids that are not pinned (any more) are skipped, so an order made on a device
 * that missed a pin or an unpin (offline, another tab) still applies.
 */
export const orderFavoritesSchema = z.object({ taskIds: z.array(taskId).max(MAX_FAVORITES) });

/** The order `orderFavoritesSchema` describes, from the pins as they stand. */
export function reorderedFavorites(current: readonly string[], wanted: readonly string[]): string[] {
  const pinned = new Set(current);
  const first = [...new Set(wanted)].filter((id) => pinned.has(id));
  const placed = new Set(first);
  return [...first, ...current.filter((id) => !placed.has(id))];
}
