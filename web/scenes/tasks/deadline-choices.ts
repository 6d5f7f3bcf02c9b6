import { wallClock } from "./task-view";

/**
 * The quick choices of the deadline picker, as dates on the user's calendar. All arithmetic is on
 * calendar dates ("2026-11-27"), never on instants: a day that daylight saving makes 23 or 25
 * hours long is still one day.
 */

export type DeadlineChoiceKey = "today" | "tomorrow" | "next-week" | "weekend";

export interface DeadlineChoice {
  key: DeadlineChoiceKey;
  /** "Tomorrow", "Next week", "This weekend". */
  label: string;
  /** "2026-11-27". */
  date: string;
}

/** "2026-11-27" plus `days` on the calendar. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 for Sunday … 6 for Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** Today's date where the user is. */
export function todayIn(now: Date, timeZone: string): string {
  return wallClock(now, timeZone).slice(0, 10);
}

/**
 * Today, tomorrow, next week (the next Monday: tomorrow on a Sunday, a week on on a Monday) and
 * the weekend (the coming Saturday; on a Saturday or a Sunday, the next one: today is "Today").
 */
export function deadlineChoices(now: Date, timeZone: string): DeadlineChoice[] {
  const today = todayIn(now, timeZone);
  const weekday = weekdayOf(today);
  const untilMonday = (8 - weekday) % 7 || 7;
  const weekendNow = weekday === 0 || weekday === 6;
  const untilSaturday = (6 - weekday + 7) % 7 || 7;
  return [
    { key: "today", label: "Today", date: today },
    { key: "tomorrow", label: "Tomorrow", date: addDays(today, 1) },
    { key: "next-week", label: "Next week", date: addDays(today, untilMonday) },
    { key: "weekend", label: weekendNow ? "Next weekend" : "This weekend", date: addDays(today, untilSaturday) },
  ];
}

/** "Fri 27 Nov" as the user's locale writes a short date ("Fri, Nov 27" in the US). */
export function formatDay(date: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** The deadline moved to `date`, keeping its time of day; null removes it. */
export function withDate(deadline: string | null, date: string | null): string | null {
  if (!date) return null;
  return deadline && deadline.length > 10 ? `${date}${deadline.slice(10)}` : date;
}

/** The deadline with a time of day ("18:30"), or without one (null). Needs a date. */
export function withTime(deadline: string, time: string | null): string {
  return time ? `${deadline.slice(0, 10)}T${time}` : deadline.slice(0, 10);
}
