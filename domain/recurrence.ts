/**
 * Repeating tasks: when the next occurrence of a repeating task is due. A deadline is a wall-clock
 * date ("2026-03-29") or date and time ("2026-03-29T02:30") in the task's zone, so occurrences are
 * counted on the wall clock: rrule runs in UTC and each UTC date is read as the wall-clock time it
 * spells ("floating" time). Daylight saving therefore never moves an occurrence: "every day 09:00"
 * stays 09:00 through both changes, and a 02:30 the clocks skip stays 02:30 (domain/reminders.ts
 * reminds of such a time an hour later, as of any deadline).
 */
import { type RRuleOptions, Frequency, RRule } from "./rrule.js";
import { wallClockAt } from "./time-zones.js";

export interface Repeat {
  /** An RFC 5545 RRULE value without the "RRULE:" prefix: "FREQ=WEEKLY;BYDAY=MO". */
  rule: string;
  /** The next occurrence counts from the day the task was done, not from its deadline. */
  fromCompletion: boolean;
}

/** A rule whose next occurrence is further away than this is taken as one that never comes round. */
export const REPEAT_HORIZON_YEARS = 30;

const DAY_MS = 86_400_000;
const DEADLINE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** A wall-clock time as a floating UTC date (set field by field: Date.UTC reads the year 26 as 1926). */
function floating(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, 0, 0);
  return date;
}

function fromDeadline(deadline: string): Date | null {
  const match = DEADLINE.exec(deadline);
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0] = match.slice(1).map((part) => Number(part ?? 0));
  return floating(year!, month!, day!, hour, minute);
}

const two = (value: number) => String(value).padStart(2, "0");

