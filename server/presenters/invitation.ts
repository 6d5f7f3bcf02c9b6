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
  const expired = row.status === "pending" && Date.parse(row.expiresAt) <= now.getTime();
  return {
    id: row.id,
    groupId: row.groupId,
    groupName: row.groupName,
    groupType: row.groupType,
    email: sight.address ? row.email : null,
    invitee:
      row.inviteeId !== null && sight.profile
        ? {
            userId: row.inviteeId,
            displayName: row.inviteeName ?? "",
            avatarUrl: avatarUrl({ userId: row.inviteeId, avatarUpdatedAt: row.inviteeAvatarUpdatedAt }),
          }
        : null,
    invitedBy: {
      userId: row.invitedBy,
      displayName: row.inviterName,
      avatarUrl: avatarUrl({ userId: row.invitedBy, avatarUpdatedAt: row.inviterAvatarUpdatedAt }),
    },
    status: expired ? "expired" : row.status,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    respondedAt: row.respondedAt,
  };
}
