import type { QueryClient } from "@tanstack/react-query";
import type { Task } from "../../../domain/tasks";
import { errorMessage } from "../../api/http";
import { ApiRequestError } from "../../api/http";
import {
  type CachedTask,
  type GroupTaskList,
  newOperationId,
  type NewTask,
  prepareTask,
  type TaskChanges,
  taskKeys,
} from "../../api/tasks";
import { describeRepeat } from "../../../domain/repeat-text";
import { newTaskId, TASK_MESSAGES } from "../../../domain/task-rules";
import { cancelUnsentTask, submit, type Submitted } from "../../offline/queue";
import { type QueuedTaskWrite, readTaskWrite, taskWrites } from "./task-writes";
import type { QueuedOperation } from "../../../domain/offline-queue";
import {
  beginTaskWrite,
  cachedTask,
  catchUpGroup,
  endTaskWrite,
  removeTaskFromCaches,
  settledVersion,
  versionToShow,
  upsertTaskInCaches,
} from "../../realtime/task-sync";
import { notify } from "../../stores/notifier";
import { celebrateCompletion } from "../../feedback";
import { localTimeZone } from "./task-view";

/**
 * Every change to a task the pages make: shown at once in every cache (optimistic), sent, then
 * replaced by the server's answer or rolled back, with a toast saying which.
 */

/**
 * Runs `write` with the task marked as being written, so a live catch-up does not undo what the
 * user sees; a task it answers with gives way to a newer version a catch-up brought meanwhile.
 */
async function writing<T>(id: string, write: () => Promise<T>): Promise<T> {
  beginTaskWrite(id);
  let result: T;
  try {
    result = await write();
  } finally {
    endTaskWrite(id);
  }
  return isTask(result) ? (settledVersion(result) as T) : result;
}

/** A write's answer on screen, unless another write of the task is still on its way (versionToShow). */
function showAnswer(client: QueryClient, saved: Task): void {
  const shown = versionToShow(saved);
  if (shown) upsertTaskInCaches(client, shown);
}

function isTask(value: unknown): value is Task {
  return typeof value === "object" && value !== null && "updatedAt" in value && "abilities" in value;
}

function optimisticTask(client: QueryClient, input: NewTask, id: string, ownerId: string): CachedTask {
  const list = client.getQueryData<GroupTaskList>(taskKeys.group(input.groupId));
  const own = list?.tasks.filter((task) => task.groupId === input.groupId) ?? [];
  const now = new Date().toISOString();
  return {
    id,
    groupId: input.groupId,
    title: input.title.trim(),
    completed: false,
    completedAt: null,
    deadline: input.deadline ?? null,
    deadlineTimeZone: input.deadline ? localTimeZone() : null,
    repeat: input.repeat ?? null,
    priority: input.priority ?? "medium",
    category: input.category ?? "other",
    ownerId,
    locked: false,
    sharedWithGroups: [],
    notes: input.notes ?? "",
    subtasks: [],
    subtasksTotal: 0,
    subtasksCompleted: 0,
    // New tasks go on top, as the server puts them.
    order: own.length ? Math.min(...own.map((task) => task.order)) - 1 : 0,
    createdAt: now,
    updatedAt: now,
    abilities: { edit: true, delete: true, lock: true, share: true },
    unsaved: true,
  };
}

function replaceInGroup(client: QueryClient, groupId: string, id: string, task: CachedTask | null): void {
  client.setQueryData<GroupTaskList>(taskKeys.group(groupId), (list) => {
    if (!list) return list;
    const tasks = list.tasks.filter((item) => item.id !== id && item.id !== task?.id);
    const index = list.tasks.findIndex((item) => item.id === id);
    if (task) tasks.splice(index < 0 ? tasks.length : index, 0, task);
    return { ...list, tasks };
  });
}

/**
 * Adds a task: on the list at once, saved with a client-made id and operationId (a retried
 * request makes it once). Failure takes it off again. Resolves to the saved
 * task, or null when it failed.
 */
