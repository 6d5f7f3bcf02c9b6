import { z } from "zod";
import { MAX_FAVORITES } from "./favorite-rules.js";
import { storableText } from "./fields.js";

export { FAVORITE_MESSAGES, MAX_FAVORITES, reorderedFavorites } from "./favorite-rules.js";

/** The favourites widget's API (module favorites-widget): tasks a user pinned to their dashboard. */
const taskId = storableText().min(1).max(100);

/** The user's pinned tasks, first first; only tasks they can still see. */
export const favoritesSchema = z.object({ taskIds: z.array(z.string()) });
export type Favorites = z.infer<typeof favoritesSchema>;

export const favoriteParamsSchema = z.object({ taskId });

/** A new order (reorderedFavorites in domain/favorite-rules.ts says how a stale one applies). */
export const orderFavoritesSchema = z.object({ taskIds: z.array(taskId).max(MAX_FAVORITES) });
