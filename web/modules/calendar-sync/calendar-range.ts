/**
 * The calendar's periods as calendar dates ("2026-11-27"), never instants: a day that daylight
 * saving makes 23 or 25 hours long is still one cell. Weeks start on Monday, as everywhere in the
 * app (domain/time-rules.ts).
 */

// The few helpers of domain/time-rules.ts and domain/calendar.ts this needs, written here: each
// shared file the page imports is one more name in the first load's list of what it preloads.

const DAY_MS = 86_400_000;
const utcOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** "2026-11-27" plus `days` on the calendar. */
export function addDays(date: string, days: number): string {
  return new Date(utcOf(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from one calendar date to another (to minus from). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS);
}

/** The Monday on or before a calendar date. */
export function mondayOf(date: string): string {
  return addDays(date, -((new Date(utcOf(date)).getUTCDay() + 6) % 7));
}

/** "2028-02-29": a day that exists, years 1000 to 9999 (Date.parse would roll 31 Feb over). */
function isCalendarDate(value: string): boolean {
  if (!/^[1-9]\d{3}-\d{2}-\d{2}$/.test(value)) return false;
  const time = utcOf(value);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

export const CALENDAR_VIEWS = ["month", "week", "agenda"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export function isCalendarView(value: string | null): value is CalendarView {
  return (CALENDAR_VIEWS as readonly (string | null)[]).includes(value);
}

/** "2026-11" of "2026-11-27". */
export const monthOf = (date: string) => date.slice(0, 7);

/** The same day `months` months on, or the month's last day when it has fewer (31 Jan + 1: 28 or 29 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return first.toISOString().slice(0, 10);
}

/** The weeks (Monday to Sunday) that hold the month of `date`: four to six rows. */
export function monthGrid(date: string): string[][] {
  const first = `${monthOf(date)}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const weeks: string[][] = [];
  for (let monday = mondayOf(first); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(weekDays(monday));
  }
  return weeks;
}

/** Monday to Sunday of the week that holds `date`. */
export function weekDays(date: string): string[] {
  const monday = mondayOf(date);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The date shown after Previous (-1) or Next (1): a month, or a week (week and agenda). */
export function shiftPeriod(view: CalendarView, date: string, step: number): string {
  return view === "month" ? addMonths(date, step) : addDays(date, 7 * step);
}

/** The first and last day a view shows, for fetching what falls in it (an agenda: eight weeks). */
export function periodRange(view: CalendarView, date: string): { from: string; to: string } {
  if (view === "month") {
    const weeks = monthGrid(date);
    return { from: weeks[0]![0]!, to: weeks.at(-1)![6]! };
  }
  if (view === "week") {
    const days = weekDays(date);
    return { from: days[0]!, to: days[6]! };
  }
  return { from: date, to: addDays(date, 55) };
}

/** A date from the address when it is a real one, else `fallback`. */
export function readDate(value: string | null, fallback: string): string {
  return value && isCalendarDate(value) ? value : fallback;
}

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** "December 2026", "30 Nov – 6 Dec 2026", "From Fri 27 Nov 2026", in the user's language. */
export function periodLabel(view: CalendarView, date: string, locale: string): string {
  if (view === "month") {
    return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(noon(date));
  }
  if (view === "week") {
    const days = weekDays(date);
    const format = new Intl.DateTimeFormat(locale, {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    return format.formatRange(noon(days[0]!), noon(days[6]!));
  }
  return `From ${dayLabel(date, locale, { year: true })}`;
}

/** "Fri 27 Nov" (with the year when asked), or "Friday 27 November" when `long`. */
export function dayLabel(date: string, locale: string, { long = false, year = false } = {}): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: long ? "long" : "short",
    day: "numeric",
    month: long ? "long" : "short",
    ...(year ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(noon(date));
}

/** "Mon" … "Sun", Monday first. */
export function weekdayNames(locale: string, width: "short" | "narrow" = "short"): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: "UTC" });
  return weekDays("2026-11-23").map((date) => format.format(noon(date)));
}

/** The day of the month, "27". */
export const dayOfMonth = (date: string) => String(Number(date.slice(8, 10)));
