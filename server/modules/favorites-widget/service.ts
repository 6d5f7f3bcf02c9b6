import { type Favorites, FAVORITE_MESSAGES, MAX_FAVORITES, reorderedFavorites } from "../../../domain/favorites.js";
import { TASK_MESSAGES } from "../../../domain/task-rules.js";
import type { AppDeps } from "../../deps.js";
import { NotFoundError, ValidationError } from "../../errors.js";
import type { Repositories } from "../../repositories/index.js";
import type { User } from "../../repositories/user-repository.js";
import { inTransaction } from "../../services/transaction.js";
import { tellModuleUsers } from "../live.js";
import { FavoriteRepository } from "./repository.js";

export const FAVORITES_MODULE = "favorites-widget";

export async function listFavorites(deps: AppDeps, user: User): Promise<Favorites> {
  return { taskIds: await new FavoriteRepository(deps.database.db).visibleTaskIds(user.id) };
}

/** The user's other devices refetch their pins. */
async function tellDevices(deps: AppDeps, user: User): Promise<void> {
  await tellModuleUsers(deps, FAVORITES_MODULE, [user.id], "favorites.changed");
}

/**
 * Changes the user's pins in one transaction that holds the user's row (two tabs at once are
 * decided one after the other), then tells their devices. Answers with the pins after it.
 */
async function changePins(
  deps: AppDeps,
  user: User,
  change: (favorites: FavoriteRepository, repositories: Repositories) => Promise<void>,
): Promise<Favorites> {
  const taskIds = await inTransaction(deps, async (repositories, transaction) => {
    await repositories.users.lock(user.id);
    const favorites = new FavoriteRepository(transaction);
    await change(favorites, repositories);
    return favorites.visibleTaskIds(user.id);
  });
  await tellDevices(deps, user);
  return { taskIds };
}

/**
 * Pins a task the user can see at the end of their favourites; pinning a pinned task again
 * changes nothing (an offline queue may send it twice), and two tabs cannot pin past the limit.
 */
export function pinTask(deps: AppDeps, user: User, taskId: string, now = new Date()): Promise<Favorites> {
  return changePins(deps, user, async (favorites, repositories) => {
    if (!(await repositories.tasks.findVisible(taskId, user.id))) throw new NotFoundError(TASK_MESSAGES.notFound);
    const pinned = await favorites.allTaskIds(user.id);
    if (pinned.includes(taskId)) return;
    if (pinned.length >= MAX_FAVORITES) throw new ValidationError(FAVORITE_MESSAGES.full);
    await favorites.pin(user.id, taskId, pinned.length, now.toISOString());
  });
}

/** Unpins the task; unpinning one that is not pinned (or is gone) changes nothing. */
export function unpinTask(deps: AppDeps, user: User, taskId: string): Promise<Favorites> {
  return changePins(deps, user, (favorites) => favorites.unpin(user.id, taskId));
}

/** Puts the pins in the order asked for (domain/favorite-rules.ts says how a stale order applies). */
export function orderFavorites(deps: AppDeps, user: User, wanted: readonly string[]): Promise<Favorites> {
  return changePins(deps, user, async (favorites) =>
    favorites.setOrder(user.id, reorderedFavorites(await favorites.allTaskIds(user.id), wanted)),
  );
}
