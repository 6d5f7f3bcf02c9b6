import type { QueryClient } from "@tanstack/react-query";
import type { SuggestedAction } from "../../../domain/assistant/actions";
import type { TaskChanges } from "../../api/tasks";
import { cachedTask } from "../../realtime/task-sync";
import { addTask, editTask, setCompleted } from "../../scenes/tasks/task-actions";

export interface ApplyTarget {
  /** Where a new task goes: the group on screen. */
  groupId: string;
  userId: string;
}

/**
 * Carries out an approved proposal through the same task actions the lists use: shown at once,
 * queued offline, their own toasts. False when it could not be done (the task is gone, the server
 * refused); the caller tells the user.
 */
export async function applyAction(client: QueryClient, action: SuggestedAction, target: ApplyTarget): Promise<boolean> {
  switch (action.type) {
    case "create_task": {
      const added = await addTask(
        client,
        {
          groupId: target.groupId,
          title: action.title,
          priority: action.priority,
          ...(action.category ? { category: action.category } : {}),
          ...(action.deadline ? { deadline: action.deadline } : {}),
          ...(action.deadline && action.repeat ? { repeat: action.repeat } : {}),
          ...(action.notes ? { notes: action.notes } : {}),
        },
        target.userId,
      );
      return added !== null;
    }
    case "update_task": {
      const task = cachedTask(client, action.task_id);
      if (!task) return false;
      const changes: TaskChanges = {};
      if (action.title !== undefined) changes.title = action.title;
      if (action.notes !== undefined) changes.notes = action.notes;
      if (action.category !== undefined) changes.category = action.category;
      if (action.priority !== undefined) changes.priority = action.priority;
      if (action.deadline !== undefined) changes.deadline = action.deadline;
      if (action.completed !== undefined && action.completed !== task.completed) {
        return setCompleted(client, task, action.completed);
      }
      return editTask(client, task, changes, {
        success: "Task updated successfully",
        failure: "Failed to update task",
      });
    }
    case "complete_task": {
      const task = cachedTask(client, action.task_id);
      if (!task) return false;
      return task.completed || setCompleted(client, task, true);
    }
  }
}
