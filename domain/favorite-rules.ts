/**
 * The favourites widget's rules (module favorites-widget), free of zod: the signed-in app's
 * first load imports them (domain/favorites.ts has the API's schemas).
 */
export const MAX_FAVORITES = 50;

export const FAVORITE_MESSAGES = {
  full: `You can pin up to ${MAX_FAVORITES} tasks. Unpin one first.`,
  pinned: "Pinned to your dashboard",
  unpinned: "Unpinned from your dashboard",
  failed: "Failed to update your favourites",
  loadFailed: "Failed to load your favourites. Please try again later.",
} as const;

/**
 * A new order: these pinned tasks first, in this order. Pins the list leaves out keep their order
 * after them and ids that are not pinned (any more) are skipped, so an order made on a device
 * that missed a pin or an unpin (offline, another tab) still applies.
 */
export function reorderedFavorites(current: readonly string[], wanted: readonly string[]): string[] {
  const pinned = new Set(current);
  const first = [...new Set(wanted)].filter((id) => pinned.has(id));
  const placed = new Set(first);
  return [...first, ...current.filter((id) => !placed.has(id))];
}
