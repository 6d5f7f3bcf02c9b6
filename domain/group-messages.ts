/** Messages of group and invitation calls, word for word as clients expect them. */
export const GROUP_MESSAGES = {
  notFound: "Group not found",
  noAccess: "User does not have access to this group",
  ownerOnly: "Only the group owner can do this",
  personalGroup: "Your personal group is private: it cannot be shared, left or deleted",
  ownerCannotLeave: "Transfer the group to another member before leaving it",
  notAMember: "That person is not a member of this group",
  alreadyOwner: "That person already owns this group",
  alreadyMember: "That person is already a member of this group",
  alreadyInvited: "An invitation to this address is already pending",
  cannotInviteYourself: "You are already a member of this group",
  unknownPerson: "You can invite someone by user only if you share a group with them; invite them by email instead",
  invitationNotFound: "Invitation not found",
  invitationExpired: "This invitation has expired. Ask for a new one.",
  invitationAnswered: "This invitation was already answered",
  confirmEmailFirst: "Confirm your email address first: invitations are matched to a confirmed address",
} as const;
