import type { Task } from "../../domain/tasks.js";
import { taskAbilities } from "../policies/tasks.js";
import type { SubtaskRow, TaskRow } from "../repositories/task-repository.js";

export function presentTask(
  task: TaskRow,
  subtasks: readonly SubtaskRow[],
  sharedWithGroups: readonly string[],
  viewerId: string,
): Task {
  const own = subtasks.filter((subtask) => subtask.task_id === task.id);
  return {
    id: task.id,
    groupId: task.group_id,
    title: task.title,
    completed: task.completed === 1,
    completedAt: task.completed_at,
    deadline: task.deadline,
    deadlineTimeZone: task.deadline_time_zone,
    repeat:
      task.repeat_rule === null ? null : { rule: task.repeat_rule, fromCompletion: task.repeat_from_completion === 1 },
    priority: task.priority,
    category: task.category,
    ownerId: task.owner_id,
    locked: task.locked === 1,
    sharedWithGroups: [...sharedWithGroups],
    notes: task.notes,
    subtasks: own.map((subtask) => ({
      id: subtask.id,
      title: subtask.title,
      completed: subtask.completed === 1,
      createdAt: subtask.created_at,
      completedAt: subtask.completed_at,
    })),
    // Counted from the subtasks themselves, so they can never disagree.
    subtasksTotal: own.length,
    subtasksCompleted: own.filter((subtask) => subtask.completed === 1).length,
    order: Number(task.sort_order),
    createdAt: task.created_at,
    updatedAt: task.updated_at,
    abilities: taskAbilities(task, viewerId),
  };
}
