import { randomBytes } from "node:crypto";
import ICAL from "ical.js";
import { type z } from "zod";
import { repeatRuleProblem } from "../../../../domain/repeat-rule.js";
import { createTaskSchema, newTaskId, type Task, updateTaskSchema } from "../../../../domain/tasks.js";
import { addSubtaskSchema, updateSubtaskSchema } from "../../../../domain/subtasks.js";
import { wallClockAt } from "../../../../domain/time-zones.js";
import type { AppDeps } from "../../../deps.js";
import { ValidationError } from "../../../errors.js";
import type { User } from "../../../repositories/user-repository.js";
import { addSubtask, deleteSubtask, updateSubtask } from "../../../services/tasks/subtasks.js";
import { createTask, deleteTask, getTask, updateTask } from "../../../services/tasks/tasks.js";
import { wallTimeToInstant } from "../vtimezone.js";
import { type DavResource, defaultTarget, findResource, objects, tasksSeenBy } from "./collection.js";
import type { DavObjectRow } from "./object-repository.js";
import { defaultUid, type IncomingDue, type IncomingTodo, readTodo } from "./vtodo.js";

/**
 * PUT and DELETE of a calendar app, through the same task services as the app's own edits, so
 * who may do what, validation, the change log, live events and notifications are the same.
 */

/** A precondition of RFC 4791 or RFC 4918 that failed: the status and the element to name. */
export class DavPreconditionError extends Error {
  constructor(
    readonly status: number,
    readonly condition: { ns: "DAV:" | "urn:ietf:params:xml:ns:caldav"; name: string } | null,
    message: string,
  ) {
    super(message);
  }
}

const CALDAV = "urn:ietf:params:xml:ns:caldav" as const;