/** Back to a deadline of the same kind: a date stays a date, a date with a time keeps its time. */
function toDeadline(date: Date, timed: boolean): string {
  const day = `${String(date.getUTCFullYear()).padStart(4, "0")}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
  return timed ? `${day}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}` : day;
}

function addYears(date: Date, years: number): Date {
  const moved = new Date(date.getTime());
  moved.setUTCFullYear(date.getUTCFullYear() + years);
  return moved;
}

const given = (value: unknown) =>
  value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);

/**
 * rrule takes the days a rule leaves open from its start ("monthly" falls on the start's day of
 * the month). The search below starts elsewhere, so those days are taken from the anchor here.
 */
function withAnchorDays(options: Partial<RRuleOptions>, anchor: Date): Partial<RRuleOptions> {
  if (given(options.bymonthday) || given(options.byweekday)) return options;
  switch (options.freq) {
    case Frequency.YEARLY:
      return {
        ...options,
        bymonth: given(options.bymonth) ? options.bymonth! : anchor.getUTCMonth() + 1,
        bymonthday: anchor.getUTCDate(),
      };
    case Frequency.MONTHLY:
      return { ...options, bymonthday: anchor.getUTCDate() };
    case Frequency.WEEKLY:
      // rrule numbers weekdays from Monday (0).
      return { ...options, byweekday: [(anchor.getUTCDay() + 6) % 7] };
    default:
      return options;
  }
}

/**
 * A start of the same series at most two periods before `after`: whole periods (of the rule's
 * interval) after the anchor, so every occurrence from there on is the anchor's own. Without it a
 * deadline from long ago would have rrule walk every day since.
 */
function startNear(options: Partial<RRuleOptions>, anchor: Date, after: Date): Date {
  const interval = options.interval ?? 1;
  const hour = anchor.getUTCHours();
  const minute = anchor.getUTCMinutes();
  switch (options.freq) {
    case Frequency.DAILY:
    case Frequency.WEEKLY: {
      const step = interval * (options.freq === Frequency.WEEKLY ? 7 : 1) * DAY_MS;
      const periods = Math.floor((after.getTime() - anchor.getTime()) / step) - 1;
      return periods > 0 ? new Date(anchor.getTime() + periods * step) : anchor;
    }
    case Frequency.MONTHLY: {
      const months =
        (after.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + after.getUTCMonth() - anchor.getUTCMonth();
      const periods = Math.floor(months / interval) - 1;
      // The month's first day: the whole month belongs to the series, whichever day the anchor was.
      return periods > 0
        ? floating(anchor.getUTCFullYear(), anchor.getUTCMonth() + 1 + periods * interval, 1, hour, minute)
        : anchor;
    }
    default: {
      const periods = Math.floor((after.getUTCFullYear() - anchor.getUTCFullYear()) / interval) - 1;
      return periods > 0 ? floating(anchor.getUTCFullYear() + periods * interval, 1, 1, hour, minute) : anchor;
    }
  }
}

/** rrule gives up searching after this year; the calendar repeats itself every 400 years, weekdays included. */
const RRULE_LAST_YEAR = 9999;
const GREGORIAN_CYCLE_YEARS = 400;

/**
 * The first occurrence after `after` (exclusive) of the series that starts at `anchor`, or null
 * when none comes within the horizon. rrule searches a rule that never matches until the year
 * 9999 (seconds for a daily rule), so the search is moved by whole 400-year cycles, which changes
 * no weekday or leap day, to end a few centuries at most after `after`, and moved back.
 */
function occurrenceAfter(rule: string, anchor: Date, after: Date): Date | null {
  const options = withAnchorDays(RRule.parseString(rule.toUpperCase()), anchor);
  const start = startNear(options, anchor, after);
  const shift =
    GREGORIAN_CYCLE_YEARS *
    Math.floor((RRULE_LAST_YEAR - REPEAT_HORIZON_YEARS - after.getUTCFullYear()) / GREGORIAN_CYCLE_YEARS);
  const found = new RRule({ ...options, dtstart: addYears(start, shift), tzid: null }).after(
    addYears(after, shift),
    false,
  );
  if (!found) return null;
  const next = addYears(found, -shift);
  return next <= addYears(after, REPEAT_HORIZON_YEARS) ? next : null;
}

/**
 * The first occurrence after `after` (a deadline; the anchor itself by default) of the series that
 * `rule` makes from the deadline `anchor`, as a deadline of the same kind; null when the rule does
 * not come round within REPEAT_HORIZON_YEARS. "FREQ=WEEKLY;BYDAY=MO" from "2026-12-02" gives
 * "2026-12-07". The rule must have passed `repeatRuleProblem` (domain/repeat-rule.ts).
 */
export function nextOccurrence(rule: string, anchor: string, after = anchor): string | null {
  const start = fromDeadline(anchor);
  const from = fromDeadline(after);
  if (!start || !from) return null;
  const next = occurrenceAfter(rule, start, from < start ? start : from);
  return next && toDeadline(next, anchor.length > 10);
}

/**
 * The deadline of the occurrence that follows a repeating task done at `completedAt`.
 *
 * On a fixed schedule it is the rule's next occurrence after the current deadline; if that is
 * past too (the task was done late), the first one on a day after today, so a late task does not
 * leave a backlog of overdue copies. A date without a time is past once its day is over.
 *
 * Counted from completion, it is the rule's next occurrence after the day the task was done (in
 * the deadline's zone), at the deadline's time of day: "every 3 days" done on the 10th is due on
 * the 13th, however late or early it was done.
 *
 * Null when the rule does not come round again (then the series ends).
 */
export function nextDeadline(
  repeat: Repeat,
  task: { deadline: string; deadlineTimeZone: string | null },
  completedAt: Date,
): string | null {
  const due = fromDeadline(task.deadline);
  if (!due) return null;
  const timed = task.deadline.length > 10;
  const clock = wallClockAt(completedAt, task.deadlineTimeZone ?? "UTC");
  if (repeat.fromCompletion) {
    const doneOn = floating(clock.year, clock.month, clock.day, due.getUTCHours(), due.getUTCMinutes());
    const next = occurrenceAfter(repeat.rule, doneOn, doneOn);
    return next && toDeadline(next, timed);
  }
  const next = occurrenceAfter(repeat.rule, due, due);
  if (!next) return null;
  const now = floating(clock.year, clock.month, clock.day, timed ? clock.hour : 0, timed ? clock.minute : 0);
  if (next >= now) return toDeadline(next, timed);
  const endOfToday = new Date(floating(clock.year, clock.month, clock.day).getTime() + DAY_MS - 1);
  const afterToday = occurrenceAfter(repeat.rule, due, endOfToday);
  return afterToday && toDeadline(afterToday, timed);
}
