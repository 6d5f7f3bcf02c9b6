import { randomUUID } from "node:crypto";
import {
  type Delegation,
  DELEGATION_MESSAGES,
  type DelegationSettings,
  type TaskAssignment,
} from "../../../../domain/delegation.js";
import { MESSAGES } from "../../../../domain/errors.js";
import type { AppDeps } from "../../../deps.js";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../../errors.js";
import type { User } from "../../../repositories/user-repository.js";
import { inTransaction } from "../../../services/transaction.js";
import { requireMember, requirePart, type TaskContext, taskContext } from "./access.js";
import { tellModuleUsers } from "../../live.js";
import { ASSIGNMENTS_CHANGED, DELEGATION_MODULE, notifyAboutTask, tellTaskViewers } from "./announce.js";
import { presentDelegation, presentSettings } from "./presenter.js";
import { AssignmentRepository, type PartSwitches, type RotationRecord } from "./repository.js";
import { pickNextAssignee } from "./rotation.js";
import { readTaskAssignment } from "./views.js";

/** The writes of delegation, assignment, volunteering and rotation (docs/delegation.md). */

async function nameOf(assignments: AssignmentRepository, user: User): Promise<string> {
  return (await assignments.namesOf([user.id])).get(user.id) ?? user.name;
}

/**
 * Runs a change to one task's assignment in a transaction with the task loaded as the caller
 * sees it, then tells everyone who sees the task and answers with its assignment after it.
 */
async function changeTask(
  deps: AppDeps,
  user: User,
  taskId: string,
  change: (
    context: TaskContext,
    assignments: AssignmentRepository,
    now: string,
  ) => Promise<(() => Promise<void>) | void>,
): Promise<TaskAssignment> {
  const now = new Date().toISOString();
  const { groupId, announce } = await inTransaction(deps, async (repositories, transaction) => {
    const assignments = new AssignmentRepository(transaction);
    const context = await taskContext(repositories, assignments, user, taskId);
    return { groupId: context.task.groupId, announce: await change(context, assignments, now) };
  });
  await tellTaskViewers(deps, taskId, groupId);
  if (announce) await announce();
  return readTaskAssignment(deps, user, taskId);
}

/** Group owners assign any member of the task's group; members assign only themselves. */
export function assignTask(deps: AppDeps, user: User, taskId: string, assigneeId: string) {
  return changeTask(deps, user, taskId, async (context, assignments, now) => {
    requirePart(context.switches, "assignment");
    if (!context.isMember && assigneeId === user.id) throw new ForbiddenError(DELEGATION_MESSAGES.notMember);
    const assignee = requireMember(context, assigneeId);
    if (assigneeId !== user.id && !context.isGroupOwner)
      throw new ForbiddenError(DELEGATION_MESSAGES.onlyGroupOwnerAssigns);
    if (context.assignment?.assigneeId === assigneeId) return;
    await assignments.assign(context.task.id, assigneeId, user.id, "assignment", now);
    const actor = await nameOf(assignments, user);
    return () =>
      notifyAboutTask(
        deps,
        [assignee.userId],
        user.id,
        context.task.id,
        `${actor} assigned you a task`,
        context.task.title,
      );
  });
}

/** The group's owner or the assignee themselves. Unassigning a task nobody has changes nothing. */
export function unassignTask(deps: AppDeps, user: User, taskId: string) {
  return changeTask(deps, user, taskId, async (context, assignments) => {
    if (!context.assignment) return;
    if (!context.isGroupOwner && context.assignment.assigneeId !== user.id)
      throw new ForbiddenError(DELEGATION_MESSAGES.onlyAssigneeOrOwnerUnassigns);
    await assignments.unassign(context.task.id);
  });
}

/** The task's owner asks a member of its group to take it; one pending request per task. */
export async function delegateTask(
  deps: AppDeps,
  user: User,
  taskId: string,
  toUserId: string,
  note: string,
): Promise<Delegation> {
  const id = randomUUID();
  let taskTitle = "";
  await changeTask(deps, user, taskId, async (context, assignments, now) => {
    requirePart(context.switches, "delegation");
    if (!context.isTaskOwner) throw new ForbiddenError(DELEGATION_MESSAGES.onlyOwnerDelegates);
    requireMember(context, toUserId);
    if (toUserId === user.id) throw new ValidationError(DELEGATION_MESSAGES.notYourself);
    if (context.task.completed) throw new ConflictError(DELEGATION_MESSAGES.completed);
    if (!(await assignments.insertDelegation({ id, taskId, fromUserId: user.id, toUserId, note, now })))
      throw new ConflictError(DELEGATION_MESSAGES.alreadyPending);
    taskTitle = context.task.title;
    const actor = await nameOf(assignments, user);
    return () =>
      notifyAboutTask(
        deps,
        [toUserId],
        user.id,
        taskId,
        `${actor} asks you to take a task`,
        note ? `${taskTitle}: “${note}”` : taskTitle,
        "/task-delegation",
      );
  });
  return presentDelegation((await new AssignmentRepository(deps.database.db).delegation(id))!);
}