/** RFC 7232: does an If-Match / If-None-Match list name this ETag ("*": any)? */
export function matchesEtag(header: string, etag: string | null): boolean {
  if (etag === null) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

function checkConditions(ifMatch: string | undefined, ifNoneMatch: string | undefined, current: DavResource | null) {
  if (ifMatch !== undefined && !matchesEtag(ifMatch, current?.etag ?? null))
    throw new DavPreconditionError(412, null, "The resource changed meanwhile (If-Match)");
  if (
    ifNoneMatch !== undefined &&
    (ifNoneMatch.trim() === "*" ? current !== null : matchesEtag(ifNoneMatch, current?.etag ?? null))
  )
    throw new DavPreconditionError(412, null, "The resource exists (If-None-Match)");
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A DUE on the given zone's clock: "2026-12-24" or "2026-12-24T18:30" (a floating time is read there as it is). */
export function deadlineIn(due: IncomingDue, zone: string): string {
  if (due.kind === "date") return due.date;
  const { wall } = due;
  let clock = wall;
  if (due.zone !== null && (due.zone === "UTC" || knownZone(due.zone)) && due.zone !== zone) {
    const instant =
      due.zone === "UTC"
        ? Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute)
        : wallTimeToInstant(wall, due.zone);
    clock = wallClockAt(instant, zone);
  }
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

async function zoneOf(deps: AppDeps, userId: string): Promise<string> {
  return (await deps.repositories.profiles.find(userId))?.timeZone ?? "UTC";
}

/** The incoming RRULE as a repeat the app can keep, or null (none, or one it cannot keep: COUNT, UNTIL, hourly). */
function repeatOf(todo: IncomingTodo, hasDeadline: boolean): { rule: string; fromCompletion: boolean } | null {
  if (todo.rrule === null || !hasDeadline || repeatRuleProblem(todo.rrule) !== null) return null;
  return { rule: todo.rrule, fromCompletion: todo.fromCompletion };
}

async function categoryOf(deps: AppDeps, groupId: string, names: readonly string[]): Promise<string | undefined> {
  const categories = await deps.repositories.categories.listForGroup(groupId);
  for (const name of names) {
    const wanted = name.trim().toLowerCase();
    const found = categories.find(
      (category) =>
        category.label.toLowerCase() === wanted || category.name.toLowerCase() === wanted || category.id === name,
    );
    if (found) return found.id;
  }
  return undefined;
}

function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(result.error.issues[0]?.message ?? "Not a valid task");
  return result.data;
}

const sameRepeat = (a: Task["repeat"], b: { rule: string; fromCompletion: boolean } | null) =>
  a === null
    ? b === null
    : b !== null && ICAL.Recur.fromString(a.rule).toString() === b.rule && a.fromCompletion === b.fromCompletion;

async function updateFromTodo(
  deps: AppDeps,
  user: User,
  task: Task,
  todo: IncomingTodo,
  groupId: string,
): Promise<void> {
  let deadline: string | null | undefined;
  if (todo.due === null) deadline = task.deadline === null ? undefined : null;
  else {
    // Read on the task's own clock first, so an unchanged DUE is no change at all.
    const asStored = deadlineIn(todo.due, task.deadlineTimeZone ?? (await zoneOf(deps, task.ownerId)));
    deadline = asStored === task.deadline ? undefined : deadlineIn(todo.due, await zoneOf(deps, task.ownerId));
  }
  const hasDeadline = deadline === undefined ? task.deadline !== null : deadline !== null;
  const wanted = repeatOf(todo, hasDeadline);
  const unkeptRule = todo.rrule !== null && wanted === null && hasDeadline && task.repeat !== null;
  const repeat = sameRepeat(task.repeat, wanted) || unkeptRule ? undefined : wanted;
  const category = await categoryOf(deps, groupId, todo.categories);
  const changes = parsed(updateTaskSchema, {
    ...(todo.summary !== task.title && { title: todo.summary || task.title }),
    ...(todo.description !== task.notes && { notes: todo.description }),
    ...(todo.priority !== task.priority && { priority: todo.priority }),
    ...(deadline !== undefined && { deadline }),
    ...(repeat !== undefined && { repeat }),
    ...(category !== undefined && category !== task.category && { category }),
    ...(todo.completed !== task.completed && { completed: todo.completed }),
  });
  // A repeat must go before a deadline it needs is removed: the service refuses them the other way round.
  if (changes.deadline === null && task.repeat !== null && changes.repeat === undefined) changes.repeat = null;
  await updateTask(deps, user, task.id, changes);
}

/**
 * A calendar's writes, one after the other in this process: an If-Match is checked and the write
 * made before the next write's check, so two apps writing with the same ETag at once get one 204
 * and one 412. (Between server processes the window is the few milliseconds between check and
 * write; docs/calendar.md.)
 */
const calendarQueues = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(groupId: string, write: () => Promise<T>): Promise<T> {
  const before = calendarQueues.get(groupId) ?? Promise.resolve();
  const mine = before.then(write, write);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  calendarQueues.set(groupId, settled);
  try {
    return await mine;
  } finally {
    if (calendarQueues.get(groupId) === settled) calendarQueues.delete(groupId);
  }
}

const newSubtaskId = () => randomBytes(9).toString("base64url");

export interface PutResult {
  created: boolean;
  etag: string | null;
}

/** A calendar app writes a resource: a new task or subtask, or a change to one. */
export function putResource(
  deps: AppDeps,
  user: User,
  groupId: string,
  href: string,
  body: string,
  conditions: { ifMatch: string | undefined; ifNoneMatch: string | undefined },
): Promise<PutResult> {
  return oneAtATime(groupId, () => put(deps, user, groupId, href, body, conditions));
}

async function put(
  deps: AppDeps,
  user: User,
  groupId: string,
  href: string,
  body: string,
  conditions: { ifMatch: string | undefined; ifNoneMatch: string | undefined },
): Promise<PutResult> {
  const todo = readTodo(body);
  const { resource: current, row } = await findResource(deps, user, groupId, href);
  checkConditions(conditions.ifMatch, conditions.ifNoneMatch, current);
  const at = new Date().toISOString();
  const store = objects(deps);

  if (current) {
    if (todo.uid !== current.uid)
      throw new DavPreconditionError(403, { ns: CALDAV, name: "no-uid-conflict" }, "A resource keeps its UID");
    // The text goes in first, so a client that syncs as soon as the change is announced reads it.
    const before = row ?? null;
    const target: DavObjectRow = {
      group_id: groupId,
      href,
      task_id: current.taskId,
      subtask_id: current.subtaskId,
      uid: current.uid,
      ical: body,
      updated_at: at,
    };
    await store.put(target);
    try {
      if (current.subtaskId === "") {
        await updateFromTodo(deps, user, await getTask(deps, user, current.taskId), todo, groupId);
      } else {
        const task = await getTask(deps, user, current.taskId);
        const subtask = task.subtasks.find((candidate) => candidate.id === current.subtaskId)!;
        const input = parsed(updateSubtaskSchema, {
          ...(todo.summary !== "" && todo.summary !== subtask.title && { title: todo.summary }),
          ...(todo.completed !== subtask.completed && { completed: todo.completed }),
        });
        await updateSubtask(deps, user, current.taskId, current.subtaskId, input);
      }
    } catch (error) {
      if (before) await store.put(before);
      else await store.delete(groupId, href);
      throw error;
    }
    return { created: false, etag: (await findResource(deps, user, groupId, href)).resource?.etag ?? null };
  }

  // A new resource: its UID must not name something already in the calendar.
  const sameUid = await store.byUid(groupId, todo.uid);
  const uidTarget = sameUid ?? defaultTarget(todo.uid.replace(/@tandem-task$/, "") + ".ics");
  if (uidTarget) {
    const taskId = "task_id" in uidTarget ? uidTarget.task_id : uidTarget.taskId;
    if ((await tasksSeenBy(deps, user, groupId, [taskId])).length > 0)
      throw new DavPreconditionError(403, { ns: CALDAV, name: "no-uid-conflict" }, "The UID is taken in this calendar");
  }
  const parent = await parentTask(deps, user, groupId, todo.parentUid);
  if (parent) {
    const subtaskId = newSubtaskId();
    await store.put({
      group_id: groupId,
      href,
      task_id: parent.id,
      subtask_id: subtaskId,
      uid: todo.uid,
      ical: body,
      updated_at: at,
    });
    try {
      await addSubtask(
        deps,
        user,
        parent.id,
        parsed(addSubtaskSchema, { id: subtaskId, title: todo.summary || "Untitled" }),
      );
      if (todo.completed) await updateSubtask(deps, user, parent.id, subtaskId, { completed: true });
    } catch (error) {
      await store.delete(groupId, href);
      throw error;
    }
  } else {
    const id = newTaskId(groupId);
    const deadline = todo.due === null ? null : deadlineIn(todo.due, await zoneOf(deps, user.id));
    const input = parsed(createTaskSchema, {
      id,
      groupId,
      title: todo.summary || "Untitled",
      priority: todo.priority,
      category: await categoryOf(deps, groupId, todo.categories),
      deadline,
      repeat: repeatOf(todo, deadline !== null),
      notes: todo.description,
    });
    await store.put({
      group_id: groupId,
      href,
      task_id: id,
      subtask_id: "",
      uid: todo.uid,
      ical: body,
      updated_at: at,
    });
    try {
      await createTask(deps, user, input);
    } catch (error) {
      await store.delete(groupId, href);
      throw error;
    }
    if (todo.completed) await updateTask(deps, user, id, { completed: true });
  }
  return { created: true, etag: (await findResource(deps, user, groupId, href)).resource?.etag ?? null };
}

/** The task a new child VTODO belongs to: the one in this calendar whose UID its RELATED-TO names. */
async function parentTask(deps: AppDeps, user: User, groupId: string, parentUid: string | null): Promise<Task | null> {
  if (parentUid === null) return null;
  const row = await objects(deps).byUid(groupId, parentUid);
  const taskId =
    row && row.subtask_id === "" ? row.task_id : defaultTarget(parentUid.replace(/@tandem-task$/, "") + ".ics")?.taskId;
  if (!taskId || (!row && defaultUid(taskId) !== parentUid)) return null;
  const [task] = await tasksSeenBy(deps, user, groupId, [taskId]);
  return task ?? null;
}

/** A calendar app deletes a resource: the task (owner only, unlocked, as in the app) or the subtask. */
export function deleteResource(
  deps: AppDeps,
  user: User,
  groupId: string,
  href: string,
  ifMatch: string | undefined,
): Promise<boolean> {
  return oneAtATime(groupId, () => remove(deps, user, groupId, href, ifMatch));
}

async function remove(
  deps: AppDeps,
  user: User,
  groupId: string,
  href: string,
  ifMatch: string | undefined,
): Promise<boolean> {
  const { resource } = await findResource(deps, user, groupId, href);
  if (!resource) return false;
  checkConditions(ifMatch, undefined, resource);
  // The address is kept: a sync report names the deleted task by it.
  if (resource.subtaskId === "") await deleteTask(deps, user, resource.taskId);
  else await deleteSubtask(deps, user, resource.taskId, resource.subtaskId);
  return true;
}
