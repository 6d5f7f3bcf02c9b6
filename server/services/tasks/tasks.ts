import { DEFAULT_CATEGORY_IDS } from "../../../domain/categories.js";
import { GROUP_MESSAGES } from "../../../domain/group-messages.js";
import {
  type CreateTask,
  DUPLICATE_WINDOW_MS,
  type GroupTasks,
  allTasksSchema,
  groupTasksSchema,
  isNewTaskIdFor,
  newTaskId,
  type Task,
  TASK_MESSAGES,
  type UpdateTask,
} from "../../../domain/tasks.js";
import type { AppDeps } from "../../deps.js";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../errors.js";
import { taskAbilities } from "../../policies/tasks.js";
import { presentTask } from "../../presenters/task.js";
import { ChangeNumbers } from "../../repositories/change-numbers.js";
import type { Repositories } from "../../repositories/index.js";
import type { SubtaskRecord, TaskRecord } from "../../repositories/task-repository.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import type { User } from "../../repositories/user-repository.js";
import { notifyTaskCompleted, notifyTaskShared } from "../notifications/event-notifications.js";
import { tellUsers } from "../live-events.js";
import { JsonAnswer } from "./task-list-cache.js";
import { applyOnceThen, type OperationResult } from "./operations.js";
import { addNextOccurrence, checkRepeat, repeatFields, storedRepeat } from "./task-repeats.js";
import { runAfterTaskWrite, runDuringTaskWrite, type TaskWritten } from "./task-write-hooks.js";

/** Tasks with their subtasks and shares, two queries for any number of tasks. */
export async function presentTasks(
  repositories: Repositories,
  rows: readonly TaskRecord[],
  viewerId: string,
): Promise<Task[]> {
  const ids = rows.map((row) => row.id);
  const [subtasks, shares] = await Promise.all([repositories.tasks.subtasksOf(ids), repositories.tasks.sharesOf(ids)]);
  return rows.map((row) =>
    presentTask(
      row,
      subtasks,
      shares.filter((share) => share.taskId === row.id).map((share) => share.groupId),
      viewerId,
    ),
  );
}

