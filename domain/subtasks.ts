import { z } from "zod";
import { storableText } from "./fields.js";
import { operationIdSchema as operationId } from "./operation-id.js";
import { SUBTASK_TITLE_MAX_LENGTH, SUBTASKS_MAX } from "./tasks.js";

const subtaskTitle = storableText().trim().min(1, "Give the subtask a title").max(SUBTASK_TITLE_MAX_LENGTH);

export const addSubtaskSchema = z.object({
  /** Client-made ids let a subtask added offline keep its id. */
  id: storableText()
    .regex(/^[A-Za-z0-9_-]{1,60}$/)
    .optional(),
  title: subtaskTitle,
  operationId,
});

export const updateSubtaskSchema = z.object({
  title: subtaskTitle.optional(),
  completed: z.boolean().optional(),
  operationId,
});

export const reorderSubtasksSchema = z.object({
  ids: z.array(storableText().max(60)).max(SUBTASKS_MAX),
  operationId,
});
