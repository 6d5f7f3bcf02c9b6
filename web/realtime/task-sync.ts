import type { QueryClient } from "@tanstack/react-query";
import type { Task } from "../../domain/tasks";
import { allTasksKey } from "../api/all-tasks";
import { type CachedTask, type GroupTaskList, type GroupTasks, listGroupTasks, taskKeys } from "../api/tasks";

/**
 * Tasks this tab is writing right now. A catch-up that lands meanwhile carries the server's state
 * from before the write finished; it must not undo the optimistic change the user sees. The
 * write's own answer brings the server's state once it is done.
 */
const writing = new Map<string, number>();

export function beginTaskWrite(id: string): void {
  writing.set(id, (writing.get(id) ?? 0) + 1);
}

export function endTaskWrite(id: string): void {
  const left = (writing.get(id) ?? 1) - 1;
  if (left <= 0) writing.delete(id);
  else writing.set(id, left);
}

export function isTaskBeingWritten(id: string): boolean {
  return writing.has(id);
}

/**
 * Server versions a catch-up brought while the task was being written here. The write's answer
 * may be older (someone else changed the task right after): the newer of the two is shown then.
 */
const deferred = new Map<string, Task>();

function deferVersion(task: Task): void {
  const earlier = deferred.get(task.id);
  if (!earlier || isNotOlder(task, earlier)) deferred.set(task.id, task);
}

/** The version to show once a write of this task has answered `saved`. */
export function settledVersion(saved: Task): Task {
  const later = deferred.get(saved.id);
  if (!isTaskBeingWritten(saved.id)) deferred.delete(saved.id);
  return later && later.updatedAt > saved.updatedAt ? later : saved;
}

/**
 * The version to show once a write has answered `saved`, or null while another write of the task
 * from this tab is still on its way: the screen holds that write's optimistic change, which this
 * earlier answer does not have (a subtask ticked while the one before was being added). The answer
 * waits as a catch-up's would, and the last write's answer settles the task.
 */
export function versionToShow(saved: Task): Task | null {
  if (isTaskBeingWritten(saved.id)) {
    deferVersion(saved);
    return null;
  }
  return settledVersion(saved);
}

/**
 * Whether a version of a task read from the server may replace the cached one. A catch-up that
 * was read before one of this tab's writes committed can land after the write's answer: its
 * older `updatedAt` gives it away. (Outside a write the cache only holds server versions, so
 * both stamps come from the server's clock.)
 */
export function isNotOlder(incoming: Task, cached: Task): boolean {
  return incoming.updatedAt >= cached.updatedAt;
}

/**
 * A full load of a group's list that lands while this tab writes one of its tasks: that task keeps
 * the version on screen (the optimistic one), and the loaded one waits for the write's answer as a
 * catch-up's would (settledVersion), so the row does not jump back and forth.
 */
export function keepTasksBeingWritten(loaded: readonly Task[], cached: readonly Task[] | undefined): Task[] {
  const local = new Map((cached ?? []).map((task) => [task.id, task]));
  return loaded.map((task) => {
    const mine = isTaskBeingWritten(task.id) ? local.get(task.id) : undefined;
    if (!mine) return task;
    deferVersion(task);
    return mine;
  });
}

/**
 * A full load of a list (a group's, or every task's) as this device shows it: tasks being written
 * here keep their version on screen (keepTasksBeingWritten), and tasks added here that the server
 * does not have yet (an add on its way, or waiting in the offline queue) stay in it, after the
 * loaded ones, instead of vanishing until the queue has run.
 */
export function withLocalTasks(loaded: readonly Task[], cached: readonly CachedTask[] | undefined): CachedTask[] {
  const listed = new Set(loaded.map((task) => task.id));
  const notOnServerYet: CachedTask[] = [];
  for (const task of cached ?? []) {
    if (!(task.unsaved || task.offline) || listed.has(task.id)) continue;
    listed.add(task.id);
    notOnServerYet.push(task);
  }
  return [...keepTasksBeingWritten(loaded, cached), ...notOnServerYet];
}

/**
 * A group's cached list after a catch-up: changed tasks replace theirs or join the list, removed
 * ones leave it; tasks being written here keep their local state, and older reads change nothing.
 */
export function mergeTaskChanges(
  list: GroupTaskList,
  changes: GroupTasks,
  keepLocal: (id: string) => boolean = isTaskBeingWritten,
): GroupTaskList {
  const removed = new Set(changes.removedTaskIds);
  const changed = new Map(changes.tasks.map((task) => [task.id, task]));
  const tasks = list.tasks
    .filter((task) => keepLocal(task.id) || !removed.has(task.id))
    .map((task) => {
      const incoming = changed.get(task.id);
      return incoming && !keepLocal(task.id) && isNotOlder(incoming, task) ? incoming : task;
    });
  const known = new Set(list.tasks.map((task) => task.id));
  for (const task of changes.tasks) {
    if (!known.has(task.id) && !removed.has(task.id) && !keepLocal(task.id)) tasks.push(task);
  }
  return { tasks, seq: Math.max(list.seq, changes.seq) };
}

