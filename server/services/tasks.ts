import { DEFAULT_CATEGORY_IDS } from "../../domain/categories.js";
import { GROUP_MESSAGES } from "../../domain/group-messages.js";
import {
  type CreateTask,
  DUPLICATE_WINDOW_MS,
  type GroupTasks,
  groupTasksSchema,
  isNewTaskIdFor,
  newTaskId,
  type Task,
  TASK_MESSAGES,
  type UpdateTask,
} from "../../domain/tasks.js";
import type { AppDeps } from "../deps.js";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.js";
import { taskAbilities } from "../policies/tasks.js";
import { presentTask } from "../presenters/task.js";
import type { Repositories } from "../repositories/index.js";
import type { TaskRow } from "../repositories/task-repository.js";
import type { TaskTable } from "../db/schema.js";
import type { Updateable } from "kysely";
import type { UserRow } from "../repositories/user-repository.js";
import { notifyTaskCompleted, notifyTaskShared } from "./event-notifications.js";
import { tellUsers } from "./live-events.js";
import { JsonAnswer } from "./task-list-cache.js";
import { applyOnce, type OperationResult } from "./operations.js";
import { addNextOccurrence, checkRepeat, repeatColumns, storedRepeat } from "./task-repeats.js";

/** Tasks with their subtasks and shares, two queries for any number of tasks. */
export async function presentTasks(
  repositories: Repositories,
  rows: readonly TaskRow[],
  viewerId: string,
): Promise<Task[]> {
  const ids = rows.map((row) => row.id);
  const [subtasks, shares] = await Promise.all([repositories.tasks.subtasksOf(ids), repositories.tasks.sharesOf(ids)]);
  return rows.map((row) =>
    presentTask(
      row,
      subtasks,
      shares.filter((share) => share.task_id === row.id).map((share) => share.group_id),
      viewerId,
    ),
  );
}

async function presentOne(repositories: Repositories, row: TaskRow, viewerId: string): Promise<Task> {
  return (await presentTasks(repositories, [row], viewerId))[0]!;
}

/** A task the user may not see is "Task not found", exactly like a missing one. */
async function visibleTask(repositories: Repositories, user: UserRow, id: string): Promise<TaskRow> {
  const row = await repositories.tasks.findVisible(id, user.id);
  if (!row) throw new NotFoundError(TASK_MESSAGES.notFound);
  return row;
}

/** A category must exist in the group; otherwise the task goes to "other", which every group has. */
async function knownCategory(
  repositories: Repositories,
  groupId: string,
  category: string | undefined,
): Promise<string> {
  if (!category) return "other";
  const categories = await repositories.categories.listForGroup(groupId);
  return categories.some((row) => row.id === category) ? category : DEFAULT_CATEGORY_IDS.at(-1)!;
}

/** After a change has committed: every member of every group that sees the task, and its owner, hear of it. */
async function announce(deps: AppDeps, seqs: Map<string, number>, ownerId: string): Promise<void> {
  await announceTaskChanges(deps, seqs, [ownerId]);
}

/** Tells the members of each group (and `alsoTell`) the group's newest task change number. */
export async function announceTaskChanges(
  deps: AppDeps,
  seqs: Map<string, number>,
  alsoTell: readonly string[],
): Promise<void> {
  for (const [groupId, seq] of seqs) {
    const members = await deps.repositories.groups.memberIds(groupId);
    await tellUsers(deps, [...members, ...alsoTell], { type: "tasks.changed", groupId, seq });
  }
}

/** Keeps each group's newest change number of several recordings. */
export function mergeChanges(into: Map<string, number>, more: Map<string, number>): Map<string, number> {
  for (const [group, seq] of more) into.set(group, Math.max(seq, into.get(group) ?? 0));
  return into;
}

/**
 * Before a group is deleted (its tasks go with it): every other group one of its tasks was shared
 * with logs that the task left, so their lists and their members' catch-up drop it; and the
 * tasks of other groups shared with it log a change where they are seen, as they stop naming it.
 */
export async function recordGroupTasksLeaving(
  repositories: Repositories,
  groupId: string,
  at: string,
): Promise<Map<string, number>> {
  const seqs = new Map<string, number>();
  for (const share of await repositories.tasks.sharesOfGroupTasks(groupId))
    mergeChanges(seqs, await repositories.tasks.recordChange([share.group_id], share.task_id, at));
  for (const taskId of await repositories.tasks.idsSharedInto(groupId)) {
    const seeing = (await repositories.tasks.groupsSeeing(taskId)).filter((id) => id !== groupId);
    mergeChanges(seqs, await repositories.tasks.recordChange(seeing, taskId, at));
  }
  return seqs;
}

