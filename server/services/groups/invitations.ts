import { GROUP_MESSAGES } from "../../../domain/group-messages.js";
import type { CreateInvitation, Invitation, InvitationLists } from "../../../domain/groups.js";
import type { AppDeps } from "../../deps.js";
import { ConflictError, ForbiddenError, GoneError, NotFoundError } from "../../errors.js";
import {
  isInvitee,
  isUnconfirmedInvitee,
  maySeeInvitation,
  maySeeInvitationAddress,
  mayWithdrawInvitation,
} from "../../policies/invitations.js";
import { maySeeProfile } from "../../policies/profiles.js";
import { presentInvitation } from "../../presenters/invitation.js";
import type { InvitationRecord, InvitationView } from "../../repositories/invitation-repository.js";
import type { User } from "../../repositories/user-repository.js";
import { accessGroup } from "./groups.js";
import { notifyInvitationAnswered, notifyInvitationSent } from "../notifications/event-notifications.js";
import { invitationMail } from "./invitation-mail.js";
import { tellUsers } from "../live-events.js";
import { randomToken } from "../tokens.js";
import { inTransaction } from "../transaction.js";

/** Answered invitations stay in the lists this long, so "accepted" and "declined" can be seen. */
const ANSWERED_VISIBLE_MS = 30 * 24 * 3600_000;

/**
 * spec invite-by-email and invite-member: one pending invitation per address and group, with an
 * unguessable id, an expiry, and an email with a link to /invitations.
 */
export async function invite(deps: AppDeps, user: User, groupId: string, input: CreateInvitation): Promise<Invitation> {
  const access = await accessGroup(deps, user, groupId);
  if (!access.abilities.invite) {
    throw new ForbiddenError(
      access.group.type === "personal" ? GROUP_MESSAGES.personalGroup : GROUP_MESSAGES.ownerOnly,
    );
  }
  const inviteeId = "userId" in input ? input.userId : null;
  const email = "email" in input ? input.email : await emailOfAcquaintance(deps, user, input.userId);
  const members = await deps.repositories.groups.membersWithEmail(groupId);
  if (members.some((member) => member.email === email)) {
    throw new ConflictError(email === user.email ? GROUP_MESSAGES.cannotInviteYourself : GROUP_MESSAGES.alreadyMember);
  }

  const now = new Date();
  const id = randomToken();
  await deps.repositories.invitations.deleteExpiredPending(groupId, email, now.toISOString());
  const inserted = await deps.repositories.invitations.insert({
    id,
    groupId: groupId,
    email,
    invitedBy: user.id,
    inviteeId: inviteeId,
    status: "pending",
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + deps.config.invitationTtlMs).toISOString(),
    respondedAt: null,
  });
  if (!inserted) throw new ConflictError(GROUP_MESSAGES.alreadyInvited);

  const view = (await deps.repositories.invitations.findView(id))!;
  deps.mailer.sendInBackground(invitationMail(deps.config, view, await invitationLocale(deps, email, user.id)));
  await tellAboutInvitation(deps, view);
  await notifyInvitationSent(deps, view);
  return (await presentInvitations(deps, user, [view]))[0]!;
}

/** The language the invitation email writes its time in: the addressee's, else the inviter's. */
async function invitationLocale(deps: AppDeps, email: string, inviterId: string): Promise<string | null> {
  const [invitee] = await deps.repositories.users.findVerifiedByEmail(email);
  const addressee = invitee ? await deps.repositories.profiles.find(invitee.id) : undefined;
  return addressee?.locale ?? (await deps.repositories.profiles.find(inviterId))?.locale ?? null;
}

/** invite-member names a user; only someone the inviter already shares a group with (no address lookup for strangers). */
async function emailOfAcquaintance(deps: AppDeps, user: User, userId: string): Promise<string> {
  const shared = userId !== user.id && (await deps.repositories.groups.shareAGroup(user.id, userId));
  const email = shared ? (await deps.repositories.users.findById(userId))?.email : undefined;
  if (!email) throw new NotFoundError(GROUP_MESSAGES.unknownPerson);
  return email;
}

export async function listInvitations(deps: AppDeps, user: User): Promise<InvitationLists> {
  const since = new Date(Date.now() - ANSWERED_VISIBLE_MS).toISOString();
  const { invitations } = deps.repositories;
  const [received, sent] = await Promise.all([
    user.email && user.emailVerified ? invitations.listReceived(user.email, since) : Promise.resolve([]),
    invitations.listSent(user.id, since),
  ]);
  return {
    received: await presentInvitations(deps, user, received),
    sent: await presentInvitations(deps, user, sent),
  };
}

/** Pending invitations of one group, for its members. */
export async function listGroupInvitations(deps: AppDeps, user: User, groupId: string): Promise<Invitation[]> {
  await accessGroup(deps, user, groupId);
  return presentInvitations(deps, user, await deps.repositories.invitations.listPendingForGroup(groupId));
}

