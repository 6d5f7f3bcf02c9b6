import type { Category } from "../../../domain/categories.js";
import { GROUP_MESSAGES } from "../../../domain/group-messages.js";
import type { AppDeps } from "../../deps.js";
import { NotFoundError } from "../../errors.js";
import type { Repositories } from "../../repositories/index.js";
import type { User } from "../../repositories/user-repository.js";

/**
 * Reading a group's categories is part of the task manager (every task has one, and the task
 * list shows them); managing them is the task-categories module (server/modules/task-categories/).
 */

/**
 * The members of a group that one of this group's tasks is shared with may read its categories
 * too: they see that task and may change its category, which can only be one of these
 * (docs/decisions.md, "Categories of a shared task").
 */
async function requireReader(repositories: Repositories, user: User, groupId: string): Promise<void> {
  if (await repositories.groups.memberRole(groupId, user.id)) return;
  if (!(await repositories.tasks.sharesWithGroupsOf(groupId, user.id)))
    throw new NotFoundError(GROUP_MESSAGES.notFound);
}

export async function listCategories(deps: AppDeps, user: User, groupId: string): Promise<Category[]> {
  await requireReader(deps.repositories, user, groupId);
  return deps.repositories.categories.listForGroup(groupId);
}
