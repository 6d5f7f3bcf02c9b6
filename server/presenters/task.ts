import type { Task } from "../../domain/tasks.js";
import { taskAbilities } from "../policies/tasks.js";
import type { SubtaskRecord, TaskRecord } from "../repositories/task-repository.js";

export function presentTask(
  task: TaskRecord,
  subtasks: readonly SubtaskRecord[],
  sharedWithGroups: readonly string[],
  viewerId: string,
): Task {
  const own = subtasks.filter((subtask) => subtask.taskId === task.id);
  return {
    id: task.id,
    groupId: task.groupId,
    title: task.title,
    completed: task.completed,
    completedAt: task.completedAt,
    deadline: task.deadline,
    deadlineTimeZone: task.deadlineTimeZone,
    repeat: task.repeatRule === null ? null : { rule: task.repeatRule, fromCompletion: task.repeatFromCompletion },
    priority: task.priority,
    category: task.category,
    ownerId: task.ownerId,
    locked: task.locked,
    sharedWithGroups: [...sharedWithGroups],
    notes: task.notes,
    subtasks: own.map((subtask) => ({
      id: subtask.id,
      title: subtask.title,
      completed: subtask.completed,
      createdAt: subtask.createdAt,
      completedAt: subtask.completedAt,
    })),
    // Counted from the subtasks themselves, so they can never disagree.
    subtasksTotal: own.length,
    subtasksCompleted: own.filter((subtask) => subtask.completed).length,
    order: task.sortOrder,
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
    abilities: taskAbilities(task, viewerId),
  };
}
