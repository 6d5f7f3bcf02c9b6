/**
 * The repeat rules quick add can say, as RFC 5545 RRULE values, and the first day such a rule
 * falls on: enough of RFC 5545 for what the phrases produce (one frequency, an interval, the days
 * of the week, a day of the month, a month), computed on calendar days.
 */
import { addDays, daysInMonth, weekdayOf, type CivilDate } from "./civil-date.js";

export type Frequency = "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY";

/** 0 for Sunday … 6 for Saturday, as Date.getUTCDay. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface RepeatRule {
  frequency: Frequency;
  interval: number;
  /** Days of the week; with `nth` (1 to 5, or -1 for the last) the nth such day of the month. */
  byDay?: { weekday: Weekday; nth?: number }[];
  /** A day of the month, 1 to 31, or -1 for its last day. */
  byMonthDay?: number;
  /** A month, 1 to 12 (with `byMonthDay`, a day of the year). */
  byMonth?: number;
}

const RFC_WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;
/** RFC 5545 lists days Monday first; so do we, whatever order they were typed in. */
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

export function toRRule(rule: RepeatRule): string {
  const fields = [`FREQ=${rule.frequency}`];
  if (rule.interval > 1) fields.push(`INTERVAL=${rule.interval}`);
  if (rule.byMonth !== undefined) fields.push(`BYMONTH=${rule.byMonth}`);
  if (rule.byMonthDay !== undefined) fields.push(`BYMONTHDAY=${rule.byMonthDay}`);
  if (rule.byDay?.length) {
    const days = [...rule.byDay].sort((a, b) => MONDAY_FIRST.indexOf(a.weekday) - MONDAY_FIRST.indexOf(b.weekday));
    fields.push(`BYDAY=${days.map((day) => `${day.nth ?? ""}${RFC_WEEKDAYS[day.weekday]}`).join(",")}`);
  }
  return fields.join(";");
}

function isNthWeekdayOfMonth(date: CivilDate, nth: number): boolean {
  if (nth > 0) return Math.ceil(date.day / 7) === nth;
  const fromEnd = Math.ceil((daysInMonth(date.year, date.month) - date.day + 1) / 7);
  return fromEnd === -nth;
}

/** Whether the rule's BY parts allow this day (the interval only spaces later occurrences). */
export function fallsOn(rule: RepeatRule, date: CivilDate): boolean {
  if (rule.byMonth !== undefined && date.month !== rule.byMonth) return false;
  if (rule.byMonthDay !== undefined) {
    const day = rule.byMonthDay > 0 ? rule.byMonthDay : daysInMonth(date.year, date.month) + 1 + rule.byMonthDay;
    if (date.day !== day) return false;
  }
  if (rule.byDay?.length) {
    const weekday = weekdayOf(date);
    return rule.byDay.some(
      (day) => day.weekday === weekday && (day.nth === undefined || isNthWeekdayOfMonth(date, day.nth)),
    );
  }
  return true;
}

/** Long enough for the rarest rule quick add makes: 29 February, up to eight years away. */
const SEARCH_DAYS = 366 * 8 + 1;

/**
 * The first day on or after `from` the rule falls on, skipping `from` itself when `skipFrom`
 * (its time has passed). A rule without BY parts falls on any day, so it starts on `from` (or the
 * day after): the series is then counted from there. Null for a rule that falls on no day.
 */
export function firstDay(rule: RepeatRule, from: CivilDate, skipFrom: boolean): CivilDate | null {
  for (let offset = skipFrom ? 1 : 0; offset <= SEARCH_DAYS; offset += 1) {
    const day = addDays(from, offset);
    if (fallsOn(rule, day)) return day;
  }
  return null;
}
