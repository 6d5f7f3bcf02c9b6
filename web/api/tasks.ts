import type { Category } from "../../domain/categories";
import type { GroupTasks, Priority, Repeat, Task, UpdateTask } from "../../domain/tasks";
import { newTaskId } from "../../domain/task-rules";
import { apiFetch } from "./http";

/** What GET /api/groups/<id>/tasks answers: the whole list, or with `since` only what changed. */
export type { GroupTasks };

/**
 * A task in the cache; `unsaved` while an optimistic add waits for the server's answer, `offline`
 * when the add waits in the offline queue (usable like any task; its changes queue behind it).
 */
export type CachedTask = Task & { unsaved?: true; offline?: true };

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
  /** Needs a deadline (quick add reads "every monday" into one). */
  repeat?: Repeat | null;
  notes?: string;
  subtasks?: { title: string }[];
}

/**
 * A create as it is sent: with the id the task will have, the operationId that makes it happen
 * once, and the moment it was added (queued offline, it reaches the server later).
 */
export type PreparedTask = NewTask & { id: string; operationId: string; createdAt: string };

export function prepareTask(input: NewTask): PreparedTask {
  return { ...input, id: newTaskId(input.groupId), operationId: newOperationId(), createdAt: new Date().toISOString() };
}

export type TaskChanges = Omit<UpdateTask, "operationId">;

export const listCategories = (groupId: string) =>
  apiFetch<Category[]>(`/api/groups/${encodeURIComponent(groupId)}/categories`);