export interface CreatedTask {
  task: Task;
  possibleDuplicate: boolean;
}

/** Adds a task to a group the user is a member of ("No group selected" without one; members only). */
export async function createTask(
  deps: AppDeps,
  user: UserRow,
  input: CreateTask,
): Promise<OperationResult<CreatedTask>> {
  let seqs = new Map<string, number>();
  const result = await applyOnce(deps, user, input.operationId, 201, async (repositories) => {
    // Locked: a removal racing this waits, then hands the new task over with the others.
    if (!(await repositories.groups.memberRoleForWrite(input.groupId, user.id)))
      throw new NotFoundError(GROUP_MESSAGES.notFound);
    const id = input.id ?? newTaskId(input.groupId);
    if (!isNewTaskIdFor(input.groupId, id)) {
      throw new ValidationError(
        "A new task's id is the first 8 characters of its group's id, a dash and 10 letters or digits",
      );
    }
    if (await repositories.tasks.findById(id)) throw new ConflictError(TASK_MESSAGES.idTaken);
    checkRepeat(input.repeat ?? null, input.deadline ?? null);
    const now = new Date();
    const at = now.toISOString();
    const possibleDuplicate = await repositories.tasks.hasRecentTitle(
      input.groupId,
      input.title,
      new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString(),
    );
    const lowest = await repositories.tasks.lowestOrder(input.groupId);
    const category = await knownCategory(repositories, input.groupId, input.category);
    await repositories.categories.markUsed(input.groupId, category, at);
    const profile = input.deadline ? await repositories.profiles.find(user.id) : undefined;
    await repositories.tasks.insert({
      id,
      group_id: input.groupId,
      title: input.title,
      completed: 0,
      completed_at: null,
      deadline: input.deadline ?? null,
      deadline_time_zone: input.deadline ? (profile?.time_zone ?? "UTC") : null,
      ...repeatColumns(input.repeat ?? null),
      priority: input.priority,
      category,
      owner_id: user.id,
      locked: 0,
      notes: input.notes,
      // New tasks go on top of the group's manual order.
      sort_order: lowest === null ? 0 : lowest - 1,
      created_at: at,
      updated_at: at,
    });
    await repositories.tasks.insertSubtasks(
      input.subtasks.map((subtask, position) => ({
        task_id: id,
        id: `${id}-s${position + 1}`,
        title: subtask.title,
        completed: 0,
        position,
        created_at: at,
        completed_at: null,
      })),
    );
    seqs = await repositories.tasks.recordChange([input.groupId], id, at);
    return {
      task: await presentOne(repositories, (await repositories.tasks.findById(id))!, user.id),
      possibleDuplicate,
    };
  });
  if (!result.replayed) await announce(deps, seqs, user.id);
  return result;
}

/** All tasks the user sees across their groups (spec /group-tasks). */
export async function listAllTasks(deps: AppDeps, user: UserRow): Promise<Task[]> {
  return presentTasks(deps.repositories, await deps.repositories.tasks.listVisibleTo(user.id), user.id);
}

export async function getTask(deps: AppDeps, user: UserRow, id: string): Promise<Task> {
  return presentOne(deps.repositories, await visibleTask(deps.repositories, user, id), user.id);
}

/**
 * A group's whole list (its own tasks and those shared with it) as the JSON text sent: from the
 * cache while the group's change log has not moved (task-list-cache.ts), built afresh otherwise.
 * The text is made the way the route's schema would make it: encoded by the schema, so a field
 * the presenter did not mean to send never leaves.
 */
