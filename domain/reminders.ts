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
