import type { GroupAbilities, GroupRole } from "../../domain/groups.js";
import type { GroupRecord } from "../repositories/group-repository.js";

/**
 * What a user may do with a group, from their role in it (undefined: not a member, who may do
 * nothing and is told the group does not exist). Members may see the group and leave it; the
 * owner manages it; a personal group can be renamed, never shared, left, handed over or deleted.
 */
export function groupAbilities(group: GroupRecord, role: GroupRole | undefined): GroupAbilities {
  const owner = role === "owner";
  const shared = group.type !== "personal";
  return {
    rename: owner,
    delete: owner && shared,
    invite: owner && shared,
    removeMembers: owner && shared,
    transferOwnership: owner && shared,
    leave: role === "member" && shared,
  };
}

export function maySeeGroup(role: GroupRole | undefined): boolean {
  return role !== undefined;
}
