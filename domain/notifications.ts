import { z } from "zod";
import { isTimestamp } from "./calendar.js";
import { storableText } from "./fields.js";
import { wallClockAt } from "./time-zones.js";
import { NOTIFICATION_TYPES, type NotificationSettings, type NotificationType } from "./notification-settings.js";

export const NOTIFICATION_TITLE_MAX_LENGTH = 200;
export const NOTIFICATION_BODY_MAX_LENGTH = 1_000;
/** Notifications a page of the center shows. */
export const NOTIFICATION_PAGE_SIZE = 30;

/** One entry of the notification center. `link` is a path in the app ("/task-detail-page?id=…"). */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  /** Unread notifications in all (not only on this page). */
  unread: z.number().int(),
  /** Pass as `before` for the next, older page; null when there is none. */
  nextBefore: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/**
 * `before`: a page's `nextBefore`, "<createdAt> <id>" of its last entry. Anything else is a 400,
 * not the first page: a client that sends garbage learns of it.
 */
export const notificationCursorSchema = storableText()
  .max(200)
  .regex(/^\S+ [A-Za-z0-9-]{1,100}$/, "Pass the nextBefore of the previous page")
  .refine((value) => isTimestamp(value.split(" ")[0]!), "Pass the nextBefore of the previous page")
  .transform((value) => {
    const [createdAt = "", id = ""] = value.split(" ");
    return { createdAt, id };
  });

/** What the user's settings say about a notification of this type. */
export interface Delivery {
  /** Kept in the center at all: a type switched off is not made. */
  record: boolean;
  /** Shown at once in an open app (the WebSocket channel). */
  websocket: boolean;
  /** Sent by web push and email: during quiet hours they wait until the end. */
  push: boolean;
  email: boolean;
}

export function deliveryFor(settings: NotificationSettings, type: NotificationType): Delivery {
  const preference = settings.preferences.find((entry) => entry.type === type);
  if (preference && !preference.enabled) return { record: false, websocket: false, push: false, email: false };
  return {
    record: true,
    websocket: settings.websocket_enabled && (preference?.use_websocket ?? true),
    push: settings.push_enabled && (preference?.use_push ?? true),
    email: settings.email_enabled && (preference?.use_email ?? type !== "system"),
  };
}

/** Minutes after midnight of "HH:MM". */
function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(":").map(Number);
  return hours! * 60 + minutes!;
}

/** The wall-clock minute of the day at `at` in a time zone (an unknown zone counts as UTC). */
function minuteOfDay(at: Date, timeZone: string): number {
  const clock = wallClockAt(at, timeZone);
  return clock.hour * 60 + clock.minute;
}

/**
 * Whether `at` falls in the user's quiet hours, in their time zone: from start (included) to end
 * (excluded), across midnight when end is not after start ("22:00"–"07:00"). No quiet hours when
 * either end is unset, or both are the same time.
 */
export function inQuietHours(settings: NotificationSettings, at: Date, timeZone: string): boolean {
  const { quiet_hours_start: start, quiet_hours_end: end } = settings;
  if (start === null || end === null || start === end) return false;
  const now = minuteOfDay(at, timeZone);
  const from = minutesOf(start);
  const to = minutesOf(end);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/**
 * When the quiet hours around `at` end: the first minute, searched forward minute by minute for
 * at most a day, at which they no longer hold (so daylight-saving changes need no special case).
 * `at` itself when it is not in quiet hours.
 */
export function quietHoursEnd(settings: NotificationSettings, at: Date, timeZone: string): Date {
  const start = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  if (!inQuietHours(settings, at, timeZone)) return at;
  for (let minute = 1; minute <= 24 * 60; minute += 1) {
    const candidate = new Date(start.getTime() + minute * 60_000);
    if (!inQuietHours(settings, candidate, timeZone)) return candidate;
  }
  return at;
}

export type { NotificationType };

/** How each type is named to the user (emails' unsubscribe lines, the unsubscribe page). */
export const NOTIFICATION_TYPE_NAMES: Record<NotificationType, string> = {
  message: "messages",
  invite: "invitations",
  system: "notices from this instance",
  reminder: "reminders",
  task: "tasks",
};

export const UNSUBSCRIBE_MESSAGES = {
  invalidLink: "This unsubscribe link is not valid. Change your email settings on the Notifications page instead.",
} as const;
