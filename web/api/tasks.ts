import type { Category } from "../../domain/categories";
import { newTaskId, type Priority, type Task, TASK_MESSAGES, type UpdateTask } from "../../domain/tasks";
import { ApiRequestError, apiFetch } from "./http";

/** What GET /api/groups/<id>/tasks answers: the whole list, or with `since` only what changed. */
export interface GroupTasks {
  tasks: Task[];
  removedTaskIds: string[];
  seq: number;
}

/** A task in the cache; `unsaved` while an optimistic add waits for the server. */
export type CachedTask = Task & { unsaved?: true };

/** The cached list of a group: its tasks and the sequence number to catch up from. */
export interface GroupTaskList {
  tasks: CachedTask[];
  seq: number;
}

/** Query keys: everything about tasks lives under ["tasks"]; categories per group under ["categories"]. */
export const taskKeys = {
  all: ["tasks"] as const,
  groups: ["tasks", "group"] as const,
  group: (groupId: string) => ["tasks", "group", groupId] as const,
  details: ["tasks", "one"] as const,
  one: (id: string) => ["tasks", "one", id] as const,
};
export const categoryKeys = {
  all: ["categories"] as const,
  group: (groupId: string) => ["categories", groupId] as const,
};

const task = (id: string) => `/api/tasks/${encodeURIComponent(id)}`;
const groupTasks = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}/tasks`;

/**
 * An id that makes a write apply once on the server (a retry, or the offline queue replaying it,
 * gets the first answer). crypto.randomUUID needs a secure context; a self-hosted instance on a
 * LAN address over plain HTTP is not one, so the same 122 random bits are made by hand there.
 */
export function newOperationId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function listGroupTasks(groupId: string, since?: number): Promise<GroupTasks> {
  return apiFetch<GroupTasks>(since === undefined ? groupTasks(groupId) : `${groupTasks(groupId)}?since=${since}`);
}

export const getTask = (id: string) => apiFetch<Task>(task(id));

export interface NewTask {
  groupId: string;
  title: string;
  priority?: Priority;
  category?: string;
  deadline?: string | null;
  notes?: string;
  subtasks?: { title: string }[];
}

/** A create as it is sent: with the id the task will have and the operationId that makes it happen once. */
export type PreparedTask = NewTask & { id: string; operationId: string };

export function prepareTask(input: NewTask): PreparedTask {
  return { ...input, id: newTaskId(input.groupId), operationId: newOperationId() };
}

/** A failure worth sending the same request again for: no answer, or the server was briefly unavailable. */
function isTransient(error: unknown): boolean {
  return !(error instanceof ApiRequestError) || error.status >= 500 || error.status === 429;
}

const RETRY_DELAYS_MS = [500, 1_500];

/**
 * Creates the task. A dropped connection is retried with the same id and operationId, so the
 * task is made once however often the request arrives; an id somebody else's task already has
 * (409, DESIGN.md §5) is replaced by a new one.
 */
export async function createTask(
  prepared: PreparedTask,
  onNewId?: (id: string) => void,
): Promise<{ task: Task; possibleDuplicate: boolean }> {
  let body = prepared;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await apiFetch<{ task: Task; possibleDuplicate: boolean }>("/api/tasks", { method: "POST", body });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409 && error.message === TASK_MESSAGES.idTaken) {
        if (attempt >= 3) throw error;
        body = { ...body, id: newTaskId(body.groupId), operationId: newOperationId() };
        onNewId?.(body.id);
        continue;
      }
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export type TaskChanges = Omit<UpdateTask, "operationId">;

export const updateTask = (id: string, changes: TaskChanges) =>
  apiFetch<Task>(task(id), { method: "PATCH", body: { ...changes, operationId: newOperationId() } });

export const deleteTask = (id: string) =>
  apiFetch<void>(`${task(id)}?operationId=${newOperationId()}`, { method: "DELETE" });

export const setTaskLocked = (id: string, locked: boolean) =>
  apiFetch<Task>(`${task(id)}/lock`, { method: "PUT", body: { locked } });

export const setTaskShared = (id: string, groupId: string, shared: boolean) =>
  apiFetch<Task>(`${task(id)}/shares/${encodeURIComponent(groupId)}`, { method: shared ? "PUT" : "DELETE" });

const subtask = (taskId: string, subtaskId: string) => `${task(taskId)}/subtasks/${encodeURIComponent(subtaskId)}`;

export const addSubtask = (taskId: string, title: string) =>
  apiFetch<Task>(`${task(taskId)}/subtasks`, { method: "POST", body: { title, operationId: newOperationId() } });

export const updateSubtask = (taskId: string, subtaskId: string, changes: { title?: string; completed?: boolean }) =>
  apiFetch<Task>(subtask(taskId, subtaskId), { method: "PATCH", body: { ...changes, operationId: newOperationId() } });

export const deleteSubtask = (taskId: string, subtaskId: string) =>
  apiFetch<Task>(`${subtask(taskId, subtaskId)}?operationId=${newOperationId()}`, { method: "DELETE" });

export const reorderSubtasks = (taskId: string, ids: string[]) =>
  apiFetch<Task>(`${task(taskId)}/subtasks/order`, { method: "PUT", body: { ids, operationId: newOperationId() } });

export const listCategories = (groupId: string) =>
  apiFetch<Category[]>(`/api/groups/${encodeURIComponent(groupId)}/categories`);
