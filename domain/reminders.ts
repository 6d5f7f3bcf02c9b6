import { formatCalendarDate, formatClockTime } from "./time-format.js";
import { wallClockAt } from "./time-zones.js";

/**
 * Deadline reminders: when a task's reminder is due. A deadline is a wall-clock date,
 * optionally with a time, in the zone it was set in (domain/tasks.ts). With a time, the reminder
 * comes the lead time before it; a date alone means "that day", reminded at 09:00 there.
 */
export const DATE_ONLY_REMINDER_HOUR = 9;

/** The offset of a zone from UTC at an instant, in ms (an unknown zone counts as UTC). */
function zoneOffsetMs(at: number, timeZone: string): number {
  const clock = wallClockAt(at, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall-clock time in a zone names. Two passes settle the offset around daylight
 * saving changes; a time that does not exist (skipped forward) comes out an hour later.
 */
export function zonedTimeToInstant(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let instant = naive - zoneOffsetMs(naive, timeZone);
  instant = naive - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

/** When the reminder for this deadline is due, or null for a deadline that does not parse. */
export function reminderDueAt(deadline: string, timeZone: string | null, leadMinutes: number): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(deadline);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match;
  const timed = hour !== undefined;
  const instant = zonedTimeToInstant(
    {
      year: Number(year),
      month: Number(month),
      day: Number(day),
      hour: timed ? Number(hour) : DATE_ONLY_REMINDER_HOUR,
      minute: timed ? Number(minute) : 0,
    },
    timeZone ?? "UTC",
  );
  return timed ? new Date(instant.getTime() - leadMinutes * 60_000) : instant;
}

/** The day `date` ("YYYY-MM-DD") is from today in the zone at `now`: 0 today, 1 tomorrow, -1 yesterday. */
function daysFromToday(date: string, now: Date, timeZone: string): number {
  const today = wallClockAt(now, timeZone);
  const [year, month, day] = date.split("-").map(Number);
  return Math.round(
    (Date.UTC(year!, month! - 1, day!) - Date.UTC(today.year, today.month - 1, today.day)) / 86_400_000,
  );
}

/**
 * What a deadline reminder says, in the recipient's locale: "Due at 6:45 PM: Call the plumber"
 * (or "18:45" on a 24-hour clock). Worded by whether the deadline has passed when it is sent (a
 * reminder sent late, after the server was down): a passed deadline is never "coming up".
 * A date alone has passed once its day is over in the deadline's zone.
 */
export function reminderMessage(
  task: { title: string; deadline: string; deadlineTimeZone: string | null },
  now: Date,
  locale: string | null | undefined,
): { title: string; body: string } {
  const zone = task.deadlineTimeZone ?? "UTC";
  const date = task.deadline.slice(0, 10);
  const timed = task.deadline.length > 10;
  const days = daysFromToday(date, now, zone);
  const passed = timed ? (reminderDueAt(task.deadline, zone, 0)?.getTime() ?? Infinity) <= now.getTime() : days < 0;
  const day =
    days === 0
      ? timed
        ? ""
        : "today"
      : days === 1
        ? "tomorrow"
        : days === -1
          ? "yesterday"
          : `on ${formatCalendarDate(date, locale, { withYear: date.slice(0, 4) !== String(wallClockAt(now, zone).year) })}`;
  const when = [day, timed ? `at ${formatClockTime(task.deadline.slice(11, 16), locale)}` : ""]
    .filter(Boolean)
    .join(" ");
  return passed
    ? { title: `Was due ${when}: ${task.title}`, body: "A task of yours is past its deadline." }
    : { title: `Due ${when}: ${task.title}`, body: "A task of yours has its deadline coming up." };
}