/** A task the user may not see is "Task not found", exactly like a missing one. */
async function visibleTask(repositories: Repositories, user: User, id: string): Promise<TaskRecord> {
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

/**
 * Tells the members of each group (and `alsoTell`) the group's newest task change number; the
 * members are read now unless the write's statement returned them (ChangeNumbers).
 */
export async function announceTaskChanges(
  deps: AppDeps,
  seqs: Map<string, number>,
  alsoTell: readonly string[],
): Promise<void> {
  for (const [groupId, seq] of seqs) {
    const members =
      (seqs instanceof ChangeNumbers ? seqs.members.get(groupId) : undefined) ??
      (await deps.repositories.groups.memberIds(groupId));
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
    mergeChanges(seqs, await repositories.tasks.recordChange([share.groupId], share.taskId, at));
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
export async function createTask(deps: AppDeps, user: User, input: CreateTask): Promise<OperationResult<CreatedTask>> {
  const { after: seqs, ...result } = await applyOnceThen(deps, user, input.operationId, 201, async (repositories) => {
    const now = new Date();
    const at = now.toISOString();
    const id = input.id ?? newTaskId(input.groupId);
    const invalid = invalidNewTask(input, id);
    // A non-member learns nothing of the group, not even that the request was malformed.
    if (invalid) {
      if (!(await repositories.groups.memberRole(input.groupId, user.id)))
        throw new NotFoundError(GROUP_MESSAGES.notFound);
      throw invalid;
    }
    const category = await knownCategory(repositories, input.groupId, input.category);
    const profile = input.deadline ? await repositories.profiles.find(user.id) : undefined;
    const task: Omit<TaskRecord, "sortOrder"> = {
      id,
      groupId: input.groupId,
      title: input.title,
      completed: false,
      completedAt: null,
      deadline: input.deadline ?? null,
      deadlineTimeZone: input.deadline ? (profile?.timeZone ?? "UTC") : null,
      ...repeatFields(input.repeat ?? null),
      priority: input.priority,
      category,
      ownerId: user.id,
      locked: false,
      notes: input.notes,
      createdAt: additionTime(input.createdAt, now),
      updatedAt: at,
    };
    const subtasks: SubtaskRecord[] = input.subtasks.map((subtask, position) => ({
      taskId: id,
      id: `${id}-s${position + 1}`,
      title: subtask.title,
      completed: false,
      position,
      createdAt: task.createdAt,
      completedAt: null,
    }));
    // The membership (locked: a removal racing this waits, then hands the new task over with the
    // others), the place on top of the group's order, a recent task of the same title, the task,
    // its category's last use and the change row: one statement on PostgreSQL. The primary key
    // refuses an id already taken: no read to check it first.
    const created = await insertOrConflict(() =>
      repositories.tasks.createForMember(task, subtasks, new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString()),
    );
    if (!created) throw new NotFoundError(GROUP_MESSAGES.notFound);
    // Presented from what was written: a new task has these subtasks and no shares.
    const written: TaskRecord = { ...task, sortOrder: created.sortOrder };
    return {
      body: { task: presentTask(written, subtasks, [], user.id), possibleDuplicate: created.duplicate },
      after: created.seqs,
    };
  });
  if (seqs) await announce(deps, seqs, user.id);
  return result;
}

/** What is wrong with a new task whatever the group holds (its id, its repeat), if anything. */
function invalidNewTask(input: CreateTask, id: string): Error | undefined {
  if (!isNewTaskIdFor(input.groupId, id)) {
    return new ValidationError(
      "A new task's id is the first 8 characters of its group's id, a dash and 10 letters or digits",
    );
  }
  try {
    checkRepeat(input.repeat ?? null, input.deadline ?? null);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
  return undefined;
}

/** Inserts a new task; an id already taken is "Task id taken" (409), as the client then picks another. */
async function insertOrConflict<T>(insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(TASK_MESSAGES.idTaken);
    throw error;
  }
}

/**
 * All tasks the user sees across their groups (spec /group-tasks), as the JSON text sent: kept per
 * user while the version of what they see has not moved (which groups they are in, and each one's
 * newest change: TaskRepository.visibilityVersion), built afresh otherwise. Every change to what a
 * group lists records a change for that group (as for one group's list, task-list-cache.ts), and
 * joining or leaving a group changes the set: a task the user lost access to is never sent again.
 */
export async function allTasksAnswer(deps: AppDeps, user: User): Promise<JsonAnswer> {
  const { repositories } = deps;
  // Read before the rows: a change landing in between makes the entry stale early, never wrong.
  const version = await repositories.tasks.visibilityVersion(user.id);
  const cached = deps.taskLists.get(ALL_GROUPS, user.id, version);
  if (cached !== undefined) return cached;
  const tasks = await presentTasks(repositories, await repositories.tasks.listVisibleTo(user.id), user.id);
  const answer = new JsonAnswer(JSON.stringify(allTasksSchema.encode(tasks)));
  deps.taskLists.set(ALL_GROUPS, user.id, version, answer);
  return answer;
}

/** The task-list cache's key for the list of all the user's groups at once (never a group id: those are never empty). */
const ALL_GROUPS = "";

/** One statement: the visibility check with the task's subtasks and shares (task-detail-query.ts). */
export async function getTask(deps: AppDeps, user: User, id: string): Promise<Task> {
  const found = await deps.repositories.tasks.findVisibleWithDetails(id, user.id);
  if (!found) throw new NotFoundError(TASK_MESSAGES.notFound);
  return presentTask(found.task, found.subtasks, found.shares, user.id);
}

/**
 * A group's whole list (its own tasks and those shared with it) as the JSON text sent: from the
 * cache while the group's change log has not moved (task-list-cache.ts), built afresh otherwise.
 * The text is made the way the route's schema would make it: encoded by the schema, so a field
 * the presenter did not mean to send never leaves.
 */
export async function groupTaskListAnswer(deps: AppDeps, user: User, groupId: string): Promise<JsonAnswer> {
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
export async function groupTaskChanges(deps: AppDeps, user: User, groupId: string, since: number): Promise<GroupTasks> {
  const { repositories } = deps;
  if (!(await repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
  const { taskIds, latest } = await repositories.tasks.changesSince(groupId, since);
  const rows = await repositories.tasks.listByIds(taskIds);
  const shares = await repositories.tasks.sharesOf(taskIds);
  const stillHere = rows.filter(
    (row) => row.groupId === groupId || shares.some((share) => share.taskId === row.id && share.groupId === groupId),
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
  user: User,
  id: string,
  changes: UpdateTask,
): Promise<OperationResult<Task>> {
  const { outcome: completedNow, ...result } = await writeTask(deps, user, id, {
    operationId: changes.operationId,
    change: async (repositories, task, at) => {
      const owner = changes.deadline ? await repositories.profiles.find(task.ownerId) : undefined;
      const category =
        changes.category === undefined ? undefined : await knownCategory(repositories, task.groupId, changes.category);
      if (category) await repositories.categories.markUsed(task.groupId, category, at);
      if (changes.repeat !== undefined || changes.deadline !== undefined) {
        checkRepeat(
          changes.repeat !== undefined ? changes.repeat : storedRepeat(task),
          changes.deadline !== undefined ? changes.deadline : task.deadline,
        );
      }
      const completedNow = changes.completed === true && !task.completed;
      const completedAt = completedNow ? completionTime(changes.completedAt, task.createdAt, at) : at;
      return {
        outcome: completedNow,
        set: {
          ...(changes.title !== undefined && { title: changes.title }),
          ...(changes.priority !== undefined && { priority: changes.priority }),
          ...(category !== undefined && { category }),
          ...(changes.deadline !== undefined && {
            deadline: changes.deadline,
            deadlineTimeZone: changes.deadline ? (owner?.timeZone ?? task.deadlineTimeZone ?? "UTC") : null,
          }),
          ...(changes.repeat !== undefined && repeatFields(changes.repeat)),
          ...(changes.notes !== undefined && { notes: changes.notes }),
          ...(changes.order !== undefined && { sortOrder: changes.order }),
          ...(changes.completed !== undefined &&
            changes.completed !== task.completed && {
              completed: changes.completed,
              completedAt: changes.completed ? completedAt : null,
            }),
        },
        ...(completedNow && {
          afterWrite: (repositories: Repositories) => addNextOccurrence(repositories, id, at, completedAt),
        }),
      };
    },
  });
  if (completedNow) await notifyTaskCompleted(deps, user, result.body);
  return result;
}

/** How far back an add queued offline may date itself (as a shopping check-off). */
const ADDED_MAX_AGE_MS = 30 * 86_400_000;

/**
 * A moment the client gives for a tap (an add or a completion queued offline arrives later),
 * kept between `earliest` and `now`, so a device's clock ahead or behind cannot date it in the
 * future or too far back. Without one: now.
 */
function tappedAt(given: string | undefined, earliest: number, now: number): string {
  const time = given === undefined ? now : Math.min(Math.max(Date.parse(given), earliest), now);
  return new Date(time).toISOString();
}

/** When a task was added: at most 30 days back, never after its arrival. */
function additionTime(added: string | undefined, now: Date): string {
  return tappedAt(added, now.getTime() - ADDED_MAX_AGE_MS, now.getTime());
}

/** When a task was completed: between the task's creation and now. */
function completionTime(ticked: string | undefined, createdAt: string, now: string): string {
  return tappedAt(ticked, Date.parse(createdAt), Date.parse(now));
}

/** Only the owner deletes, and only an unlocked task: locking is how an owner keeps a task. */
export async function deleteTask(deps: AppDeps, user: User, id: string, operationId?: string): Promise<void> {
  const { after: seqs } = await applyOnceThen(deps, user, operationId, 204, async (repositories) => {
    const task = await visibleTask(repositories, user, id);
    if (task.ownerId !== user.id) throw new ForbiddenError(TASK_MESSAGES.ownerOnlyDelete);
    if (task.locked) throw new ForbiddenError(TASK_MESSAGES.lockedDelete);
    const groups = await repositories.tasks.groupsSeeing(id);
    await repositories.tasks.delete(id);
    return { body: null, after: await repositories.tasks.recordChange(groups, id, new Date().toISOString()) };
  });
  if (seqs) await announce(deps, seqs, user.id);
}

/** Locking and unlocking are the owner's ("Cannot toggle lock" for anyone else). */
export async function setLocked(
  deps: AppDeps,
  user: User,
  id: string,
  locked: boolean,
  operationId?: string,
): Promise<Task> {
  const result = await writeTask(deps, user, id, {
    operationId,
    needs: "lock",
    refused: () => new ForbiddenError(TASK_MESSAGES.cannotToggleLock),
    change: async () => ({ set: { locked }, outcome: null }),
  });
  return result.body;
}

/**
 * spec share_task: the owner shares the task with another group they belong to, once (sharing
 * again changes nothing); `share: false` takes it back. Anyone else: one message for every refusal.
 */
export async function setShared(
  deps: AppDeps,
  user: User,
  id: string,
  groupId: string,
  share: boolean,
  operationId?: string,
): Promise<Task> {
  const cannotShare = () => new NotFoundError(TASK_MESSAGES.cannotShare);
  const { outcome: newlyShared, body } = await writeTask(deps, user, id, {
    operationId,
    needs: "share",
    changes: "shares",
    notFound: cannotShare,
    refused: () => new ForbiddenError(TASK_MESSAGES.cannotShare),
    change: async (repositories, task, at) => {
      if (!(await repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
      // Those who lose the task on unsharing must hear of it too: note them before removing.
      const before = await repositories.tasks.groupsSeeing(id);
      if (groupId === task.groupId) return { alsoTell: [...before, groupId], outcome: false };
      if (share) await repositories.tasks.addShare(id, groupId, at);
      else await repositories.tasks.removeShare(id, groupId);
      return { alsoTell: [...before, groupId], outcome: share && !before.includes(groupId) };
    },
  });
  if (newlyShared) await notifyTaskShared(deps, user, body, groupId);
  return body;
}

/** A subtask change: needs the edit ability, like any change to the task (changeTask below). */
export async function changeTask(
  deps: AppDeps,
  user: User,
  id: string,
  operationId: string | undefined,
  change: (repositories: Repositories, task: TaskRecord, at: string) => Promise<void>,
  notFound: () => Error = () => new NotFoundError(TASK_MESSAGES.notFound),
): Promise<Task> {
  const result = await writeTask(deps, user, id, {
    operationId,
    notFound,
    changes: "subtasks",
    change: async (repositories, task, at) => {
      await change(repositories, task, at);
      return { outcome: null };
    },
  });
  return result.body;
}

interface TaskWrite<Outcome> {
  operationId?: string | undefined;
  /** The ability the caller needs (server/policies/tasks.ts); edit unless said otherwise. */
  needs?: keyof ReturnType<typeof taskAbilities>;
  /** For a task the caller cannot see (default "Task not found"). */
  notFound?: () => Error;
  /** For a caller without the ability (default: the task is locked). */
  refused?: () => Error;
  /** What the change alters besides the task's own columns, read again for the answer. */
  changes?: "subtasks" | "shares";
  /**
   * Makes the change; returns what the caller learns of it (`outcome`), and may return fields to
   * set on the task (updatedAt is always stamped), groups to tell beyond those that see the task
   * afterwards (an unshared group, say), and a step to run once the task is written, whose change
   * numbers are announced too (a task it added).
   */
  change: (
    repositories: Repositories,
    task: TaskRecord,
    at: string,
  ) => Promise<{
    outcome: Outcome;
    set?: Partial<Omit<TaskRecord, "id">>;
    alsoTell?: string[];
    afterWrite?: (repositories: Repositories) => Promise<{ changes: Map<string, number>; id: string | null }>;
  }>;
}

/**
 * The one path of every change to an existing task: find it (unseen: `notFound`), check the
 * caller's ability, apply the change, stamp updatedAt, log the change for every group that sees
 * it, and tell their members once it has committed. Once per operationId: a replay gets the
 * first answer and tells no one again.
 */
async function writeTask<Outcome>(
  deps: AppDeps,
  user: User,
  id: string,
  write: TaskWrite<Outcome>,
): Promise<OperationResult<Task> & { outcome: Outcome | null }> {
  const {
    needs = "edit",
    notFound = () => new NotFoundError(TASK_MESSAGES.notFound),
    refused = () => new ForbiddenError(TASK_MESSAGES.locked),
  } = write;
  const { after, ...result } = await applyOnceThen(
    deps,
    user,
    write.operationId,
    200,
    async (repositories, transaction) => {
      // The task with its subtasks and shares, in one statement: what the answer needs unless the change touches them.
      const found = await repositories.tasks.findVisibleWithDetails(id, user.id);
      if (!found) throw notFound();
      const { task } = found;
      if (!taskAbilities(task, user.id)[needs]) throw refused();
      const at = new Date().toISOString();
      const { outcome, set = {}, alsoTell = [], afterWrite } = await write.change(repositories, task, at);
      const columns = { ...set, updatedAt: at };
      // A change that neither adds a task nor alters the subtasks or shares knows every group to
      // log it for now: the update and the change rows go together (one statement on PostgreSQL).
      const loggedWithUpdate =
        afterWrite || write.changes
          ? null
          : await repositories.tasks.updateWithChange(
              id,
              columns,
              [set.groupId ?? task.groupId, ...found.shares, ...alsoTell],
              at,
            );
      if (!loggedWithUpdate) await repositories.tasks.update(id, columns);
      const next = afterWrite ? await afterWrite(repositories) : null;
      // The columns hold what was set as it was given, so the task afterwards is known without
      // reading it; a next occurrence also ends this task's repeat, so then it is read again.
      const after = next ? (await repositories.tasks.findById(id))! : { ...task, ...set, updatedAt: at };
      const written: TaskWritten = { actor: user, before: task, after, at, nextOccurrenceId: next?.id ?? null };
      // The modules that follow tasks keep what they need of it in this transaction (docs/modules.md).
      await runDuringTaskWrite(deps.taskWriteHooks, transaction, written);
      const subtasks = write.changes === "subtasks" ? await repositories.tasks.subtasksOf([id]) : found.subtasks;
      const shares =
        write.changes === "shares"
          ? (await repositories.tasks.sharesOf([id])).map((share) => share.groupId)
          : found.shares;
      const body = presentTask(after, subtasks, shares, user.id);
      // Last, so the groups' rows (locked on PostgreSQL) are held only until the commit just after.
      const seqs =
        loggedWithUpdate ?? (await repositories.tasks.recordChange([after.groupId, ...shares, ...alsoTell], id, at));
      if (next) mergeChanges(seqs, next.changes);
      return { body, after: { seqs, ownerId: task.ownerId, outcome, written } };
    },
  );
  if (!after) return { ...result, outcome: null };
  await announce(deps, after.seqs, after.ownerId);
  await runAfterTaskWrite(deps, after.written);
  return { ...result, outcome: after.outcome };
}