export async function addTask(client: QueryClient, input: NewTask, ownerId: string): Promise<Task | null> {
  let prepared = prepareTask(input);
  const optimistic = optimisticTask(client, input, prepared.id, ownerId);
  replaceInGroup(client, input.groupId, prepared.id, optimistic);
  try {
    let result: Submitted<{ task: Task; possibleDuplicate: boolean }>;
    for (let attempt = 0; ; attempt += 1) {
      try {
        result = await writing(prepared.id, () => submit(taskWrites.create(prepared)));
        break;
      } catch (error) {
        // Somebody's task already has this id (ids are made on the client): the same task under a new id.
        if (!(error instanceof ApiRequestError && error.message === TASK_MESSAGES.idTaken) || attempt >= 3) throw error;
        const previousId = prepared.id;
        prepared = { ...prepared, id: newTaskId(prepared.groupId), operationId: newOperationId() };
        replaceInGroup(client, input.groupId, previousId, { ...optimistic, id: prepared.id });
      }
    }
    if (result.queued) {
      const queued: CachedTask = { ...optimistic, id: prepared.id, unsaved: undefined, offline: true };
      replaceInGroup(client, input.groupId, prepared.id, queued);
      // Usable like any task meanwhile: /group-tasks lists it too.
      upsertTaskInCaches(client, queued);
      notify.success("Task added in offline mode - will sync when online");
      return queued;
    }
    const { task, possibleDuplicate } = result.body;
    replaceInGroup(client, input.groupId, prepared.id, task);
    upsertTaskInCaches(client, task);
    if (possibleDuplicate) {
      notify.warning(`"${task.title}" was already added a moment ago. Is this a duplicate?`, {
        id: `duplicate-${task.id}`,
        duration: 10_000,
        action: { label: "Remove it", onClick: () => void removeTask(client, task) },
      });
    } else {
      notify.success("Task added successfully");
    }
    return task;
  } catch (error) {
    replaceInGroup(client, input.groupId, prepared.id, null);
    notify.error(`Failed to add task: ${errorMessage(error)}`);
    return null;
  }
}

/** Kept on this device until the network is back: said once, not per keystroke. */
function savedOffline(): void {
  notify.info("Saved on this device - will sync when online", { id: "saved-offline" });
}

/** The task as it looks with `changes` applied, before the server answers. */
function applyLocally(task: Task, changes: TaskChanges): Task {
  const next: Task = { ...task, updatedAt: new Date().toISOString() };
  if (changes.title !== undefined) next.title = changes.title.trim();
  if (changes.priority !== undefined) next.priority = changes.priority;
  if (changes.category !== undefined) next.category = changes.category;
  if (changes.notes !== undefined) next.notes = changes.notes;
  if (changes.order !== undefined) next.order = changes.order;
  if (changes.deadline !== undefined) {
    next.deadline = changes.deadline;
    next.deadlineTimeZone = changes.deadline ? (task.deadlineTimeZone ?? localTimeZone()) : null;
  }
  if (changes.repeat !== undefined) next.repeat = changes.repeat;
  if (changes.completed !== undefined && changes.completed !== task.completed) {
    next.completed = changes.completed;
    next.completedAt = changes.completed ? (changes.completedAt ?? new Date().toISOString()) : null;
    // Its repeat passes to the next occurrence, which the server adds (it arrives as a change of
    // the group, so it is never shown twice); reopening does not give it back.
    if (changes.completed) next.repeat = null;
  }
  return next;
}

/**
 * Edits a task optimistically; false (and the old state back) when it failed. A repeating task
 * keeps a deadline: removing it stops the repeat in the same write.
 */
