import { MEALS_CHANGED_EVENT } from "../../../../domain/meals/meals.js";
import type { AppDeps } from "../../../deps.js";
import { tellMembers } from "../members.js";
import { MealsRepository } from "./repository.js";

export { requireMember } from "../members.js";

export const meals = (deps: AppDeps) => new MealsRepository(deps.database.db);

/** After a write: the group's members with the module on refetch the group's recipes and plan. */
export async function announceMeals(deps: AppDeps, groupId: string): Promise<void> {
  await tellMembers(deps, groupId, MEALS_CHANGED_EVENT);
}
