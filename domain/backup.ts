import { z } from "zod";
import { CATEGORY_COLORS, CATEGORY_ICONS } from "./categories.js";
import { storableText, timestampSchema as timestamp } from "./fields.js";
import { timeZoneSchema } from "./profiles.js";
import { REPEAT_MESSAGES } from "./repeat-rule.js";
import {
  deadlineSchema,
  PRIORITIES,
  repeatSchema,
  SUBTASK_TITLE_MAX_LENGTH,
  SUBTASKS_MAX,
  TASK_ID_PATTERN,
  TASK_NOTES_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
} from "./tasks.js";

/** The backup file format (spec backup-tasks, group_backup_tasks). Bump the version on any breaking change. */
export const BACKUP_FORMAT = "tandem-backup";
export const BACKUP_VERSION = 1;
/** A restore writes at most this many tasks at once. */
export const BACKUP_MAX_TASKS = 5_000;

export const backupSubtaskSchema = z.object({
  id: storableText().regex(/^[A-Za-z0-9_-]{1,60}$/),
  title: storableText().trim().min(1).max(SUBTASK_TITLE_MAX_LENGTH),
  completed: z.boolean(),
  createdAt: timestamp,
  completedAt: timestamp.nullable(),
});

export const backupTaskSchema = z
  .object({
    /** New and older (3-character) ids are both kept as they are. */
    id: storableText().regex(TASK_ID_PATTERN),
    groupId: storableText().min(1).max(100),
    title: storableText().trim().min(1).max(TASK_TITLE_MAX_LENGTH),
    completed: z.boolean(),
    completedAt: timestamp.nullable(),
    deadline: deadlineSchema.nullable(),
    deadlineTimeZone: timeZoneSchema.nullable().default(null),
    /** Files made before tasks could repeat have none. */
    repeat: repeatSchema.nullable().default(null),
    priority: z.enum(PRIORITIES),
    category: storableText().max(100),
    locked: z.boolean(),
    notes: storableText().max(TASK_NOTES_MAX_LENGTH),
    subtasks: z.array(backupSubtaskSchema).max(SUBTASKS_MAX),
    order: z.number().finite().default(0),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .refine((task) => task.repeat === null || task.deadline !== null, {
    message: REPEAT_MESSAGES.needsDeadline,
    path: ["repeat"],
  });
export type BackupTask = z.infer<typeof backupTaskSchema>;

export const backupCategorySchema = z.object({
  id: storableText().min(1).max(100),
  name: storableText().min(1).max(100),
  label: storableText().min(1).max(100),
  icon: z.enum(CATEGORY_ICONS).catch("folder"),
  color: z.enum(CATEGORY_COLORS).catch("bg-gray-500"),
  order: z.number().int(),
  shared: z.boolean(),
});

export const backupSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { error: "This is not a Tandem backup file" }),
  version: z.literal(BACKUP_VERSION, {
    error: `This backup was made by another version (this one reads version ${BACKUP_VERSION})`,
  }),
  exportedAt: timestamp,
  /** "user": the user's own tasks; "group": one group's tasks and categories. */
  scope: z.enum(["user", "group"]),
  groupId: storableText().max(100).nullable(),
  tasks: z.array(backupTaskSchema).max(BACKUP_MAX_TASKS),
  categories: z.array(backupCategorySchema).max(200).default([]),
});
export type Backup = z.infer<typeof backupSchema>;

export const restoreSchema = z
  .object({
    backup: backupSchema,
    /** merge: add what is missing, keep what exists; replace: first delete what the backup covers. */
    mode: z.enum(["merge", "replace"]),
    /** Replacing deletes tasks: the caller must say so. */
    confirm: z.boolean().optional(),
  })
  .refine((value) => value.mode !== "replace" || value.confirm === true, {
    message: "Replacing deletes the existing tasks: confirm it",
    path: ["confirm"],
  });

export const restoreResultSchema = z.object({
  restored: z.number().int(),
  skipped: z.number().int(),
  deleted: z.number().int(),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;