export async function editTask(
  client: QueryClient,
  task: Task,
  requested: TaskChanges,
  messages: { success?: string; failure: string },
): Promise<boolean> {
  const changes: TaskChanges = {
    ...requested,
    ...(requested.deadline === null && task.repeat && requested.repeat === undefined && { repeat: null }),
    // The moment it was ticked: queued offline, the completion still counts from then.
    ...(requested.completed === true && !task.completed && { completedAt: new Date().toISOString() }),
  };
  upsertTaskInCaches(client, applyLocally(task, changes), { addToGroup: false });
  try {
    const result = await writing(task.id, () => submit<Task>(taskWrites.update(task, changes)));
    if (result.queued) {
      savedOffline();
      return true;
    }
    showAnswer(client, result.body);
    // Done, it added its next occurrence: shown now, not only when the live event comes.
    if (changes.completed && task.repeat && !task.completed) void catchUpGroup(client, task.groupId);
    if (messages.success) notify.success(messages.success);
    return true;
  } catch (error) {
    upsertTaskInCaches(client, task, { addToGroup: false });
    notify.error(messages.failure, { description: errorMessage(error) });
    return false;
  }
}

/** Completes or reopens a task; completing offers to undo it. */
export async function setCompleted(client: QueryClient, task: Task, completed: boolean): Promise<boolean> {
  // At once, from where the user ticked it (the focused box): the list shows it done at once too.
  if (completed && !task.completed) celebrateCompletion();
  const done = await editTask(client, task, { completed }, { failure: "Failed to toggle task" });
  if (!done) return false;
  if (completed && task.repeat && !task.completed) {
    // No undo: reopening keeps the next occurrence the server added, so it would undo half.
    notify.success("Task completed", {
      id: `toggle-${task.id}`,
      description: `${task.title} · repeats ${describeRepeat(task.repeat.rule, "en", task.repeat)}`,
    });
  } else if (completed) {
    notify.success("Task completed", {
      id: `toggle-${task.id}`,
      description: task.title,
      action: {
        label: "Undo",
        onClick: () => void setCompleted(client, { ...task, completed: true, completedAt: null }, false),
      },
    });
  } else {
    notify.success("Task reopened", { id: `toggle-${task.id}`, description: task.title });
  }
  return true;
}

/** Deletes a task: off every list at once; on failure the lists are loaded again. */
export async function removeTask(client: QueryClient, task: Task): Promise<boolean> {
  removeTaskFromCaches(client, task.id);
  try {
    // Added offline and never sent: forgetting the queued create is the whole delete.
    if (await cancelUnsentTask(task.id)) {
      notify.success("Task deleted successfully");
      return true;
    }
    const result = await writing(task.id, () => submit<void>(taskWrites.remove(task)));
    if (result.queued) savedOffline();
    else notify.success("Task deleted successfully");
    return true;
  } catch (error) {
    notify.error("Failed to delete task", { description: errorMessage(error) });
    void client.invalidateQueries({ queryKey: taskKeys.groups });
    return false;
  }
}

/** Moves tasks to new places in the manual order (usually one task; all of them when renumbering). */
export async function reorderTasks(
  client: QueryClient,
  tasks: readonly Task[],
  changes: readonly { id: string; order: number }[],
): Promise<void> {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  for (const change of changes) {
    const task = byId.get(change.id);
    if (task) upsertTaskInCaches(client, { ...task, order: change.order }, { addToGroup: false });
  }
  try {
    let queued = false;
    for (const change of changes) {
      const task = byId.get(change.id);
      if (!task) continue;
      const result = await writing(change.id, () => submit<Task>(taskWrites.update(task, { order: change.order })));
      if (result.queued) queued = true;
      else showAnswer(client, result.body);
    }
    if (queued) savedOffline();
  } catch (error) {
    notify.error("Failed to reorder tasks", { description: errorMessage(error) });
    void client.invalidateQueries({ queryKey: taskKeys.groups });
  }
}

