import type { Task } from "../../domain/tasks";

/** A task as the API sends it, for unit tests: every field filled, `fields` overriding. */
export function task(id: string, fields: Partial<Task> = {}): Task {
  return {
    id,
    groupId: "g",
    title: id,
    completed: false,
    completedAt: null,
    deadline: null,
    deadlineTimeZone: null,
    repeat: null,
    priority: "medium",
    category: "other",
    ownerId: "u",
    locked: false,
    sharedWithGroups: [],
    notes: "",
    subtasks: [],
    subtasksTotal: 0,
    subtasksCompleted: 0,
    order: 0,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    abilities: { edit: true, delete: true, lock: true, share: true },
    ...fields,
  };
}
