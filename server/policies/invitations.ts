import type { InvitationRow } from "../repositories/invitation-repository.js";
import type { UserRow } from "../repositories/user-repository.js";

/**
 * An invitation is the business of its inviter, the group's owner, and the signed-in owner of the
 * address it was sent to, once that address is confirmed: knowing an address is
 * never enough. Everyone else is told it does not exist.
 */
export function isInvitee(user: UserRow, invitation: InvitationRow): boolean {
  return user.email === invitation.email && user.email_verified === 1;
}

/** Addressed to the user's email, which they have not confirmed yet: they are told to confirm it. */
export function isUnconfirmedInvitee(user: UserRow, invitation: InvitationRow): boolean {
  return user.email === invitation.email && user.email_verified !== 1;
}

export function maySeeInvitation(user: UserRow, invitation: InvitationRow, groupOwnerId: string): boolean {
  return invitation.invited_by === user.id || groupOwnerId === user.id || isInvitee(user, invitation);
}

export function mayWithdrawInvitation(user: UserRow, invitation: InvitationRow, groupOwnerId: string): boolean {
  return invitation.invited_by === user.id || groupOwnerId === user.id;
}

/**
 * The address an invitation went to. Typed by the inviter, it is no secret to those
 * who see the invitation; taken from the invitee's account (invite-member, by user id), it is
 * one profiles keep from other members (policies/profiles.ts), so only the invitee sees it.
 */
export function maySeeInvitationAddress(user: UserRow, invitation: InvitationRow): boolean {
  return invitation.invitee_id === null || invitation.invitee_id === user.id || isInvitee(user, invitation);
}