export async function setLocked(client: QueryClient, task: Task, locked: boolean): Promise<boolean> {
  upsertTaskInCaches(client, taskAfter(task, { kind: "lock", taskId: task.id, locked }), { addToGroup: false });
  try {
    const result = await writing(task.id, () => submit<Task>(taskWrites.lock(task, locked)));
    if (result.queued) {
      savedOffline();
      return true;
    }
    showAnswer(client, result.body);
    notify.success("Task lock toggled successfully");
    return true;
  } catch (error) {
    upsertTaskInCaches(client, task, { addToGroup: false });
    notify.error("Failed to toggle task lock", { description: errorMessage(error) });
    return false;
  }
}

export async function setShared(
  client: QueryClient,
  task: Task,
  group: { id: string; name: string },
  shared: boolean,
): Promise<boolean> {
  const locally = taskAfter(task, { kind: "share", taskId: task.id, groupId: group.id, shared });
  upsertTaskInCaches(client, locally, { addToGroup: false });
  try {
    const result = await writing(task.id, () => submit<Task>(taskWrites.share(task, group, shared)));
    if (result.queued) {
      savedOffline();
      return true;
    }
    showAnswer(client, result.body);
    // The other group's list (if cached) gains or loses the task when its own event arrives.
    notify.success(shared ? "Task shared successfully" : `The task is no longer shared with ${group.name}`);
    return true;
  } catch (error) {
    upsertTaskInCaches(client, task, { addToGroup: false });
    notify.error(shared ? "Failed to share task" : "Failed to stop sharing the task", {
      description: errorMessage(error),
    });
    return false;
  }
}

/** Subtask changes answer with the whole task; shown at once, saved (or queued), errors as toasts. */
async function subtaskWrite(
  client: QueryClient,
  task: Task,
  failure: string,
  write: ReturnType<typeof taskWrites.subtask>,
  optimistic: Task,
): Promise<boolean> {
  upsertTaskInCaches(client, optimistic, { addToGroup: false });
  try {
    const result = await writing(task.id, () => submit<Task>(write));
    if (result.queued) savedOffline();
    else showAnswer(client, result.body);
    return true;
  } catch (error) {
    upsertTaskInCaches(client, task, { addToGroup: false });
    notify.error(failure, { description: errorMessage(error) });
    return false;
  }
}

/** The task with another list of subtasks, its counts kept right. */
function withSubtasks(task: Task, subtasks: Task["subtasks"]): Task {
  return {
    ...task,
    subtasks,
    subtasksTotal: subtasks.length,
    subtasksCompleted: subtasks.filter((subtask) => subtask.completed).length,
  };
}

/** A subtask id made here, so a subtask added offline keeps it (the server accepts client ids). */
function newSubtaskId(): string {
  return newOperationId().replaceAll("-", "").slice(0, 12);
}

/**
 * A task as this device shows it once `write` is made: what a write shows at once, and what a
 * write still in the offline queue shows after a reload (showQueuedTaskWrite).
 */
export function taskAfter(task: Task, write: Exclude<QueuedTaskWrite, { kind: "create" | "delete" }>): Task {
  const now = new Date().toISOString();
  switch (write.kind) {
    case "update":
      return applyLocally(task, write.changes);
    case "lock":
      return { ...task, locked: write.locked, abilities: { ...task.abilities, delete: !write.locked } };
    case "share": {
      const others = task.sharedWithGroups.filter((id) => id !== write.groupId);
      return { ...task, sharedWithGroups: write.shared ? [...others, write.groupId] : others };
    }
    case "add-subtask":
      if (task.subtasks.some((subtask) => subtask.id === write.subtask.id)) return task;
      return withSubtasks(task, [
        ...task.subtasks,
        {
          id: write.subtask.id,
          title: write.subtask.title.trim(),
          completed: false,
          createdAt: now,
          completedAt: null,
        },
      ]);
    case "change-subtask": {
      const { title, completed } = write.changes;
      return withSubtasks(
        task,
        task.subtasks.map((subtask) =>
          subtask.id !== write.subtaskId
            ? subtask
            : {
                ...subtask,
                ...(title !== undefined && { title }),
                ...(completed !== undefined &&
                  completed !== subtask.completed && { completed, completedAt: completed ? now : null }),
              },
        ),
      );
    }
    case "delete-subtask":
      return withSubtasks(
        task,
        task.subtasks.filter((subtask) => subtask.id !== write.subtaskId),
      );
    case "order-subtasks": {
      const byId = new Map(task.subtasks.map((subtask) => [subtask.id, subtask]));
      const listed = new Set(write.ids);
      return withSubtasks(task, [
        ...write.ids.map((id) => byId.get(id)).filter((subtask) => subtask !== undefined),
        // One added after the order was queued stays, at the end.
        ...task.subtasks.filter((subtask) => !listed.has(subtask.id)),
      ]);
    }
  }
}

