import type { z } from "zod";
import type { addSubtaskSchema, reorderSubtasksSchema, updateSubtaskSchema } from "../../../domain/subtasks.js";
import { SUBTASKS_MAX, type Task, TASK_MESSAGES } from "../../../domain/tasks.js";
import type { AppDeps } from "../../deps.js";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.js";
import type { User } from "../../repositories/user-repository.js";
import { changeTask } from "./tasks.js";
import { randomToken } from "../tokens.js";

type AddSubtask = z.infer<typeof addSubtaskSchema>;
type UpdateSubtask = z.infer<typeof updateSubtaskSchema>;
type ReorderSubtasks = z.infer<typeof reorderSubtasksSchema>;

/** One message for a missing task or subtask, so the answer does not tell which one is missing. */
const missing = () => new NotFoundError(TASK_MESSAGES.subtaskNotFound);

export function addSubtask(deps: AppDeps, user: User, taskId: string, input: AddSubtask): Promise<Task> {
  return changeTask(
    deps,
    user,
    taskId,
    input.operationId,
    async ({ tasks }, _task, at) => {
      const existing = await tasks.subtasksOf([taskId]);
      if (existing.length >= SUBTASKS_MAX) throw new ValidationError(`A task has at most ${SUBTASKS_MAX} subtasks`);
      const id = input.id ?? randomToken().slice(0, 12);
      if (existing.some((subtask) => subtask.id === id))
        throw new ConflictError("A subtask with this id already exists");
      await tasks.insertSubtasks([
        {
          taskId,
          id,
          title: input.title,
          completed: false,
          position: await tasks.nextSubtaskPosition(taskId),
          createdAt: at,
          completedAt: null,
        },
      ]);
    },
    missing,
  );
}

/** Renames or toggles a subtask; completing sets its completedAt, reopening clears it. */
export function updateSubtask(
  deps: AppDeps,
  user: User,
  taskId: string,
  subtaskId: string,
  input: UpdateSubtask,
): Promise<Task> {
  return changeTask(
    deps,
    user,
    taskId,
    input.operationId,
    async ({ tasks }, _task, at) => {
      const subtask = await tasks.findSubtask(taskId, subtaskId);
      if (!subtask) throw missing();
      await tasks.updateSubtask(taskId, subtaskId, {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.completed !== undefined &&
          input.completed !== subtask.completed && {
            completed: input.completed,
            completedAt: input.completed ? at : null,
          }),
      });
    },
    missing,
  );
}

export function deleteSubtask(
  deps: AppDeps,
  user: User,
  taskId: string,
  subtaskId: string,
  operationId?: string,
): Promise<Task> {
  return changeTask(
    deps,
    user,
    taskId,
    operationId,
    async ({ tasks }) => {
      if (!(await tasks.findSubtask(taskId, subtaskId))) throw missing();
      await tasks.deleteSubtask(taskId, subtaskId);
    },
    missing,
  );
}

/** The new order must name every subtask exactly once, so a stale client cannot drop one. */
export function reorderSubtasks(deps: AppDeps, user: User, taskId: string, input: ReorderSubtasks): Promise<Task> {
  return changeTask(
    deps,
    user,
    taskId,
    input.operationId,
    async ({ tasks }) => {
      const current = (await tasks.subtasksOf([taskId])).map((subtask) => subtask.id);
      const wanted = new Set(input.ids);
      if (wanted.size !== input.ids.length || current.length !== wanted.size || current.some((id) => !wanted.has(id))) {
        throw new ConflictError("The subtasks changed meanwhile; reload and reorder again");
      }
      for (const [position, id] of input.ids.entries()) await tasks.updateSubtask(taskId, id, { position });
    },
    missing,
  );
}
