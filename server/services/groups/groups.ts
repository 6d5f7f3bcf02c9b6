import { randomUUID } from "node:crypto";
import { categoryIdFromName, DEFAULT_CATEGORIES, nextCategoryColor } from "../../../domain/categories.js";
import { GROUP_MESSAGES } from "../../../domain/group-messages.js";
import type { CreateGroup, Group, GroupAbilities, GroupDeletionPreview, GroupRole } from "../../../domain/groups.js";
import type { AppDeps } from "../../deps.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { groupAbilities, maySeeGroup } from "../../policies/groups.js";
import { presentGroup } from "../../presenters/group.js";
import type { GroupRecord } from "../../repositories/group-repository.js";
import type { User } from "../../repositories/user-repository.js";
import { tellUsers } from "../live-events.js";
import { announceTaskChanges, mergeChanges, recordGroupTasksLeaving } from "../tasks/tasks.js";
import { inTransaction } from "../transaction.js";

export interface GroupAccess {
  group: GroupRecord;
  role: GroupRole | undefined;
  abilities: GroupAbilities;
}

/**
 * The group with the caller's role and abilities. A group the caller is not a member of is
 * "Group not found", exactly like one that does not exist, so ids reveal nothing.
 */
export async function accessGroup(deps: AppDeps, user: User, groupId: string): Promise<GroupAccess> {
  const [group, role] = await Promise.all([
    deps.repositories.groups.findById(groupId),
    deps.repositories.groups.memberRole(groupId, user.id),
  ]);
  if (!group || !maySeeGroup(role)) throw new NotFoundError(GROUP_MESSAGES.notFound);
  return { group, role, abilities: groupAbilities(group, role) };
}

/** Refuses what the abilities do not allow, naming why: a personal group, or not the owner. */
function requireAbility(access: GroupAccess, ability: keyof GroupAbilities): void {
  if (access.abilities[ability]) return;
  if (access.group.type === "personal") throw new ForbiddenError(GROUP_MESSAGES.personalGroup);
  if (ability === "leave") throw new ForbiddenError(GROUP_MESSAGES.ownerCannotLeave);
  throw new ForbiddenError(GROUP_MESSAGES.ownerOnly);
}

/** spec user-groups: the caller's groups, members included, in one query for all members. */
export async function listGroups(deps: AppDeps, user: User): Promise<Group[]> {
  const groups = await deps.repositories.groups.listForMember(user.id);
  const members = await deps.repositories.groups.membersOf(groups.map((group) => group.id));
  return groups.map((group) => {
    const own = members.filter((member) => member.groupId === group.id);
    return presentGroup(group, own, own.find((member) => member.userId === user.id)?.role);
  });
}

export async function getGroup(deps: AppDeps, user: User, groupId: string): Promise<Group> {
  const { group, role } = await accessGroup(deps, user, groupId);
  return presentGroup(group, await deps.repositories.groups.membersOf([group.id]), role);
}

/** spec create-group: the caller owns it; default categories plus any suggested ones. */
export async function createGroup(deps: AppDeps, user: User, input: CreateGroup): Promise<Group> {
  const now = new Date().toISOString();
  const id = randomUUID();
  const defaultIds = new Set(DEFAULT_CATEGORIES.map((category) => category.id));
  const extra = [...new Set((input.categories ?? []).map((name) => name.trim()))]
    .map((name) => ({ name, id: categoryIdFromName(name) }))
    .filter(
      (category): category is { name: string; id: string } => category.id !== null && !defaultIds.has(category.id),
    );
  await inTransaction(deps, async ({ groups, categories }) => {
    await groups.insert({
      id,
      name: input.name,
      ownerId: user.id,
      type: input.type,
      createdAt: now,
      updatedAt: now,
    });
    await groups.addMemberIfMissing(id, user.id, "owner", now);
    await categories.insertDefaultsIfMissing(id, now);
    const colors: string[] = DEFAULT_CATEGORIES.map((category) => category.color);
    await categories.insertIfMissing(
      extra.map((category, index) => {
        const color = nextCategoryColor(colors);
        colors.push(color);
        return {
          groupId: id,
          id: category.id,
          name: category.name,
          label: category.name,
          icon: "folder",
          color,
          order: DEFAULT_CATEGORIES.length + index,
          ownerId: user.id,
        };
      }),
      now,
    );
  });
  await tellUsers(deps, [user.id], { type: "group.changed", groupId: id });
  return getGroup(deps, user, id);
}

export async function renameGroup(deps: AppDeps, user: User, groupId: string, name: string): Promise<Group> {
  const access = await accessGroup(deps, user, groupId);
  requireAbility(access, "rename");
  await deps.repositories.groups.rename(groupId, name, new Date().toISOString());
  await tellUsers(deps, await deps.repositories.groups.memberIds(groupId), { type: "group.changed", groupId });
  return getGroup(deps, user, groupId);
}

