import type { Invitation } from "../../domain/groups.js";
import type { InvitationView } from "../repositories/invitation-repository.js";
import { avatarUrl } from "./profile.js";

export function presentInvitation(row: InvitationView, now = new Date()): Invitation {
  const expired = row.status === "pending" && Date.parse(row.expires_at) <= now.getTime();
  return {
    id: row.id,
    groupId: row.group_id,
    groupName: row.group_name,
    groupType: row.group_type,
    email: row.email,
    invitedBy: {
      userId: row.invited_by,
      displayName: row.inviter_name,
      avatarUrl: avatarUrl({ user_id: row.invited_by, avatar_updated_at: row.inviter_avatar_updated_at }),
    },
    status: expired ? "expired" : row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    respondedAt: row.responded_at,
  };
}