/**
 * Shows a write that is still in the offline queue in the query cache, as it showed when the user
 * made it: after a reload the lists come from IndexedDB or from the server, neither of which may
 * have it yet (another tab saved the cache after it, or the server's list came with the page).
 * Showing one twice changes nothing.
 */
export function showQueuedTaskWrite(client: QueryClient, operation: QueuedOperation, ownerId: string): void {
  const write = readTaskWrite(operation.request);
  if (!write) return;
  if (write.kind === "create") {
    // Into its group's list and the list of every task (/group-tasks), where cached. A list
    // restored from IndexedDB may have it already while another list does not (the list of every
    // task, loaded from the server): the version on this device goes into each.
    const task: CachedTask = cachedTask(client, write.task.id) ?? {
      ...optimisticTask(client, write.task, write.task.id, ownerId),
      unsaved: undefined,
      offline: true,
    };
    upsertTaskInCaches(client, task);
    return;
  }
  if (write.kind === "delete") {
    removeTaskFromCaches(client, write.taskId);
    return;
  }
  const task = cachedTask(client, write.taskId);
  if (task) upsertTaskInCaches(client, taskAfter(task, write), { addToGroup: false });
}

export const subtaskActions = {
  add: (client: QueryClient, task: Task, title: string) => {
    const subtask = { id: newSubtaskId(), title: title.trim() };
    return subtaskWrite(
      client,
      task,
      "Failed to add subtask",
      taskWrites.subtask(task, "create", "POST", `/subtasks`, subtask),
      taskAfter(task, { kind: "add-subtask", taskId: task.id, subtask }),
    );
  },
  rename: (client: QueryClient, task: Task, subtaskId: string, title: string) =>
    subtaskWrite(
      client,
      task,
      "Failed to rename subtask",
      taskWrites.subtask(task, "update", "PATCH", `/subtasks/${encodeURIComponent(subtaskId)}`, { title }),
      taskAfter(task, { kind: "change-subtask", taskId: task.id, subtaskId, changes: { title } }),
    ),
  toggle: (client: QueryClient, task: Task, subtaskId: string, completed: boolean) =>
    subtaskWrite(
      client,
      task,
      "Failed to toggle subtask",
      taskWrites.subtask(task, "update", "PATCH", `/subtasks/${encodeURIComponent(subtaskId)}`, { completed }),
      taskAfter(task, { kind: "change-subtask", taskId: task.id, subtaskId, changes: { completed } }),
    ),
  remove: (client: QueryClient, task: Task, subtaskId: string) =>
    subtaskWrite(
      client,
      task,
      "Failed to delete subtask",
      taskWrites.subtask(task, "delete", "DELETE", `/subtasks/${encodeURIComponent(subtaskId)}`),
      taskAfter(task, { kind: "delete-subtask", taskId: task.id, subtaskId }),
    ),
  reorder: (client: QueryClient, task: Task, ids: string[]) =>
    subtaskWrite(
      client,
      task,
      "Failed to reorder subtasks",
      taskWrites.subtask(task, "update", "PUT", `/subtasks/order`, { ids }),
      taskAfter(task, { kind: "order-subtasks", taskId: task.id, ids }),
    ),
};
