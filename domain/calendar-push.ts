import { z } from "zod";
import { storableText } from "./fields.js";

/**
 * Tasks pushed into a connected calendar (docs/calendar.md, "Tasks in your calendar"): the user
 * picks one calendar of a CalDAV account, and every open task with a deadline in their groups
 * becomes an event there, moved when the deadline moves and removed when the task is done or
 * gone. Shared by the server's routes and the settings page.
 */

export const PUSH_MESSAGES = {
  notWritable: "Tasks can only go into a calendar of a connected account, not into a subscription",
  noCalendar: "Choose a calendar to put tasks into first",
  noDeadline: "Only a task with a deadline can go into a calendar",
  completed: "A completed task does not go into a calendar",
  taskNotFound: "Task not found",
  calendarNotFound: "Calendar not found",
} as const;

/** Writes one push makes at most; the rest follow at the next (docs/calendar.md). */
export const MAX_WRITES_PER_PUSH = 200;

const id = storableText().min(1).max(100);

export const pushSettingsSchema = z.object({
  /** The account calendar tasks go into; null stops the push and takes its events out again. */
  calendarId: id.nullable(),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

export const pushStatusSchema = z.object({
  calendarId: z.string().nullable(),
  /** "Work (Fastmail)": the calendar and its account, as the settings list them. */
  calendarName: z.string().nullable(),
  /** The last push worked (or none has run yet). */
  ok: z.boolean(),
  lastPushedAt: z.string().nullable(),
  /** Why the last push failed, in plain words. */
  error: z.string().nullable(),
  /** Tasks that are events in a connected calendar now. */
  events: z.number().int(),
});
export type PushStatus = z.infer<typeof pushStatusSchema>;

export const createEventSchema = z.object({
  taskId: id,
  /** Default: the calendar chosen for the push. */
  calendarId: id.optional(),
});
export type CreateEventInput = z.infer<typeof createEventSchema>;

export const createdEventSchema = z.object({
  event: z.object({ taskId: z.string(), calendarId: z.string(), url: z.string() }),
});
export type CreatedEvent = z.infer<typeof createdEventSchema>;