type Answer = "accepted" | "declined" | "revoked";

/**
 * Accept or decline (the person asked) or revoke (the owner who asked). A request the caller is
 * not part of is "not found"; one already answered is 409. Accepting gives them the task.
 */
export async function answerDelegation(
  deps: AppDeps,
  user: User,
  delegationId: string,
  answer: Answer,
  note = "",
): Promise<Delegation> {
  const now = new Date().toISOString();
  const result = await inTransaction(deps, async (repositories, transaction) => {
    const assignments = new AssignmentRepository(transaction);
    const request = await assignments.delegation(delegationId);
    if (!request || (request.fromUserId !== user.id && request.toUserId !== user.id))
      throw new NotFoundError(DELEGATION_MESSAGES.delegationNotFound);
    if (answer === "revoked" && request.fromUserId !== user.id)
      throw new ForbiddenError(DELEGATION_MESSAGES.onlyAskerRevokes);
    if (answer !== "revoked" && request.toUserId !== user.id)
      throw new ForbiddenError(DELEGATION_MESSAGES.onlyAddresseeAnswers);
    if (answer === "accepted") {
      const switches = (await assignments.switchesOf([request.groupId])).get(request.groupId)!;
      requirePart(switches, "delegation");
      // Left the group since they were asked: they cannot have its tasks.
      if (!(await repositories.groups.memberRole(request.groupId, user.id)))
        throw new NotFoundError(DELEGATION_MESSAGES.delegationNotFound);
    }
    if (!(await assignments.closeDelegation(request.id, answer, answer === "revoked" ? "" : note, now)))
      throw new ConflictError(DELEGATION_MESSAGES.notPending);
    if (answer === "accepted") await assignments.assign(request.taskId, user.id, request.fromUserId, "delegation", now);
    return { request, actor: await nameOf(assignments, user) };
  });
  const { request, actor } = result;
  await tellTaskViewers(deps, request.taskId, request.groupId, [request.fromUserId, request.toUserId]);
  if (answer !== "revoked") {
    const verb = answer === "accepted" ? "accepted" : "declined";
    await notifyAboutTask(
      deps,
      [request.fromUserId],
      user.id,
      request.taskId,
      `${actor} ${verb} your request`,
      note ? `${request.taskTitle}: “${note}”` : request.taskTitle,
      answer === "accepted" ? undefined : "/task-delegation",
    );
  }
  return presentDelegation((await new AssignmentRepository(deps.database.db).delegation(request.id))!);
}

/** Marks the task open for volunteers (its owner or the group's owner), or not any more. */
export function setTaskOpen(deps: AppDeps, user: User, taskId: string, open: boolean) {
  return changeTask(deps, user, taskId, async (context, assignments, now) => {
    requirePart(context.switches, "volunteering");
    if (!context.isTaskOwner && !context.isGroupOwner) throw new ForbiddenError(DELEGATION_MESSAGES.onlyOwnerOpens);
    if (open) await assignments.open(context.task.id, user.id, now);
    else await assignments.close(context.task.id);
  });
}

/**
 * Claims an open task for the caller. The first claim wins: ONE conditional insert decides it
 * (AssignmentRepository.claim), so any number of claims at once, in any number of server
 * processes, leave exactly one winner; each other claim is 409 naming who has it.
 */
