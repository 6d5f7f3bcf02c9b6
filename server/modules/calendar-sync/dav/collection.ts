import { createHash } from "node:crypto";
import { CALENDAR_MODULE } from "../../../../domain/calendar-feeds.js";
import type { Task } from "../../../../domain/tasks.js";
import type { AppDeps } from "../../../deps.js";
import { ForbiddenError, NotFoundError } from "../../../errors.js";
import type { User } from "../../../repositories/user-repository.js";
import type { GroupRecord } from "../../../repositories/group-repository.js";
import { enabledModulesFor } from "../../../services/preferences/module-switches.js";
import { presentTasks } from "../../../services/tasks/tasks.js";
import { DavObjectRepository, type DavObjectRow } from "./object-repository.js";
import { defaultUid, renderSubtask, renderTask } from "./vtodo.js";

/**
 * A group as a calendar collection: one resource per task it sees (its own and those shared with
 * it) and one per subtask, a child VTODO. A resource's name is the one a calendar app gave it
 * (calendar_dav_objects), or "<task id>.ics" and "<task id>.<subtask id>.ics" for what was made in
 * the app. Its ETag is the hash of its text, so it changes exactly when what an app reads does.
 */

export const objects = (deps: AppDeps) => new DavObjectRepository(deps.database.db);

export interface DavResource {
  href: string;
  taskId: string;
  subtaskId: string;
  uid: string;
  text: string;
  etag: string;
}

export const etagOf = (text: string) => `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;

/** The groups whose calendars the user sees: theirs, with the module on there. */
export async function davGroups(deps: AppDeps, user: User): Promise<GroupRecord[]> {
  const groups = await deps.repositories.groups.listForMember(user.id);
  const shown: GroupRecord[] = [];
  for (const group of groups) {
    if ((await enabledModulesFor(deps, user.id, [group.id])).has(CALENDAR_MODULE)) shown.push(group);
  }
  return shown;
}

/** The group behind a collection: 404 for one the user is not in (its existence is not theirs to learn). */
export async function davGroup(deps: AppDeps, user: User, groupId: string): Promise<GroupRecord> {
  const group = (await deps.repositories.groups.listForMember(user.id)).find((candidate) => candidate.id === groupId);
  if (!group) throw new NotFoundError("Calendar not found");
  if (!(await enabledModulesFor(deps, user.id, [group.id])).has(CALENDAR_MODULE))
    throw new ForbiddenError("Calendar sync is switched off for this group");
  return group;
}

/** Each category's label by id, and every word that names one of them (label, name, id). */
async function categoryLabels(
  deps: AppDeps,
  groupId: string,
): Promise<{ labels: Map<string, string>; names: Set<string> }> {
  const categories = await deps.repositories.categories.listForGroup(groupId);
  return {
    labels: new Map(categories.map((category) => [category.id, category.label])),
    names: new Set(categories.flatMap((category) => [category.label, category.name, category.id])),
  };
}

/** The resources of these tasks (all seen by the group) in the group's calendar. */
async function resourcesOf(deps: AppDeps, groupId: string, tasks: readonly Task[]): Promise<DavResource[]> {
  const rows = await objects(deps).forTasks(
    groupId,
    tasks.map((task) => task.id),
  );
  const byKey = new Map(rows.map((row) => [`${row.task_id} ${row.subtask_id}`, row]));
  const { labels, names: labelSet } = await categoryLabels(deps, groupId);
  const found: DavResource[] = [];
  const unnamed: DavObjectRow[] = [];
  const at = new Date().toISOString();
  for (const task of tasks) {
    const own = byKey.get(`${task.id} `);
    const uid = own?.uid ?? defaultUid(task.id);
    const text = renderTask(task, {
      uid,
      stored: own?.ical ?? null,
      categoryLabel: labels.get(task.category) ?? null,
      categoryLabels: labelSet,
    });
    found.push({ href: own?.href ?? `${task.id}.ics`, taskId: task.id, subtaskId: "", uid, text, etag: etagOf(text) });
    for (const subtask of task.subtasks) {
      const row = byKey.get(`${task.id} ${subtask.id}`);
      const childUid = row?.uid ?? defaultUid(task.id, subtask.id);
      // A subtask's name is noted when first served: once it is deleted, nothing else would know it.
      if (!row)
        unnamed.push({
          group_id: groupId,
          href: `${task.id}.${subtask.id}.ics`,
          task_id: task.id,
          subtask_id: subtask.id,
          uid: childUid,
          ical: null,
          updated_at: at,
        });
      const childText = renderSubtask(task, subtask, { uid: childUid, parentUid: uid, stored: row?.ical ?? null });
      found.push({
        href: row?.href ?? `${task.id}.${subtask.id}.ics`,
        taskId: task.id,
        subtaskId: subtask.id,
        uid: childUid,
        text: childText,
        etag: etagOf(childText),
      });
    }
  }
  await objects(deps).remember(unnamed);
  return found;
}

/** Every resource of the group's calendar. */
export async function listResources(deps: AppDeps, user: User, groupId: string): Promise<DavResource[]> {
  const tasks = await presentTasks(deps.repositories, await deps.repositories.tasks.listForGroup(groupId), user.id);
  return resourcesOf(deps, groupId, tasks);
}

/** The tasks of these ids the group still sees. */
export async function tasksSeenBy(
  deps: AppDeps,
  user: User,
  groupId: string,
  taskIds: readonly string[],
): Promise<Task[]> {
  const rows = await deps.repositories.tasks.listByIds(taskIds);
  const shares = await deps.repositories.tasks.sharesOf(taskIds);
  const here = rows.filter(
    (row) => row.groupId === groupId || shares.some((share) => share.taskId === row.id && share.groupId === groupId),
  );
  return presentTasks(deps.repositories, here, user.id);
}

export async function resourcesOfTasks(
  deps: AppDeps,
  user: User,
  groupId: string,
  taskIds: readonly string[],
): Promise<DavResource[]> {
  return resourcesOf(deps, groupId, await tasksSeenBy(deps, user, groupId, taskIds));
}

/** What a name in the collection is: a mapped row, or one of the default names. */
export function defaultTarget(href: string): { taskId: string; subtaskId: string } | null {
  const match = /^([A-Za-z0-9]{1,8}-[A-Za-z0-9]{3,10})(?:\.([A-Za-z0-9_-]{1,60}))?\.ics$/.exec(href);
  return match ? { taskId: match[1]!, subtaskId: match[2] ?? "" } : null;
}

/** The resource at a name, if the group sees its task (and the subtask exists). */
export async function findResource(
  deps: AppDeps,
  user: User,
  groupId: string,
  href: string,
): Promise<{ resource: DavResource | null; row: DavObjectRow | undefined }> {
  const row = await objects(deps).byHref(groupId, href);
  const target = row ? { taskId: row.task_id, subtaskId: row.subtask_id } : defaultTarget(href);
  if (!target) return { resource: null, row };
  const resources = await resourcesOfTasks(deps, user, groupId, [target.taskId]);
  const resource = resources.find((candidate) => candidate.subtaskId === target.subtaskId && candidate.href === href);
  return { resource: resource ?? null, row };
}
