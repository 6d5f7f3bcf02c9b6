import type { Group, GroupRole } from "../../domain/groups.js";
import { groupAbilities } from "../policies/groups.js";
import type { GroupRow, MemberRow } from "../repositories/group-repository.js";
import { avatarUrl } from "./profile.js";

export function presentGroup(group: GroupRow, members: readonly MemberRow[], viewerRole: GroupRole | undefined): Group {
  return {
    id: group.id,
    name: group.name,
    type: group.type,
    owner_id: group.owner_id,
    isPersonal: group.type === "personal",
    members: members.map((member) => ({
      userId: member.user_id,
      displayName: member.display_name,
      avatarUrl: avatarUrl({ user_id: member.user_id, avatar_updated_at: member.avatar_updated_at }),
      role: member.role,
      joinedAt: member.joined_at,
    })),
    createdAt: group.created_at,
    updatedAt: group.updated_at,
    abilities: groupAbilities(group, viewerRole),
  };
}
