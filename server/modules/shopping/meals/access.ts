import { GROUP_MESSAGES } from "../../../../domain/group-messages.js";
import { MEALS_CHANGED_EVENT, MEALS_MODULE } from "../../../../domain/meals/meals.js";
import type { AppDeps } from "../../../deps.js";
import { NotFoundError } from "../../../errors.js";
import type { User } from "../../../repositories/user-repository.js";
import { tellModuleUsers } from "../../live.js";
import { MealsRepository } from "./repository.js";

export const meals = (deps: AppDeps) => new MealsRepository(deps.database.db);

/** Every route is for the group's members; anyone else learns nothing, not even that it exists. */
export async function requireMember(deps: AppDeps, user: User, groupId: string): Promise<void> {
  if (!(await deps.repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
}

/** After a write: the group's members with the module on refetch the group's recipes and plan. */
export async function announceMeals(deps: AppDeps, groupId: string): Promise<void> {
  const members = await deps.repositories.groups.memberIds(groupId);
  await tellModuleUsers(deps, MEALS_MODULE, members, MEALS_CHANGED_EVENT, groupId);
}
