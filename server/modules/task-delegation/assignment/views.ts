import type {
  AssignedTask,
  AssignmentOverview,
  DelegationList,
  GroupAssignments,
  TaskAssignment,
  Volunteering,
} from "../../../../domain/delegation.js";
import { MESSAGES } from "../../../../domain/errors.js";
import type { AppDeps } from "../../../deps.js";
import { NotFoundError } from "../../../errors.js";
import type { TaskRecord } from "../../../repositories/task-repository.js";
import type { User } from "../../../repositories/user-repository.js";
import { assignmentAbilities, type TaskContext, taskContext } from "./access.js";
import { presentAssignee, presentDelegation, presentRotation, presentSettings } from "./presenter.js";
import { AssignmentRepository } from "./repository.js";

/** The reads: what each page and the task editor show. */

export async function taskAssignmentView(
  assignments: AssignmentRepository,
  context: TaskContext,
): Promise<TaskAssignment> {
  const { task } = context;
  const [open, pending, rotations] = await Promise.all([
    assignments.isOpen(task.id),
    assignments.pendingDelegationOf(task.id),
    assignments.rotationsOf([task.id]),
  ]);
  return {
    taskId: task.id,
    groupId: task.groupId,
    assignee: presentAssignee(context.assignment),
    open,
    pending: pending ? presentDelegation(pending) : null,
    rotation: presentRotation(rotations.get(task.id)),
    repeats: Boolean(task.repeatRule),
    members: context.members.map((member) => ({ userId: member.userId, name: member.displayName })),
    settings: presentSettings(task.groupId, context.switches, context.isGroupOwner),
    abilities: assignmentAbilities(context, open),
  };
}

export async function readTaskAssignment(deps: AppDeps, user: User, taskId: string): Promise<TaskAssignment> {
  const assignments = new AssignmentRepository(deps.database.db);
  return taskAssignmentView(assignments, await taskContext(deps.repositories, assignments, user, taskId));
}

/** The badges of a group's task list: who has each task, and which are open. 404 for a non-member. */
export async function readGroupAssignments(deps: AppDeps, user: User, groupId: string): Promise<GroupAssignments> {
  if (!(await deps.repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(MESSAGES.groupNotFound);
  const taskIds = (await deps.repositories.tasks.listForGroup(groupId)).map((task) => task.id);
  const assignments = new AssignmentRepository(deps.database.db);
  const [assigned, open] = await Promise.all([
    assignments.assignmentsOf(taskIds),
    assignments.openTaskIdsAmong(taskIds),
  ]);
  return {
    assignees: Object.fromEntries([...assigned].map(([taskId, record]) => [taskId, presentAssignee(record)!])),
    openTaskIds: [...open],
  };
}

/** Tasks with their group's name, assignee, open flag and rotation, in one query each. */
async function describeTasks(deps: AppDeps, tasks: readonly TaskRecord[]): Promise<AssignedTask[]> {
  const assignments = new AssignmentRepository(deps.database.db);
  const ids = tasks.map((task) => task.id);
  const groupIds = [...new Set(tasks.map((task) => task.groupId))];
  const [assigned, open, rotations, groups] = await Promise.all([
    assignments.assignmentsOf(ids),
    assignments.openTaskIdsAmong(ids),
    assignments.rotationsOf(ids),
    Promise.all(groupIds.map((id) => deps.repositories.groups.findById(id))),
  ]);
  const groupNames = new Map(groups.flatMap((group) => (group ? [[group.id, group.name] as const] : [])));
  return tasks.map((task) => ({
    taskId: task.id,
    title: task.title,
    groupId: task.groupId,
    groupName: groupNames.get(task.groupId) ?? "",
    completed: task.completed,
    deadline: task.deadline,
    assignee: presentAssignee(assigned.get(task.id)),
    open: open.has(task.id),
    repeats: Boolean(task.repeatRule),
    rotation: presentRotation(rotations.get(task.id)),
  }));
}

/** Open first, earliest deadline first. */
function byDeadline(a: TaskRecord, b: TaskRecord): number {
  if (a.completed !== b.completed) return a.completed ? 1 : -1;
  if (a.deadline !== b.deadline) return !a.deadline ? 1 : !b.deadline ? -1 : a.deadline.localeCompare(b.deadline);
  return a.createdAt.localeCompare(b.createdAt);
}

export async function readAssignmentOverview(deps: AppDeps, user: User): Promise<AssignmentOverview> {
  const assignments = new AssignmentRepository(deps.database.db);
  const [visible, mine, groups] = await Promise.all([
    deps.repositories.tasks.listVisibleTo(user.id),
    assignments.taskIdsAssignedTo(user.id),
    deps.repositories.groups.listForMember(user.id),
  ]);
  const mineSet = new Set(mine);
  const assignedToMe = await describeTasks(
    deps,
    visible.filter((task) => mineSet.has(task.id) && !task.completed).sort(byDeadline),
  );
  const owned = groups.filter((group) => group.ownerId === user.id);
  const [members, switches] = await Promise.all([
    deps.repositories.groups.membersOf(owned.map((group) => group.id)),
    assignments.switchesOf(owned.map((group) => group.id)),
  ]);
  const ownedGroups = [];
  for (const group of owned) {
    const groupMembers = members.filter((member) => member.groupId === group.id);
    // Alone in a group there is nobody to share with: the page explains that instead.
    if (groupMembers.length < 2) continue;
    const tasks = visible.filter((task) => task.groupId === group.id && !task.completed).sort(byDeadline);
    ownedGroups.push({
      groupId: group.id,
      groupName: group.name,
      members: groupMembers.map((member) => ({ userId: member.userId, name: member.displayName })),
      tasks: await describeTasks(deps, tasks),
      settings: presentSettings(group.id, switches.get(group.id)!, true),
    });
  }
  return { assignedToMe, ownedGroups };
}

/** Open tasks of the caller's own groups (those they may claim), claimed or not. */
export async function readVolunteering(deps: AppDeps, user: User): Promise<Volunteering> {
  const assignments = new AssignmentRepository(deps.database.db);
  const groups = new Set((await deps.repositories.groups.listForMember(user.id)).map((group) => group.id));
  const candidates = (await deps.repositories.tasks.listVisibleTo(user.id)).filter(
    (task) => groups.has(task.groupId) && !task.completed,
  );
  const open = await assignments.openTaskIdsAmong(candidates.map((task) => task.id));
  const switches = await assignments.switchesOf([...groups]);
  const shown = candidates.filter((task) => open.has(task.id) && switches.get(task.groupId)?.volunteering);
  return { open: await describeTasks(deps, shown.sort(byDeadline)) };
}

export async function readDelegations(deps: AppDeps, user: User): Promise<DelegationList> {
  const all = (await new AssignmentRepository(deps.database.db).delegationsOf(user.id)).map(presentDelegation);
  return {
    incoming: all.filter((request) => request.status === "pending" && request.to.userId === user.id),
    outgoing: all.filter((request) => request.status === "pending" && request.from.userId === user.id),
    history: all.filter((request) => request.status !== "pending"),
  };
}
