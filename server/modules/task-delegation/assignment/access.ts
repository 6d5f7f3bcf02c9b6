import { DELEGATION_MESSAGES, type DelegationPart } from "../../../../domain/delegation-rules.js";
import { TASK_MESSAGES } from "../../../../domain/task-rules.js";
import { ForbiddenError, NotFoundError } from "../../../errors.js";
import type { GroupMember, GroupRecord } from "../../../repositories/group-repository.js";
import type { Repositories } from "../../../repositories/index.js";
import type { TaskRecord } from "../../../repositories/task-repository.js";
import type { User } from "../../../repositories/user-repository.js";
import { type AssignmentRecord, type AssignmentRepository, type PartSwitches } from "./repository.js";

/** A task as the caller sees it, with what deciding who does it needs. */
export interface TaskContext {
  user: User;
  task: TaskRecord;
  group: GroupRecord;
  members: GroupMember[];
  switches: PartSwitches;
  assignment: AssignmentRecord | undefined;
  isMember: boolean;
  isGroupOwner: boolean;
  isTaskOwner: boolean;
}

/**
 * Loads the task if the caller sees it (else "Task not found", 404, exactly as a missing one).
 * Members of the task's own group are who may have it; someone who sees it through a share reads it.
 */
export async function taskContext(
  repositories: Repositories,
  assignments: AssignmentRepository,
  user: User,
  taskId: string,
): Promise<TaskContext> {
  const task = await repositories.tasks.findVisible(taskId, user.id);
  if (!task) throw new NotFoundError(TASK_MESSAGES.notFound);
  const [group, members, switches, assignment] = await Promise.all([
    repositories.groups.findById(task.groupId),
    repositories.groups.membersOf([task.groupId]),
    assignments.switchesOf([task.groupId]),
    assignments.assignmentOf(task.id),
  ]);
  if (!group) throw new NotFoundError(TASK_MESSAGES.notFound);
  return {
    user,
    task,
    group,
    members,
    switches: switches.get(task.groupId)!,
    assignment,
    isMember: members.some((member) => member.userId === user.id),
    isGroupOwner: group.ownerId === user.id,
    isTaskOwner: task.ownerId === user.id,
  };
}

/** 403 with the reason while the group's owner has the part switched off. */
export function requirePart(switches: PartSwitches, part: DelegationPart): void {
  if (!switches[part]) throw new ForbiddenError(DELEGATION_MESSAGES.partOff[part]);
}

/** A member of the task's group; anyone else is "not a member" (404: the caller cannot know them here). */
export function requireMember(context: TaskContext, userId: string): GroupMember {
  const member = context.members.find((candidate) => candidate.userId === userId);
  if (!member) throw new NotFoundError(DELEGATION_MESSAGES.memberNotFound);
  return member;
}

/** What the caller may do with the task's assignment: the server decides, the editor shows. */
export function assignmentAbilities(context: TaskContext, open: boolean) {
  const { switches, isMember, isGroupOwner, isTaskOwner, assignment, task, user } = context;
  return {
    assignOthers: switches.assignment && isGroupOwner,
    assignSelf: switches.assignment && isMember && !task.completed,
    unassign: Boolean(assignment) && (isGroupOwner || assignment?.assigneeId === user.id),
    delegate: switches.delegation && isTaskOwner && context.members.length > 1,
    open: switches.volunteering && (isTaskOwner || isGroupOwner),
    claim: switches.volunteering && isMember && open && !assignment && !task.completed,
    rotate: switches.assignment && isGroupOwner && Boolean(task.repeatRule),
  };
}