export async function claimTask(deps: AppDeps, user: User, taskId: string): Promise<TaskAssignment> {
  const assignments = new AssignmentRepository(deps.database.db);
  const context = await taskContext(deps.repositories, assignments, user, taskId);
  requirePart(context.switches, "volunteering");
  if (!context.isMember) throw new ForbiddenError(DELEGATION_MESSAGES.notMember);
  if (!(await assignments.isOpen(taskId))) throw new ConflictError(DELEGATION_MESSAGES.notOpen);
  if (context.task.completed) throw new ConflictError(DELEGATION_MESSAGES.completed);
  // Claims are never queued offline, so a second claim is a loser like any other, even the winner's own.
  if (!(await assignments.claim(taskId, user.id, new Date().toISOString()))) {
    const holder = await assignments.assignmentOf(taskId);
    throw new ConflictError(DELEGATION_MESSAGES.claimedBy(holder?.assigneeName ?? "someone else"));
  }
  await tellTaskViewers(deps, taskId, context.task.groupId);
  const actor = await nameOf(assignments, user);
  await notifyAboutTask(
    deps,
    [context.task.ownerId, context.group.ownerId],
    user.id,
    taskId,
    `${actor} volunteered for a task`,
    context.task.title,
  );
  return readTaskAssignment(deps, user, taskId);
}

/** Gives a claimed task back: it is open for the others again. */
export function unclaimTask(deps: AppDeps, user: User, taskId: string) {
  return changeTask(deps, user, taskId, async (context, assignments) => {
    requirePart(context.switches, "volunteering");
    const mine = context.assignment?.assigneeId === user.id && context.assignment.how === "volunteer";
    if (!mine || !(await assignments.unassign(context.task.id, user.id)))
      throw new ConflictError(DELEGATION_MESSAGES.notYourClaim);
  });
}

/**
 * A repeating chore's rotation (the group's owner): who takes each next occurrence, in turn or
 * the one with the least done this week. A task nobody has yet goes to the first pick at once.
 */
export function setRotation(deps: AppDeps, user: User, taskId: string, rotation: RotationRecord | null) {
  return changeTask(deps, user, taskId, async (context, assignments, now) => {
    requirePart(context.switches, "assignment");
    if (!context.isGroupOwner) throw new ForbiddenError(DELEGATION_MESSAGES.onlyGroupOwnerRotates);
    if (!rotation) return assignments.removeRotation(context.task.id);
    if (!context.task.repeatRule) throw new ValidationError(DELEGATION_MESSAGES.rotationNeedsRepeat);
    const memberIds = new Set(context.members.map((member) => member.userId));
    if (
      new Set(rotation.memberIds).size !== rotation.memberIds.length ||
      rotation.memberIds.some((id) => !memberIds.has(id))
    )
      throw new ValidationError(DELEGATION_MESSAGES.rotationMembers);
    await assignments.saveRotation(context.task.id, rotation, now);
    if (context.assignment || context.task.completed) return;
    const pick = await pickNextAssignee(assignments, rotation, null, new Date(now));
    if (pick) await assignments.assign(context.task.id, pick, user.id, "rotation", now);
    const actor = await nameOf(assignments, user);
    if (pick)
      return () =>
        notifyAboutTask(deps, [pick], user.id, context.task.id, `${actor} assigned you a task`, context.task.title);
  });
}

// The group's switches ---------------------------------------------------------------------

async function memberSwitches(deps: AppDeps, user: User, groupId: string) {
  const group = await deps.repositories.groups.findById(groupId);
  if (!group || !(await deps.repositories.groups.memberRole(groupId, user.id)))
    throw new NotFoundError(MESSAGES.groupNotFound);
  const switches = (await new AssignmentRepository(deps.database.db).switchesOf([groupId])).get(groupId)!;
  return { group, switches };
}

/** Members read them; the group's owner edits them. */
export async function readSettings(deps: AppDeps, user: User, groupId: string): Promise<DelegationSettings> {
  const { group, switches } = await memberSwitches(deps, user, groupId);
  return presentSettings(groupId, switches, group.ownerId === user.id);
}

export async function saveSettings(
  deps: AppDeps,
  user: User,
  groupId: string,
  change: Partial<PartSwitches>,
): Promise<DelegationSettings> {
  const { group, switches } = await memberSwitches(deps, user, groupId);
  if (group.ownerId !== user.id) throw new ForbiddenError(DELEGATION_MESSAGES.onlyGroupOwnerSettings);
  const next = { ...switches, ...change };
  await new AssignmentRepository(deps.database.db).saveSwitches(groupId, next, new Date().toISOString());
  await tellModuleUsersOfGroup(deps, groupId);
  return presentSettings(groupId, next, true);
}

/** Every member's pages and editors show the switches as they are now. */
async function tellModuleUsersOfGroup(deps: AppDeps, groupId: string) {
  const members = await deps.repositories.groups.memberIds(groupId);
  await tellModuleUsers(deps, DELEGATION_MODULE, members, ASSIGNMENTS_CHANGED, groupId);
}
