import type { Group, GroupRole } from "../../domain/groups.js";
import { groupAbilities } from "../policies/groups.js";
import type { GroupRecord, GroupMember } from "../repositories/group-repository.js";
import { avatarUrl } from "./profile.js";

export function presentGroup(
  group: GroupRecord,
  members: readonly GroupMember[],
  viewerRole: GroupRole | undefined,
): Group {
  return {
    id: group.id,
    name: group.name,
    type: group.type,
    owner_id: group.ownerId,
    isPersonal: group.type === "personal",
    members: members.map((member) => ({
      userId: member.userId,
      displayName: member.displayName,
      avatarUrl: avatarUrl(member),
      role: member.role,
      joinedAt: member.joinedAt,
    })),
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
    abilities: groupAbilities(group, viewerRole),
  };
}
