import type { InvitationRecord } from "../repositories/invitation-repository.js";
import type { User } from "../repositories/user-repository.js";

/**
 * An invitation is the business of its inviter, the group's owner, and the signed-in owner of the
 * address it was sent to, once that address is confirmed: knowing an address is
 * never enough. Everyone else is told it does not exist.
 */
export function isInvitee(user: User, invitation: InvitationRecord): boolean {
  return user.email === invitation.email && user.emailVerified;
}

/** Addressed to the user's email, which they have not confirmed yet: they are told to confirm it. */
export function isUnconfirmedInvitee(user: User, invitation: InvitationRecord): boolean {
  return user.email === invitation.email && !user.emailVerified;
}

export function maySeeInvitation(user: User, invitation: InvitationRecord, groupOwnerId: string): boolean {
  return invitation.invitedBy === user.id || groupOwnerId === user.id || isInvitee(user, invitation);
}

export function mayWithdrawInvitation(user: User, invitation: InvitationRecord, groupOwnerId: string): boolean {
  return invitation.invitedBy === user.id || groupOwnerId === user.id;
}

/**
 * The address an invitation went to. Typed by the inviter, it is no secret to those
 * who see the invitation; taken from the invitee's account (invite-member, by user id), it is
 * one profiles keep from other members (policies/profiles.ts), so only the invitee sees it.
 */
export function maySeeInvitationAddress(user: User, invitation: InvitationRecord): boolean {
  return invitation.inviteeId === null || invitation.inviteeId === user.id || isInvitee(user, invitation);
}
