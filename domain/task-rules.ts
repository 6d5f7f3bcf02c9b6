/**
 * The task rules and messages the web app's first page needs, without zod: importing them does
 * not build any schema (domain/tasks.ts, which the server and the forms use, re-exports them).
 */
export const PRIORITIES = ["low", "medium", "high"] as const;
export type Priority = (typeof PRIORITIES)[number];

export const TASK_TITLE_MAX_LENGTH = 500;
export const TASK_NOTES_MAX_LENGTH = 20_000;
export const SUBTASK_TITLE_MAX_LENGTH = 300;
export const SUBTASKS_MAX = 200;
/** Adding the same title in the same group within this window warns of a likely duplicate. */
export const DUPLICATE_WINDOW_MS = 5_000;

/** Messages of task calls, word for word as clients expect them. */
export const TASK_MESSAGES = {
  noGroup: "No group selected",
  notFound: "Task not found",
  subtaskNotFound: "Task not found or Subtask not found",
  cannotToggleLock: "Cannot toggle lock",
  cannotShare: "Cannot share task: Task not found or user not owner",
  lockedDelete: "Cannot delete locked tasks",
  ownerOnlyDelete: "Only the task owner can delete tasks",
  locked: "This task is locked: only its owner can change it",
  noAccess: "User does not have access to this group",
  idTaken: "A task with this id already exists",
  completedAtWithoutCompleting: "completedAt goes only with completed: true",
} as const;

/**
 * A task id is the first 8 characters of its group's id, a dash and a random
 * suffix: 10 characters for new tasks (client-made, so they work offline), 3 in older data.
 */
export const TASK_ID_PATTERN = /^[A-Za-z0-9]{1,8}-[A-Za-z0-9]{3,10}$/;
const SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

export function newTaskId(
  groupId: string,
  random: (n: number) => number = (n) => Math.floor(Math.random() * n),
): string {
  let suffix = "";
  for (let i = 0; i < 10; i += 1) suffix += SUFFIX_ALPHABET[random(SUFFIX_ALPHABET.length)];
  return `${groupId.slice(0, 8)}-${suffix}`;
}

/** A new task's id must belong to its group (prefix) and be the long form. */
export function isNewTaskIdFor(groupId: string, id: string): boolean {
  return new RegExp(`^${escapeRegExp(groupId.slice(0, 8))}-[a-z0-9]{10}$`).test(id);
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