export async function groupTaskListAnswer(deps: AppDeps, user: UserRow, groupId: string): Promise<JsonAnswer> {
  const { repositories } = deps;
  if (!(await repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
  // Read before the rows: a change landing in between makes the entry stale early, never wrong.
  const seq = await repositories.tasks.latestChange(groupId);
  const cached = deps.taskLists.get(groupId, user.id, seq);
  if (cached !== undefined) return cached;
  const tasks = await presentTasks(repositories, await repositories.tasks.listForGroup(groupId), user.id);
  const answer = new JsonAnswer(JSON.stringify(groupTasksSchema.encode({ tasks, removedTaskIds: [], seq })));
  deps.taskLists.set(groupId, user.id, seq, answer);
  return answer;
}

/** What changed in a group's list after `since`: changed tasks it still sees, and those it lost. */
export async function groupTaskChanges(
  deps: AppDeps,
  user: UserRow,
  groupId: string,
  since: number,
): Promise<GroupTasks> {
  const { repositories } = deps;
  if (!(await repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
  const { taskIds, latest } = await repositories.tasks.changesSince(groupId, since);
  const rows = await repositories.tasks.listByIds(taskIds);
  const shares = await repositories.tasks.sharesOf(taskIds);
  const stillHere = rows.filter(
    (row) => row.group_id === groupId || shares.some((share) => share.task_id === row.id && share.group_id === groupId),
  );
  const here = new Set(stillHere.map((row) => row.id));
  return {
    tasks: await presentTasks(repositories, stillHere, user.id),
    removedTaskIds: taskIds.filter((id) => !here.has(id)),
    seq: latest,
  };
}

/**
 * Edits fields; completing sets completedAt, reopening clears it. A locked task: owner only.
 * Completing a repeating task adds its next occurrence (task-repeats.ts) in the same transaction;
 * the done task keeps no repeat, and reopening it does not give it back, so completing it again
 * adds nothing: only one task of a series ever holds the rule.
 */
export async function updateTask(
  deps: AppDeps,
  user: UserRow,
  id: string,
  changes: UpdateTask,
): Promise<OperationResult<Task>> {
  let completedNow = false;
  const result = await writeTask(deps, user, id, {
    operationId: changes.operationId,
    change: async (repositories, task, at) => {
      const owner = changes.deadline ? await repositories.profiles.find(task.owner_id) : undefined;
      const category =
        changes.category === undefined ? undefined : await knownCategory(repositories, task.group_id, changes.category);
      if (category) await repositories.categories.markUsed(task.group_id, category, at);
      if (changes.repeat !== undefined || changes.deadline !== undefined) {
        checkRepeat(
          changes.repeat !== undefined ? changes.repeat : storedRepeat(task),
          changes.deadline !== undefined ? changes.deadline : task.deadline,
        );
      }
      completedNow = changes.completed === true && task.completed === 0;
      return {
        set: {
          ...(changes.title !== undefined && { title: changes.title }),
          ...(changes.priority !== undefined && { priority: changes.priority }),
          ...(category !== undefined && { category }),
          ...(changes.deadline !== undefined && {
            deadline: changes.deadline,
            deadline_time_zone: changes.deadline ? (owner?.time_zone ?? task.deadline_time_zone ?? "UTC") : null,
          }),
          ...(changes.repeat !== undefined && repeatColumns(changes.repeat)),
          ...(changes.notes !== undefined && { notes: changes.notes }),
          ...(changes.order !== undefined && { sort_order: changes.order }),
          ...(changes.completed !== undefined &&
            changes.completed !== (task.completed === 1) && {
              completed: changes.completed ? 1 : 0,
              completed_at: changes.completed ? at : null,
            }),
        },
        ...(completedNow && { afterWrite: (repositories: Repositories) => addNextOccurrence(repositories, id, at) }),
      };
    },
  });
  if (completedNow && !result.replayed) await notifyTaskCompleted(deps, user, result.body);
  return result;
}

/** Only the owner deletes, and only an unlocked task: locking is how an owner keeps a task. */
export async function deleteTask(deps: AppDeps, user: UserRow, id: string, operationId?: string): Promise<void> {
  let seqs = new Map<string, number>();
  const result = await applyOnce(deps, user, operationId, 204, async (repositories) => {
    const task = await visibleTask(repositories, user, id);
    if (task.owner_id !== user.id) throw new ForbiddenError(TASK_MESSAGES.ownerOnlyDelete);
    if (task.locked === 1) throw new ForbiddenError(TASK_MESSAGES.lockedDelete);
    const groups = await repositories.tasks.groupsSeeing(id);
    await repositories.tasks.delete(id);
    seqs = await repositories.tasks.recordChange(groups, id, new Date().toISOString());
    return null;
  });
  if (!result.replayed) await announce(deps, seqs, user.id);
}

/** Locking and unlocking are the owner's ("Cannot toggle lock" for anyone else). */
export async function setLocked(
  deps: AppDeps,
  user: UserRow,
  id: string,
  locked: boolean,
  operationId?: string,
): Promise<Task> {
  const result = await writeTask(deps, user, id, {
    operationId,
    needs: "lock",
    refused: () => new ForbiddenError(TASK_MESSAGES.cannotToggleLock),
    change: async () => ({ set: { locked: locked ? 1 : 0 } }),
  });
  return result.body;
}

/**
 * spec share_task: the owner shares the task with another group they belong to, once (sharing
 * again changes nothing); `share: false` takes it back. Anyone else: one message for every refusal.
 */
export async function setShared(
  deps: AppDeps,
  user: UserRow,
  id: string,
  groupId: string,
  share: boolean,
  operationId?: string,
): Promise<Task> {
  const cannotShare = () => new NotFoundError(TASK_MESSAGES.cannotShare);
  let newlyShared = false;
  const result = await writeTask(deps, user, id, {
    operationId,
    needs: "share",
    notFound: cannotShare,
    refused: () => new ForbiddenError(TASK_MESSAGES.cannotShare),
    change: async (repositories, task, at) => {
      if (!(await repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
      // Those who lose the task on unsharing must hear of it too: note them before removing.
      const before = await repositories.tasks.groupsSeeing(id);
      if (groupId !== task.group_id) {
        newlyShared = share && !before.includes(groupId);
        if (share) await repositories.tasks.addShare(id, groupId, at);
        else await repositories.tasks.removeShare(id, groupId);
      }
      return { alsoTell: [...before, groupId] };
    },
  });
  if (newlyShared && !result.replayed) await notifyTaskShared(deps, user, result.body, groupId);
  return result.body;
}

/** A subtask change: needs the edit ability, like any change to the task (changeTask below). */
export async function changeTask(
  deps: AppDeps,
  user: UserRow,
  id: string,
  operationId: string | undefined,
  change: (repositories: Repositories, task: TaskRow, at: string) => Promise<void>,
  notFound: () => Error = () => new NotFoundError(TASK_MESSAGES.notFound),
): Promise<Task> {
  const result = await writeTask(deps, user, id, { operationId, notFound, change });
  return result.body;
}

interface TaskWrite {
  operationId?: string | undefined;
  /** The ability the caller needs (server/policies/tasks.ts); edit unless said otherwise. */
  needs?: keyof ReturnType<typeof taskAbilities>;
  /** For a task the caller cannot see (default "Task not found"). */
  notFound?: () => Error;
  /** For a caller without the ability (default: the task is locked). */
  refused?: () => Error;
  /**
   * Makes the change; may return columns to set on the task (updatedAt is always stamped), groups
   * to tell beyond those that see the task afterwards (an unshared group, say), and a step to run
   * once the task is written, whose change numbers are announced too (a task it added).
   */
  change: (
    repositories: Repositories,
    task: TaskRow,
    at: string,
  ) => Promise<{
    set?: Updateable<TaskTable>;
    alsoTell?: string[];
    afterWrite?: (repositories: Repositories) => Promise<Map<string, number>>;
  } | void>;
}

/**
 * The one path of every change to an existing task: find it (unseen: `notFound`), check the
 * caller's ability, apply the change, stamp updatedAt, log the change for every group that sees
 * it, and tell their members once it has committed. Once per operationId: a replay gets the
 * first answer and tells no one again.
 */
async function writeTask(deps: AppDeps, user: UserRow, id: string, write: TaskWrite): Promise<OperationResult<Task>> {
  const {
    needs = "edit",
    notFound = () => new NotFoundError(TASK_MESSAGES.notFound),
    refused = () => new ForbiddenError(TASK_MESSAGES.locked),
  } = write;
  let seqs = new Map<string, number>();
  let ownerId = user.id;
  const result = await applyOnce(deps, user, write.operationId, 200, async (repositories) => {
    const task = await repositories.tasks.findVisible(id, user.id);
    if (!task) throw notFound();
    if (!taskAbilities(task, user.id)[needs]) throw refused();
    const at = new Date().toISOString();
    const { set = {}, alsoTell = [], afterWrite } = (await write.change(repositories, task, at)) ?? {};
    await repositories.tasks.update(id, { ...set, updated_at: at });
    seqs = await repositories.tasks.recordChange([...(await repositories.tasks.groupsSeeing(id)), ...alsoTell], id, at);
    if (afterWrite) mergeChanges(seqs, await afterWrite(repositories));
    ownerId = task.owner_id;
    return presentOne(repositories, (await repositories.tasks.findById(id))!, user.id);
  });
  if (!result.replayed) await announce(deps, seqs, ownerId);
  return result;
}
