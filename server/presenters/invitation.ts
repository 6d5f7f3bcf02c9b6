import type { Invitation } from "../../domain/groups.js";
import type { InvitationView } from "../repositories/invitation-repository.js";
import { avatarUrl } from "./profile.js";

/** What the viewer may see of who was invited; the service decides it (policies/invitations.ts, profiles.ts). */
export interface InviteeSight {
  /** The address it went to. */
  address: boolean;
  /** The invited user's name and avatar, for an invitation made by user id. */
  profile: boolean;
}

export function presentInvitation(row: InvitationView, sight: InviteeSight, now = new Date()): Invitation {
  const expired = row.status === "pending" && Date.parse(row.expires_at) <= now.getTime();
  return {
    id: row.id,
    groupId: row.group_id,
    groupName: row.group_name,
    groupType: row.group_type,
    email: sight.address ? row.email : null,
    invitee:
      row.invitee_id !== null && sight.profile
        ? {
            userId: row.invitee_id,
            displayName: row.invitee_name ?? "",
            avatarUrl: avatarUrl({ user_id: row.invitee_id, avatar_updated_at: row.invitee_avatar_updated_at }),
          }
        : null,
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
