import { type Favorites, FAVORITE_MESSAGES, MAX_FAVORITES, reorderedFavorites } from "../../../domain/favorites.js";
import { TASK_MESSAGES } from "../../../domain/task-rules.js";
import type { AppDeps } from "../../deps.js";
import { NotFoundError, ValidationError } from "../../errors.js";
import type { UserRow } from "../../repositories/user-repository.js";
import { inTransaction } from "../../services/transaction.js";
import { tellModuleUsers } from "../live.js";
import { FavoriteRepository } from "./repository.js";

export const FAVORITES_MODULE = "favorites-widget";

export async function listFavorites(deps: AppDeps, user: UserRow): Promise<Favorites> {
  return { taskIds: await new FavoriteRepository(deps.database.db).visibleTaskIds(user.id) };
}

/** The user's other devices refetch their pins. */
async function tellDevices(deps: AppDeps, user: UserRow): Promise<void> {
  await tellModuleUsers(deps, FAVORITES_MODULE, [user.id], "favorites.changed");
}

/**
 * Pins a task the user can see at the end of their favourites; pinning a pinned task again
 * changes nothing (an offline queue may send it twice). One at a time per user, so two tabs
 * cannot pin past the limit together.
 */
export async function pinTask(deps: AppDeps, user: UserRow, taskId: string, now = new Date()): Promise<Favorites> {
  const taskIds = await inTransaction(deps, async (repositories, transaction) => {
    await repositories.users.lock(user.id);
    if (!(await repositories.tasks.findVisible(taskId, user.id))) throw new NotFoundError(TASK_MESSAGES.notFound);
    const favorites = new FavoriteRepository(transaction);
    const pinned = await favorites.allTaskIds(user.id);
    if (!pinned.includes(taskId)) {
      if (pinned.length >= MAX_FAVORITES) throw new ValidationError(FAVORITE_MESSAGES.full);
      await favorites.pin(user.id, taskId, pinned.length, now.toISOString());
    }
    return favorites.visibleTaskIds(user.id);
  });
  await tellDevices(deps, user);
  return { taskIds };
}

/** Unpins the task; unpinning one that is not pinned (or is gone) changes nothing. */
export async function unpinTask(deps: AppDeps, user: UserRow, taskId: string): Promise<Favorites> {
  const taskIds = await inTransaction(deps, async (repositories, transaction) => {
    await repositories.users.lock(user.id);
    const favorites = new FavoriteRepository(transaction);
    await favorites.unpin(user.id, taskId);
    return favorites.visibleTaskIds(user.id);
  });
  await tellDevices(deps, user);
  return { taskIds };
}

/** Puts the pins in the order asked for (domain/favorites.ts says how a stale order applies). */
export async function orderFavorites(deps: AppDeps, user: UserRow, wanted: readonly string[]): Promise<Favorites> {
  const taskIds = await inTransaction(deps, async (repositories, transaction) => {
    await repositories.users.lock(user.id);
    const favorites = new FavoriteRepository(transaction);
    await favorites.setOrder(user.id, reorderedFavorites(await favorites.allTaskIds(user.id), wanted));
    return favorites.visibleTaskIds(user.id);
  });
  await tellDevices(deps, user);
  return { taskIds };
}
