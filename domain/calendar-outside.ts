import { z } from "zod";
import { calendarDateSchema, storableText } from "./fields.js";
import { pushStatusSchema } from "./calendar-push.js";
import { timeZoneSchema } from "./profiles.js";

/**
 * Outside calendars of the calendar-sync module (docs/calendar.md, "Outside calendars"): ICS
 * subscriptions and CalDAV accounts a user adds, fetched by the server, their events shown beside
 * the tasks. Shared by the server's routes and the web app's settings section.
 */

export const OUTSIDE_MESSAGES = {
  notFound: "Calendar not found",
  tooMany: "You can add up to 20 outside calendars. Remove one first.",
  rangeOrder: "The range must end on or after its first day",
  rangeTooLong: "Ask for at most 366 days at a time",
  yearOutOfRange: "Use a year between 1900 and 2200",
  noCalendars: "The account has no calendars this server could read",
  refreshing: "This calendar is being refreshed already; it shows the new events in a moment",
} as const;

/** How many subscriptions and accounts one user may have: each costs the server a fetch an hour. */
export const MAX_OUTSIDE_SOURCES = 20;
/** The widest range GET /api/calendar/events answers. */
export const MAX_EVENT_RANGE_DAYS = 366;

const id = storableText().min(1).max(100);
export const sourceIdParams = z.object({ sourceId: id });
export const calendarIdParams = z.object({ sourceId: id, calendarId: id });

export const colorSchema = storableText().regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #3b82f6");
const nameSchema = storableText()
  .trim()
  .min(1, "Give it a name")
  .max(100, "Use at most 100 characters")
  // Control characters in a name would reach every page that shows it.
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), "Use no control characters");
const urlSchema = storableText().min(1, "Enter the calendar's address").max(2048, "The address is too long");

export const addSourceSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("ics"),
    url: urlSchema,
    name: nameSchema.optional(),
    color: colorSchema.optional(),
  }),
  z.object({
    kind: z.literal("caldav"),
    url: urlSchema,
    username: storableText().min(1, "Enter the user name").max(200),
    password: storableText().min(1, "Enter the password or app password").max(500),
    name: nameSchema.optional(),
    color: colorSchema.optional(),
  }),
]);
export type AddSourceInput = z.infer<typeof addSourceSchema>;

export const updateSourceSchema = z.object({ name: nameSchema.optional(), color: colorSchema.optional() });
export type UpdateSourceInput = z.infer<typeof updateSourceSchema>;

export const updateCalendarSchema = z.object({
  selected: z.boolean().optional(),
  /** null: the source's colour again. */
  color: colorSchema.nullable().optional(),
});
export type UpdateCalendarInput = z.infer<typeof updateCalendarSchema>;

export const outsideStatusSchema = z.object({
  /** The last refresh worked. */
  ok: z.boolean(),
  lastSyncedAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** Why the last refresh failed, in plain words; null when it worked. */
  error: z.string().nullable(),
  nextRefreshAt: z.string(),
});

export const outsideCalendarSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its own colour, or the source's. */
  color: z.string(),
  selected: z.boolean(),
});
export type OutsideCalendar = z.infer<typeof outsideCalendarSchema>;

/** "google": a Google account connected with OAuth (docs/calendar.md, "Google Calendar"). */
export const outsideKindSchema = z.enum(["ics", "caldav", "google"]);

export const outsideSourceSchema = z.object({
  id: z.string(),
  kind: outsideKindSchema,
  name: z.string(),
  color: z.string(),
  /** The subscription's or the CalDAV server's address (never a password). */
  url: z.string(),
  username: z.string().nullable(),
  calendars: z.array(outsideCalendarSchema),
  status: outsideStatusSchema,
});
export type OutsideSource = z.infer<typeof outsideSourceSchema>;
export const outsideSourcesSchema = z.object({ sources: z.array(outsideSourceSchema) });

export const connectionStatusSchema = z.object({
  sources: z.array(outsideStatusSchema.extend({ id: z.string(), kind: outsideKindSchema, name: z.string() })),
  /** Tasks put into a connected calendar (docs/calendar.md, "Tasks in your calendar"). */
  push: pushStatusSchema,
});
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

export const eventsQuerySchema = z.object({
  from: calendarDateSchema,
  to: calendarDateSchema,
  /** The viewer's zone: the days are its days, and floating times its times. Default: the profile's. */
  timeZone: timeZoneSchema.optional(),
  /**
   * One calendar of the caller's only, shown or hidden (/embedded-google-calendar shows one
   * calendar whatever /calendar shows); another user's is 404.
   */
  calendarId: id.optional(),
});

export const outsideEventSchema = z.object({
  id: z.string(),
  calendarId: z.string(),
  calendarName: z.string(),
  color: z.string(),
  title: z.string(),
  /** "YYYY-MM-DD" for an all-day event, else an ISO instant in UTC. */
  start: z.string(),
  /** Exclusive: for an all-day event the day after its last day. */
  end: z.string(),
  allDay: z.boolean(),
  location: z.string().nullable(),
});
export type OutsideEvent = z.infer<typeof outsideEventSchema>;
export const outsideEventsSchema = z.object({
  events: z.array(outsideEventSchema),
  /** True when a limit left events out (docs/calendar.md, "Outside calendars"). */
  incomplete: z.boolean().optional(),
  /** Shown calendars that could not be read in time: their events are missing. */
  failedCalendarIds: z.array(z.string()).optional(),
});
export type OutsideEvents = z.infer<typeof outsideEventsSchema>;

/** GET /api/calendar/auth-url: where the browser goes to let Tandem read a Google calendar. */
export const googleAuthUrlSchema = z.object({ url: z.string() });

/**
 * What /calendar-settings?google=… reports after Google sent the browser back (fixed values: the
 * callback redirects only there, never to an address a request names).
 */
export const GOOGLE_OUTCOMES = ["connected", "failed", "denied", "limit"] as const;
export type GoogleOutcome = (typeof GOOGLE_OUTCOMES)[number];

/** Colours given to new sources in turn. */
export const OUTSIDE_PALETTE = ["#2563eb", "#16a34a", "#d97706", "#db2777", "#7c3aed", "#0891b2"] as const;
