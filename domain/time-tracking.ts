import { z } from "zod";
import { calendarDateSchema, storableText, timestampSchema } from "./fields.js";
import { timeZoneSchema } from "./profiles.js";
import { MAX_ESTIMATE_MINUTES, MAX_NOTE_LENGTH } from "./time-rules.js";

export * from "./time-rules.js";

/** Time tracking's API (module task-delegation, docs/time-tracking.md): timers, entries, estimates, reports. */

const id = storableText().min(1).max(100);
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const note = storableText()
  .max(MAX_NOTE_LENGTH)
  .refine((value) => !CONTROL.test(value), "The note contains a control character");

export const timeEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  taskId: z.string(),
  taskTitle: z.string(),
  groupId: z.string(),
  startedAt: z.string(),
  /** Null while the timer runs. */
  endedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

/** The caller's running timer, or null. */
export const timerSchema = z.object({ timer: timeEntrySchema.nullable() });
export type Timer = z.infer<typeof timerSchema>;

/**
 * Starts a timer. `id` is made by the client (an offline start keeps it, and a retry is
 * recognised); `startedAt` is when the user pressed Start, now when left out.
 */
export const startTimerSchema = z.object({ id, taskId: id, startedAt: timestampSchema.optional() });
export type StartTimer = z.infer<typeof startTimerSchema>;

/** Stops a timer at the instant the user pressed Stop; `entryId` names which (else the running one). */
export const stopTimerSchema = z.object({ stoppedAt: timestampSchema, entryId: id.optional() });
export type StopTimer = z.infer<typeof stopTimerSchema>;

/** A stop's answer: nothing runs now, and the entry as it ended (null when none ran). */
export const stoppedSchema = z.object({ timer: z.null(), entry: timeEntrySchema.nullable() });
export type Stopped = z.infer<typeof stoppedSchema>;

export const newEntrySchema = z.object({
  id: id.optional(),
  taskId: id,
  startedAt: timestampSchema,
  endedAt: timestampSchema,
  note: note.nullable().optional(),
});
export type NewEntry = z.infer<typeof newEntrySchema>;

export const entryChangeSchema = z
  .object({ taskId: id, startedAt: timestampSchema, endedAt: timestampSchema, note: note.nullable() })
  .partial();
export type EntryChange = z.infer<typeof entryChangeSchema>;

export const entryParamsSchema = z.object({ entryId: id });
export const taskParamsSchema = z.object({ taskId: id });

/** The caller's entries that touch [from, to), newest first. */
export const entriesQuerySchema = z.object({ from: timestampSchema, to: timestampSchema });
export const entriesSchema = z.object({ entries: z.array(timeEntrySchema) });
export type Entries = z.infer<typeof entriesSchema>;

export const estimateSchema = z.object({ minutes: z.number().int().min(1).max(MAX_ESTIMATE_MINUTES) });

/** A task's time as the caller may see it: its estimate, and the time they (or, for the group's owner, everyone) spent. */
export const taskTimeSchema = z.object({
  taskId: z.string(),
  estimateMinutes: z.number().nullable(),
  spentSeconds: z.number(),
});
export type TaskTime = z.infer<typeof taskTimeSchema>;

/**
 * A report over the dates from..to (inclusive) in the viewer's zone `tz`. With `groupId`: the
 * group's tasks, everyone's time for its owner, the caller's own for a member; without: the
 * caller's own time on every task.
 */
export const reportQuerySchema = z.object({
  groupId: id.optional(),
  from: calendarDateSchema,
  to: calendarDateSchema,
  tz: timeZoneSchema,
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  groupId: z.string().nullable(),
  /** "group": everyone's time in the group (its owner); "own": the caller's only. */
  scope: z.enum(["own", "group"]),
  totalSeconds: z.number(),
  byMember: z.array(z.object({ userId: z.string(), name: z.string(), seconds: z.number() })),
  byCategory: z.array(z.object({ category: z.string(), seconds: z.number() })),
  /** Weeks from Monday to Monday in the zone, each with its own length (167 or 169 hours around a change). */
  byWeek: z.array(z.object({ week: z.string(), seconds: z.number() })),
  /** Tasks with time in the range: their estimate against all the time tracked on them (in scope). */
  byTask: z.array(
    z.object({
      taskId: z.string(),
      title: z.string(),
      category: z.string(),
      estimateMinutes: z.number().nullable(),
      seconds: z.number(),
      totalSeconds: z.number(),
    }),
  ),
});
export type Report = z.infer<typeof reportSchema>;
