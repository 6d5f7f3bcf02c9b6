/**
 * The deadline a day and a time come to, counted from now in the user's zone: a time alone is its
 * next coming, a date without a year this year's or next year's, a weekday the next such day,
 * and a repeat its first occurrence from then.
 */
import { addDays, compareDates, isRealDate, weekdayOf, type CivilDate, type ClockMinutes } from "./civil-date.js";
import type { DaySpec } from "./date-reading.js";
import { firstDay, type RepeatRule } from "./rule.js";

export interface Now {
  today: CivilDate;
  /** The clock's minutes since midnight. */
  minutes: ClockMinutes;
}

/** A time today that the clock has not yet reached (a time equal to now has passed). */
function isAhead(time: ClockMinutes, now: Now): boolean {
  return time > now.minutes;
}

/** The first year from this one in which the day exists and has not passed ("feb 29" waits for a leap year). */
function nextYearly(month: number, day: number, now: Now): CivilDate | null {
  for (let year = now.today.year; year <= now.today.year + 8; year += 1) {
    const date = { year, month, day };
    if (isRealDate(year, month, day) && compareDates(date, now.today) >= 0) return date;
  }
  return null;
}

/** The next such weekday, today included unless its time has passed. */
function nextWeekday(weekday: number, time: ClockMinutes | null, now: Now): CivilDate {
  const ahead = (weekday - weekdayOf(now.today) + 7) % 7;
  const passedToday = ahead === 0 && time !== null && !isAhead(time, now);
  return addDays(now.today, passedToday ? 7 : ahead);
}

/** Days since Monday: weeks run Monday to Sunday. */
const sinceMonday = (weekday: number) => (weekday + 6) % 7;

/** "next fri": the Friday of next week, Monday to Sunday (as chrono reads it): 9 days on from a Wednesday, 6 from a Saturday. */
function weekdayOfNextWeek(weekday: number, now: Now): CivilDate {
  const nextMonday = 7 - sinceMonday(weekdayOf(now.today));
  return addDays(now.today, nextMonday + sinceMonday(weekday));
}

/** The day a phrase names; a time without a day is today's if still ahead, else tomorrow's. */
export function dayOf(day: DaySpec | null, time: ClockMinutes | null, now: Now): CivilDate | null {
  if (day === null) return time !== null && !isAhead(time, now) ? addDays(now.today, 1) : now.today;
  if (day.type === "on") return day.date;
  if (day.type === "yearless") return nextYearly(day.month, day.day, now);
  return day.nextWeek ? weekdayOfNextWeek(day.weekday, now) : nextWeekday(day.weekday, time, now);
}

/**
 * The first occurrence of a repeat: on or after the day said ("every monday from dec 1"), or
 * from today, skipping today when its time has passed.
 */
export function firstOccurrence(
  rule: RepeatRule,
  day: DaySpec | null,
  time: ClockMinutes | null,
  now: Now,
): CivilDate | null {
  const from = day === null ? now.today : dayOf(day, time, now);
  if (!from) return null;
  const passed = compareDates(from, now.today) === 0 && time !== null && !isAhead(time, now);
  return firstDay(rule, from, passed);
}
