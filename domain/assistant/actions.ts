/**
 * What the assistant proposes (the spec's "Assistant call"): create_task, update_task and
 * complete_task, in the spec's field names. Nothing is done until the user approves a proposal;
 * the app then sends it through the ordinary task API.
 */
import { z } from "zod";
import { PRIORITIES, TASK_NOTES_MAX_LENGTH, TASK_TITLE_MAX_LENGTH } from "../task-rules.js";

const title = z.string().trim().min(1).max(TASK_TITLE_MAX_LENGTH);
const notes = z.string().max(TASK_NOTES_MAX_LENGTH);
/** "2026-03-06" or "2026-03-06T17:00", wall-clock in the user's zone. */
const deadline = z.string().max(40);

export const createTaskActionSchema = z.object({
  type: z.literal("create_task"),
  title,
  notes: notes.nullable().optional(),
  /** A category id of the group the task goes to. */
  category: z.string().max(100).nullable().optional(),
  priority: z.enum(PRIORITIES).default("medium"),
  deadline: deadline.nullable().optional(),
  /** Ours beside the spec's fields: a repeat the words said ("every monday"). */
  repeat: z
    .object({ rule: z.string().max(200), fromCompletion: z.boolean() })
    .nullable()
    .optional(),
});

export const updateTaskActionSchema = z.object({
  type: z.literal("update_task"),
  task_id: z.string().min(1).max(100),
  title: title.optional(),
  notes: notes.optional(),
  category: z.string().max(100).optional(),
  priority: z.enum(PRIORITIES).optional(),
  deadline: deadline.nullable().optional(),
  completed: z.boolean().optional(),
});

export const completeTaskActionSchema = z.object({
  type: z.literal("complete_task"),
  task_id: z.string().min(1).max(100),
});

export const suggestedActionSchema = z.discriminatedUnion("type", [
  createTaskActionSchema,
  updateTaskActionSchema,
  completeTaskActionSchema,
]);

export type CreateTaskAction = z.infer<typeof createTaskActionSchema>;
export type UpdateTaskAction = z.infer<typeof updateTaskActionSchema>;
export type CompleteTaskAction = z.infer<typeof completeTaskActionSchema>;
export type SuggestedAction = z.infer<typeof suggestedActionSchema>;
