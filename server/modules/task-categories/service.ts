import type { z } from "zod";
import {
  type Category,
  CATEGORY_MESSAGES,
  categoryIdFromName,
  type createCategorySchema,
  DEFAULT_CATEGORY_IDS,
  isProblematicCategoryId,
  nextCategoryColor,
  type updateCategorySchema,
} from "../../../domain/categories.js";
import { GROUP_MESSAGES } from "../../../domain/group-messages.js";
import type { AppDeps } from "../../deps.js";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../errors.js";
import type { Repositories } from "../../repositories/index.js";
import type { User } from "../../repositories/user-repository.js";
import { tellUsers } from "../../services/live-events.js";
import { announceTaskChanges, mergeChanges } from "../../services/tasks/tasks.js";
import { applyOnce, applyOnceThen } from "../../services/tasks/operations.js";
import { inTransaction } from "../../services/transaction.js";

type CreateCategory = z.infer<typeof createCategorySchema>;
type UpdateCategory = z.infer<typeof updateCategorySchema>;

/** Categories belong to a group: its members see and manage them; others get "Group not found". */
async function requireMember(repositories: Repositories, user: User, groupId: string): Promise<void> {
  if (!(await repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
}

/** Everyone who reads the group's categories hears that they changed. */
async function tellReaders(deps: AppDeps, groupId: string): Promise<void> {
  const [members, sharedWith] = await Promise.all([
    deps.repositories.groups.memberIds(groupId),
    deps.repositories.tasks.membersOfGroupsSharedWith(groupId),
  ]);
  await tellUsers(deps, [...new Set([...members, ...sharedWith])], { type: "categories.changed", groupId });
}

/** The id from the name (lowercase, dashes, "cat-" before digits, "custom" for "unknown"); colour random if none. */
export async function addCategory(
  deps: AppDeps,
  user: User,
  groupId: string,
  input: CreateCategory,
): Promise<Category> {
  const id = categoryIdFromName(input.name);
  if (!id) throw new ValidationError("Give the category a name");
  const created = await applyOnce(deps, user, input.operationId, 201, async (repositories) => {
    await requireMember(repositories, user, groupId);
    if (await repositories.categories.find(groupId, id)) throw new ConflictError(CATEGORY_MESSAGES.exists);
    await repositories.categories.insertIfMissing(
      [
        {
          groupId,
          id,
          name: input.name,
          label: input.name,
          icon: input.icon,
          color:
            input.color ??
            nextCategoryColor((await repositories.categories.listForGroup(groupId)).map((row) => row.color)),
          order: await repositories.categories.nextOrder(groupId),
          ownerId: user.id,
        },
      ],
      new Date().toISOString(),
    );
    return (await repositories.categories.find(groupId, id))!;
  });
  if (!created.replayed) await tellReaders(deps, groupId);
  return created.body;
}

export async function updateCategory(
  deps: AppDeps,
  user: User,
  groupId: string,
  id: string,
  changes: UpdateCategory,
): Promise<Category> {
  const updated = await applyOnce(deps, user, changes.operationId, 200, async (repositories) => {
    await requireMember(repositories, user, groupId);
    if (!(await repositories.categories.find(groupId, id))) throw new NotFoundError(CATEGORY_MESSAGES.notFound);
    await repositories.categories.update(groupId, id, {
      ...(changes.name !== undefined && { name: changes.name, label: changes.name }),
      ...(changes.color !== undefined && { color: changes.color }),
      ...(changes.icon !== undefined && { icon: changes.icon }),
      ...(changes.shared !== undefined && { shared: changes.shared }),
      updatedAt: new Date().toISOString(),
    });
    return (await repositories.categories.find(groupId, id))!;
  });
  if (!updated.replayed) await tellReaders(deps, groupId);
  return updated.body;
}

/** The new order must name every category once, so a stale client cannot hide one. */
export async function reorderCategories(
  deps: AppDeps,
  user: User,
  groupId: string,
  ids: string[],
  operationId?: string,
): Promise<Category[]> {
  const reordered = await applyOnce(deps, user, operationId, 200, async (repositories) => {
    await requireMember(repositories, user, groupId);
    const current = (await repositories.categories.listForGroup(groupId)).map((row) => row.id);
    const wanted = new Set(ids);
    if (wanted.size !== ids.length || wanted.size !== current.length || current.some((id) => !wanted.has(id))) {
      throw new ConflictError("The categories changed meanwhile; reload and reorder again");
    }
    const at = new Date().toISOString();
    for (const [order, id] of ids.entries())
      await repositories.categories.update(groupId, id, { order, updatedAt: at });
    return repositories.categories.listForGroup(groupId);
  });
  if (!reordered.replayed) await tellReaders(deps, groupId);
  return reordered.body;
}

/** Defaults stay ("Cannot delete default category"); a deleted category's tasks move to "other". */
export async function deleteCategory(
  deps: AppDeps,
  user: User,
  groupId: string,
  id: string,
  operationId?: string,
): Promise<{ movedTasks: number }> {
  if ((DEFAULT_CATEGORY_IDS as readonly string[]).includes(id))
    throw new ForbiddenError(CATEGORY_MESSAGES.cannotDeleteDefault);
  const deleted = await applyOnceThen(deps, user, operationId, 200, async (repositories) => {
    await requireMember(repositories, user, groupId);
    if (!(await repositories.categories.find(groupId, id))) throw new NotFoundError(CATEGORY_MESSAGES.notFound);
    const taskIds = await repositories.tasks.idsInCategory(groupId, id);
    const seqs = await moveTasksToOther(repositories, taskIds);
    await repositories.categories.delete(groupId, id);
    return { body: { movedTasks: taskIds.length }, after: seqs };
  });
  if (!deleted.after) return deleted.body;
  await tellReaders(deps, groupId);
  await announceTaskChanges(deps, deleted.after, []);
  return deleted.body;
}

/**
 * Cleanup: categories with a problematic id (numeric, "unknown", "unknown-category",
 * blank; they come from old data) are deleted, and every task of the group whose category is
 * problematic or missing moves to "other". Returns the counts the settings page's toasts say.
 */
export async function cleanUpCategories(
  deps: AppDeps,
  user: User,
  groupId: string,
): Promise<{ migratedTasks: number; removedCategories: number }> {
  const { result, seqs } = await inTransaction(deps, async (repositories) => {
    await requireMember(repositories, user, groupId);
    const categories = await repositories.categories.listForGroup(groupId);
    const problematic = categories.filter((category) => isProblematicCategoryId(category.id));
    const valid = new Set(categories.filter((category) => !isProblematicCategoryId(category.id)).map((row) => row.id));
    const stray = (await repositories.tasks.listOwnOfGroup(groupId)).filter((task) => !valid.has(task.category));
    const changes = await moveTasksToOther(
      repositories,
      stray.map((task) => task.id),
    );
    for (const category of problematic) await repositories.categories.delete(groupId, category.id);
    return { result: { migratedTasks: stray.length, removedCategories: problematic.length }, seqs: changes };
  });
  if (result.removedCategories > 0) await tellReaders(deps, groupId);
  await announceTaskChanges(deps, seqs, []);
  return result;
}

/** Moves tasks to "other" and logs each change; returns each group's newest change number. */
async function moveTasksToOther(repositories: Repositories, taskIds: readonly string[]): Promise<Map<string, number>> {
  const at = new Date().toISOString();
  const newest = new Map<string, number>();
  for (const taskId of taskIds) {
    await repositories.tasks.update(taskId, { category: "other", updatedAt: at });
    mergeChanges(
      newest,
      await repositories.tasks.recordChange(await repositories.tasks.groupsSeeing(taskId), taskId, at),
    );
  }
  return newest;
}