/** Puts the server's (or an optimistic) version of a task into every cache that shows it. */
export function upsertTaskInCaches(client: QueryClient, task: Task, { addToGroup = true } = {}): void {
  for (const [key, list] of client.getQueriesData<GroupTaskList>({ queryKey: taskKeys.groups })) {
    if (!list) continue;
    const groupId = key[2] as string;
    const index = list.tasks.findIndex((item) => item.id === task.id);
    const seenHere = task.groupId === groupId || task.sharedWithGroups.includes(groupId);
    if (index >= 0) {
      const tasks = seenHere ? list.tasks.with(index, task) : list.tasks.toSpliced(index, 1);
      client.setQueryData<GroupTaskList>(key, { ...list, tasks });
    } else if (seenHere && addToGroup) {
      client.setQueryData<GroupTaskList>(key, { ...list, tasks: [...list.tasks, task] });
    }
  }
  if (client.getQueryData(taskKeys.one(task.id))) client.setQueryData(taskKeys.one(task.id), task);
  // The list of every task the user sees (/group-tasks), so it shows the change without a refetch.
  // (An answer of undefined leaves it as it was, not even marked as fetched now.)
  client.setQueryData<Task[]>(allTasksKey, (list) => {
    const index = list?.findIndex((item) => item.id === task.id) ?? -1;
    if (index >= 0) return list!.with(index, task);
    return list && addToGroup ? [...list, task] : undefined;
  });
}

/** Takes a task out of every list (deleted); its detail query is left for the page to handle. */
export function removeTaskFromCaches(client: QueryClient, id: string): void {
  for (const [key, list] of client.getQueriesData<GroupTaskList>({ queryKey: taskKeys.groups })) {
    if (!list?.tasks.some((task) => task.id === id)) continue;
    client.setQueryData<GroupTaskList>(key, { ...list, tasks: list.tasks.filter((task) => task.id !== id) });
  }
  client.setQueryData<Task[]>(allTasksKey, (list) =>
    list?.some((task) => task.id === id) ? list.filter((task) => task.id !== id) : undefined,
  );
}

/** The version of a task the caches hold: its detail query, or any list that has it. */
export function cachedTask(client: QueryClient, id: string): Task | undefined {
  const detail = client.getQueryData<Task>(taskKeys.one(id));
  if (detail) return detail;
  for (const [, list] of client.getQueriesData<GroupTaskList>({ queryKey: taskKeys.groups })) {
    const found = list?.tasks.find((task) => task.id === id);
    if (found) return found;
  }
  return undefined;
}

const running = new Map<string, Promise<void>>();

/**
 * Brings a group's cached tasks up to date: fetches what changed after the seq the cache has and
 * merges it (tasks.changed, and after every (re)connection). One catch-up per group at a time; an
 * event for a seq the cache already reached costs nothing. A group without a cached list has
 * nothing to merge into: open task pages of that group refetch instead.
 */
export function catchUpGroup(client: QueryClient, groupId: string, seq?: number): Promise<void> {
  const previous = running.get(groupId) ?? Promise.resolve();
  const next = previous.then(() => fetchAndMerge(client, groupId, seq)).catch(() => undefined);
  running.set(groupId, next);
  void next.then(() => {
    if (running.get(groupId) === next) running.delete(groupId);
  });
  return next;
}

async function fetchAndMerge(client: QueryClient, groupId: string, seq: number | undefined): Promise<void> {
  const key = taskKeys.group(groupId);
  const list = client.getQueryData<GroupTaskList>(key);
  if (!list) {
    await client.invalidateQueries({
      queryKey: taskKeys.details,
      predicate: (query) => {
        const task = query.state.data as Task | undefined;
        return !task || task.groupId === groupId || task.sharedWithGroups.includes(groupId);
      },
    });
    return;
  }
  if (client.getQueryState(key)?.fetchStatus === "fetching") {
    // A full load in flight may have read the list before this change: let it land, then catch up from it.
    await client.refetchQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
  }
  const from = client.getQueryData<GroupTaskList>(key);
  if (!from || (seq !== undefined && seq <= from.seq)) return;
  const changes = await listGroupTasks(groupId, from.seq);
  const current = client.getQueryData<GroupTaskList>(key);
  if (!current) return;
  for (const task of changes.tasks) if (isTaskBeingWritten(task.id)) deferVersion(task);
  client.setQueryData<GroupTaskList>(key, mergeTaskChanges(current, changes));
  // The list of every task (the navigation's counts, /group-tasks) takes the changed tasks now,
  // not only when its own refetch lands: a device gone offline in between would keep it without
  // them. What left this group may still be seen through another: that waits for the refetch.
  client.setQueryData<Task[]>(
    allTasksKey,
    (all) => all && mergeTaskChanges({ tasks: all, seq: 0 }, { ...changes, removedTaskIds: [] }).tasks,
  );
  for (const task of changes.tasks) {
    const detail = client.getQueryData<Task>(taskKeys.one(task.id));
    if (detail && !isTaskBeingWritten(task.id) && isNotOlder(task, detail)) {
      client.setQueryData(taskKeys.one(task.id), task);
    }
  }
  // Deleted, or no longer shared with this group (maybe still visible through another): ask again.
  for (const id of changes.removedTaskIds) {
    if (client.getQueryData(taskKeys.one(id))) void client.invalidateQueries({ queryKey: taskKeys.one(id) });
  }
}

/** After a (re)connection: every cached list catches up, every open task is asked for again. */
export async function catchUpAll(client: QueryClient): Promise<void> {
  const groups = client
    .getQueriesData<GroupTaskList>({ queryKey: taskKeys.groups })
    .filter(([, list]) => list !== undefined)
    .map(([key]) => key[2] as string);
  await Promise.all([
    ...groups.map((groupId) => catchUpGroup(client, groupId)),
    client.invalidateQueries({ queryKey: taskKeys.details }),
  ]);
}
