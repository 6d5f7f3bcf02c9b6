import { z } from "zod";
import { deadlineSchema, storableText, timestampSchema } from "./fields.js";
import { operationIdSchema } from "./operation-id.js";
import { repeatRuleProblem } from "./repeat-rule.js";

export { deadlineSchema } from "./fields.js";

export * from "./task-rules.js";
import {
  PRIORITIES,
  TASK_TITLE_MAX_LENGTH,
  TASK_NOTES_MAX_LENGTH,
  SUBTASK_TITLE_MAX_LENGTH,
  SUBTASKS_MAX,
  TASK_MESSAGES,
  TASK_ID_PATTERN,
} from "./task-rules.js";

export const subtaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  completed: z.boolean(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Subtask = z.infer<typeof subtaskSchema>;

/** An RFC 5545 RRULE value a task accepts (domain/repeat-rule.ts says which, and why not). */
export const repeatRuleSchema = storableText().check(
  z.superRefine<string>((rule, context) => {
    const problem = repeatRuleProblem(rule);
    if (problem) context.addIssue({ code: "custom", message: problem });
  }),
);

/** How a task repeats: each time it is done, a copy due at the rule's next occurrence is added. */
export const repeatSchema = z.object({
  /** "FREQ=WEEKLY;BYDAY=MO": an RRULE value without the "RRULE:" prefix; at most daily, no COUNT or UNTIL. */
  rule: repeatRuleSchema,
  /** Count the next occurrence from the day the task is done ("every! 3 days"), not from its deadline. */
  fromCompletion: z.boolean().default(false),
});
export type Repeat = z.infer<typeof repeatSchema>;

export const taskAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  lock: z.boolean(),
  share: z.boolean(),
});

/** A task as the API sends it (synced and operationId are the client's own bookkeeping, not stored here). */
export const taskSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  title: z.string(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  deadline: z.string().nullable(),
  /** The IANA zone the deadline is meant in: the owner's when it was set. */
  deadlineTimeZone: z.string().nullable(),
  /** Null for a one-off task; a done task's repeat has passed to the occurrence its completion added. */
  repeat: z.object({ rule: z.string(), fromCompletion: z.boolean() }).nullable(),
  priority: z.enum(PRIORITIES),
  category: z.string(),
  ownerId: z.string(),
  locked: z.boolean(),
  sharedWithGroups: z.array(z.string()),
  notes: z.string(),
  subtasks: z.array(subtaskSchema),
  subtasksTotal: z.number().int(),
  subtasksCompleted: z.number().int(),
  order: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: taskAbilitiesSchema,
});
export type Task = z.infer<typeof taskSchema>;

const titleSchema = storableText().trim().min(1, "Give the task a title").max(TASK_TITLE_MAX_LENGTH);

/** Every task a user sees across their groups (GET /api/tasks). */
export const allTasksSchema = z.array(taskSchema);

export const createTaskSchema = z.object({
  id: storableText().regex(TASK_ID_PATTERN).optional(),
  groupId: storableText({ error: TASK_MESSAGES.noGroup }).min(1, TASK_MESSAGES.noGroup).max(100),
  title: titleSchema,
  priority: z.enum(PRIORITIES).default("medium"),
  category: storableText().max(100).optional(),
  deadline: deadlineSchema.nullable().optional(),
  /** Needs a deadline: the first occurrence is the deadline itself. */
  repeat: repeatSchema.nullable().optional(),
  notes: storableText().max(TASK_NOTES_MAX_LENGTH).default(""),
  subtasks: z
    .array(z.object({ title: storableText().trim().min(1).max(SUBTASK_TITLE_MAX_LENGTH) }))
    .max(SUBTASKS_MAX)
    .default([]),
  /**
   * When it was added on the device, for an add queued offline and sent later: kept when it is at
   * most 30 days before its arrival (older is taken as 30 days), never later than the arrival.
   */
  createdAt: timestampSchema.optional(),
  /** Makes a retried create (offline queue, flaky network) apply once; the replay gets the first answer. */
  operationId: operationIdSchema,
});
export type CreateTask = z.infer<typeof createTaskSchema>;

export const updateTaskSchema = z
  .object({
    title: titleSchema.optional(),
    priority: z.enum(PRIORITIES).optional(),
    category: storableText().max(100).optional(),
    deadline: deadlineSchema.nullable().optional(),
    /** null stops repeating. A repeating task keeps a deadline: removing it needs `repeat: null` too. */
    repeat: repeatSchema.nullable().optional(),
    notes: storableText().max(TASK_NOTES_MAX_LENGTH).optional(),
    completed: z.boolean().optional(),
    /**
     * With `completed: true`: when it was ticked, for a completion queued offline and sent later.
     * Kept between the task's creation and the moment it arrives (a clock ahead gives "now").
     */
    completedAt: timestampSchema.optional(),
    order: z.number().finite().optional(),
    operationId: operationIdSchema,
  })
  .refine((changes) => changes.completedAt === undefined || changes.completed === true, {
    message: TASK_MESSAGES.completedAtWithoutCompleting,
    path: ["completedAt"],
  });
export type UpdateTask = z.infer<typeof updateTaskSchema>;

export const createdTaskSchema = z.object({
  task: taskSchema,
  /** The same title was added in this group within the last 5 seconds: the app warns of a duplicate. */
  possibleDuplicate: z.boolean(),
});

/** A group's tasks (its own and those shared with it), or with `since` only what changed. */
export const groupTasksSchema = z.object({
  tasks: z.array(taskSchema),
  /** Changed tasks the group no longer sees (deleted or unshared); only with `since`. */
  removedTaskIds: z.array(z.string()),
  /** The group's newest change number: pass it as `since` next time. */
  seq: z.number(),
});
export type GroupTasks = z.infer<typeof groupTasksSchema>;