/**
 * Invitations as this caller may see them: the address of one made by user id only
 * to its invitee, that user's name and avatar only to those who may see their profile. One
 * query for any number of invitations.
 */
async function presentInvitations(deps: AppDeps, user: User, rows: readonly InvitationView[]): Promise<Invitation[]> {
  const invitees = rows.flatMap((row) => (row.inviteeId !== null && row.inviteeId !== user.id ? [row.inviteeId] : []));
  const sharing = await deps.repositories.groups.sharingAGroupWith(user.id, invitees);
  return rows.map((row) =>
    presentInvitation(row, {
      address: maySeeInvitationAddress(user, row),
      profile: row.inviteeId !== null && maySeeProfile(user.id, row.inviteeId, sharing.has(row.inviteeId)),
    }),
  );
}

/** The invitation if the caller has business with it, else "Invitation not found", like a missing one. */
async function visibleInvitation(
  deps: AppDeps,
  user: User,
  id: string,
): Promise<{ invitation: InvitationRecord; ownerId: string }> {
  const invitation = await deps.repositories.invitations.findById(id);
  const group = invitation ? await deps.repositories.groups.findById(invitation.groupId) : undefined;
  if (!invitation || !group) throw new NotFoundError(GROUP_MESSAGES.invitationNotFound);
  if (isUnconfirmedInvitee(user, invitation)) throw new ForbiddenError(GROUP_MESSAGES.confirmEmailFirst);
  if (!maySeeInvitation(user, invitation, group.ownerId)) throw new NotFoundError(GROUP_MESSAGES.invitationNotFound);
  return { invitation, ownerId: group.ownerId };
}

/** Why an invitation could not be answered: it was answered before, or it expired. */
function notPending(invitation: InvitationRecord, now: Date): Error {
  if (invitation.status !== "pending") return new ConflictError(GROUP_MESSAGES.invitationAnswered);
  if (Date.parse(invitation.expiresAt) <= now.getTime()) return new GoneError(GROUP_MESSAGES.invitationExpired);
  return new ConflictError(GROUP_MESSAGES.invitationAnswered);
}

/**
 * spec respond-to-invite: only the invitee. Accepting marks the invitation and adds the member
 * in one transaction; a second answer, or an answer after expiry, changes nothing.
 */
export async function respondToInvitation(deps: AppDeps, user: User, id: string, accept: boolean): Promise<Invitation> {
  const { invitation } = await visibleInvitation(deps, user, id);
  if (!isInvitee(user, invitation)) throw new NotFoundError(GROUP_MESSAGES.invitationNotFound);
  const now = new Date();
  const at = now.toISOString();
  const answered = await inTransaction(deps, async ({ invitations, groups }) => {
    if (!(await invitations.answer(id, accept ? "accepted" : "declined", at))) return false;
    if (accept) {
      await groups.addMemberIfMissing(invitation.groupId, user.id, "member", at);
      await groups.touch(invitation.groupId, at);
    }
    return true;
  });
  if (!answered) throw notPending((await deps.repositories.invitations.findById(id)) ?? invitation, now);

  const view = (await deps.repositories.invitations.findView(id))!;
  await tellAboutInvitation(deps, view);
  await notifyInvitationAnswered(deps, user, view, accept);
  if (accept) {
    const memberIds = await deps.repositories.groups.memberIds(invitation.groupId);
    await tellUsers(deps, memberIds, { type: "group.changed", groupId: invitation.groupId });
  }
  return (await presentInvitations(deps, user, [view]))[0]!;
}

/** spec DELETE invitation: the inviter or the group's owner withdraws a pending invitation. */
export async function withdrawInvitation(deps: AppDeps, user: User, id: string): Promise<void> {
  const { invitation, ownerId } = await visibleInvitation(deps, user, id);
  if (!mayWithdrawInvitation(user, invitation, ownerId)) throw new NotFoundError(GROUP_MESSAGES.invitationNotFound);
  const now = new Date();
  if (!(await deps.repositories.invitations.answer(id, "revoked", now.toISOString())))
    throw notPending(invitation, now);
  const view = await deps.repositories.invitations.findView(id);
  if (view) await tellAboutInvitation(deps, view);
}

/** Inviter, group owner and the invitee (if they have an account with that confirmed address) refetch. */
async function tellAboutInvitation(
  deps: AppDeps,
  view: { invitedBy: string; groupId: string; email: string },
): Promise<void> {
  const [group, invitee] = await Promise.all([
    deps.repositories.groups.findById(view.groupId),
    deps.repositories.users.findVerifiedByEmail(view.email),
  ]);
  const userIds = [view.invitedBy, group?.ownerId, ...invitee.map((user) => user.id)].filter(
    (id): id is string => id !== undefined,
  );
  await tellUsers(deps, userIds, { type: "invitations.changed" });
}
