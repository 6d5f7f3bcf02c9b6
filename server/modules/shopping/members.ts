import { GROUP_MESSAGES } from "../../../domain/group-messages.js";
import { SHOPPING_MODULE } from "../../../domain/shopping/list.js";
import type { AppDeps } from "../../deps.js";
import { NotFoundError } from "../../errors.js";
import type { User } from "../../repositories/user-repository.js";
import { tellModuleUsers } from "../live.js";

/** Every route of the module is for the group's members; anyone else learns nothing, not even that it exists. */
export async function requireMember(deps: AppDeps, user: User, groupId: string): Promise<void> {
  if (!(await deps.repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
}

/** After a write: the group's members with the module on hear `event` and refetch. */
export async function tellMembers(deps: AppDeps, groupId: string, event: string): Promise<void> {
  const members = await deps.repositories.groups.memberIds(groupId);
  await tellModuleUsers(deps, SHOPPING_MODULE, members, event, groupId);
}
