import type { DeletionPreview } from "../../../domain/account.js";
import type { AppDeps } from "../../deps.js";
import type { User } from "../../repositories/user-repository.js";
import { builtinIssuerUrl } from "../sign-in/issuers.js";
import { listSessions } from "../sign-in/sessions.js";
import { announceTaskChanges, mergeChanges, recordGroupTasksLeaving } from "../tasks/tasks.js";
import { inTransaction } from "../transaction.js";

/** What deleting this account will do; the page shows it before asking for confirmation. */
export async function previewAccountDeletion(
  deps: AppDeps,
  user: User,
  recentSignIn: boolean,
): Promise<DeletionPreview> {
  const { groups, apiTokens } = deps.repositories;
  const [personal, owned, sessionRows, tokenRows] = await Promise.all([
    groups.findPersonal(user.id),
    groups.ownedSharedGroupsWithSuccessor(user.id),
    listSessions(deps, user.id),
    apiTokens.listForUser(user.id),
  ]);
  return {
    personalGroup: personal ? { id: personal.id, name: personal.name } : null,
    ownedGroups: owned.map(({ group, successor }) => ({
      id: group.id,
      name: group.name,
      type: group.type,
      newOwner: successor,
    })),
    sessions: sessionRows.length,
    apiTokens: tokenRows.length,
    recentSignIn,
  };
}

/**
 * Deletes the account and everything that is only the user's, in one transaction: owned groups
 * with other members pass to their longest-standing member, groups without one go, tasks the user
 * made in groups that stay pass to the group's owner, then the user
 * row (its sessions, tokens, profile, settings and memberships cascade) and, for an account of
 * the built-in provider, the local account too, so the email address can sign up again.
 */
export async function deleteAccount(deps: AppDeps, user: User, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const seqs = await inTransaction(deps, async (repositories) => {
    const changes = new Map<string, number>();
    const deleteGroup = async (groupId: string) => {
      mergeChanges(changes, await recordGroupTasksLeaving(repositories, groupId, at));
      await repositories.groups.delete(groupId);
    };
    for (const { group, successor } of await repositories.groups.ownedSharedGroupsWithSuccessor(user.id)) {
      if (successor) await repositories.groups.transferOwnership(group.id, successor.userId, at);
      else await deleteGroup(group.id);
    }
    const personal = await repositories.groups.findPersonal(user.id);
    if (personal) await deleteGroup(personal.id);
    // Tasks left in groups that stay get a new owner: everyone who sees them is told.
    for (const taskId of await repositories.tasks.handOverToGroupOwners(user.id, at)) {
      const seeing = await repositories.tasks.groupsSeeing(taskId);
      mergeChanges(changes, await repositories.tasks.recordChange(seeing, taskId, at));
    }
    await repositories.users.delete(user.id);
    if (deps.config.auth.builtinIdp && user.issuer === builtinIssuerUrl(deps.config)) {
      await repositories.localAccounts.delete(user.subject);
    }
    return changes;
  });
  await deps.bus.publish({ kind: "close-user", userId: user.id, reason: "Account deleted" });
  await announceTaskChanges(deps, seqs, []);
}