export async function previewGroupDeletion(deps: AppDeps, user: User, groupId: string): Promise<GroupDeletionPreview> {
  const access = await accessGroup(deps, user, groupId);
  requireAbility(access, "delete");
  const { groups, categories, invitations, tasks } = deps.repositories;
  const [memberIds, categoryCount, pending, taskCount] = await Promise.all([
    groups.memberIds(groupId),
    categories.countForGroup(groupId),
    invitations.countPendingForGroup(groupId, new Date().toISOString()),
    tasks.countOwnOfGroup(groupId),
  ]);
  return { tasks: taskCount, categories: categoryCount, members: memberIds.length, pendingInvitations: pending };
}

/** spec delete-group: the owner deletes a shared group with its categories, tasks and invitations. */
export async function deleteGroup(deps: AppDeps, user: User, groupId: string): Promise<void> {
  const access = await accessGroup(deps, user, groupId);
  requireAbility(access, "delete");
  const memberIds = await deps.repositories.groups.memberIds(groupId);
  const seqs = await inTransaction(deps, async (repositories) => {
    const leaving = await recordGroupTasksLeaving(repositories, groupId, new Date().toISOString());
    await repositories.groups.delete(groupId);
    return leaving;
  });
  await tellUsers(deps, memberIds, { type: "group.removed", groupId, reason: "deleted" });
  await announceTaskChanges(deps, seqs, []);
}

/**
 * spec remove-member, and leaving: the owner removes a member, or a member removes themself.
 * Their tasks in the group stay with it and pass to its owner in the same transaction,
 * logged for every group that sees them, so the one who left neither sees nor owns anything of it
 * any more (and hears none of its live events: those go to members and owners). The removed
 * user's sessions hear at once that the group is gone for them.
 */
export async function removeMember(deps: AppDeps, user: User, groupId: string, memberId: string): Promise<void> {
  const access = await accessGroup(deps, user, groupId);
  const leaving = memberId === user.id;
  requireAbility(access, leaving ? "leave" : "removeMembers");
  const role = leaving ? access.role : await deps.repositories.groups.memberRole(groupId, memberId);
  if (!role) throw new NotFoundError(GROUP_MESSAGES.notAMember);
  const now = new Date().toISOString();
  const seqs = await inTransaction(deps, async ({ groups, tasks }) => {
    // Only a member goes: whoever a transfer made owner meanwhile stays (their tasks too).
    if (!(await groups.removeMember(groupId, memberId))) return undefined;
    await groups.touch(groupId, now);
    const changes = new Map<string, number>();
    for (const taskId of await tasks.handOverToGroupOwners(memberId, now, groupId))
      mergeChanges(changes, await tasks.recordChange(await tasks.groupsSeeing(taskId), taskId, now));
    return changes;
  });
  if (!seqs) {
    if ((await deps.repositories.groups.memberRole(groupId, memberId)) === "owner")
      throw new ForbiddenError(GROUP_MESSAGES.ownerOnly);
    throw new NotFoundError(GROUP_MESSAGES.notAMember);
  }
  await tellUsers(deps, [memberId], { type: "group.removed", groupId, reason: leaving ? "left" : "removed" });
  await tellUsers(deps, await deps.repositories.groups.memberIds(groupId), { type: "group.changed", groupId });
  await announceTaskChanges(deps, seqs, []);
}

/** spec transfer-group-ownership: to a current member; the previous owner stays as a member. */
export async function transferOwnership(
  deps: AppDeps,
  user: User,
  groupId: string,
  newOwnerId: string,
): Promise<Group> {
  const access = await accessGroup(deps, user, groupId);
  requireAbility(access, "transferOwnership");
  if (newOwnerId === user.id) throw new ConflictError(GROUP_MESSAGES.alreadyOwner);
  if (!(await deps.repositories.groups.memberRole(groupId, newOwnerId)))
    throw new NotFoundError(GROUP_MESSAGES.notAMember);
  await inTransaction(deps, async ({ groups }) => {
    // Decided in the transaction: a member who left or was removed since the check above must not
    // become the owner of a group they are not in (it would then have no owner among its members,
    // and tasks handed to "the group's owner" would go to an outsider).
    if (!(await groups.transferOwnership(groupId, newOwnerId, new Date().toISOString())))
      throw new NotFoundError(GROUP_MESSAGES.notAMember);
  });
  await tellUsers(deps, await deps.repositories.groups.memberIds(groupId), { type: "group.changed", groupId });
  return getGroup(deps, user, groupId);
}
