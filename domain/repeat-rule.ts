/**
 * Which repeat rules a task accepts: RFC 5545 RRULE values (without "RRULE:") that make sense for
 * a deadline. A task repeats at most daily, goes on until it is stopped, takes its time of day
 * from its deadline, and must come round again; every rule quick add writes passes.
 */
import { nextOccurrence, REPEAT_HORIZON_YEARS } from "./recurrence.js";
import { RRule } from "./rrule.js";

export const REPEAT_RULE_MAX_LENGTH = 200;

export const REPEAT_MESSAGES = {
  needsDeadline: "A repeating task needs a deadline",
  neverAgain: `This repeat does not come round again after the deadline (not within ${REPEAT_HORIZON_YEARS} years)`,
} as const;

const FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;
type Freq = (typeof FREQUENCIES)[number];

const WEEKDAY = "(MO|TU|WE|TH|FR|SA|SU)";
const PART = /^([A-Za-z]+)=([A-Za-z0-9,+-]+)$/;
const NUMBER_LIST = /^[+-]?\d{1,3}(,[+-]?\d{1,3})*$/;
const DAY = new RegExp(`^([+-]?\\d{1,2})?${WEEKDAY}$`);

/** Parts that do not fit a task's deadline, and why. */
const REFUSED: Record<string, string> = {
  COUNT: "A repeat goes on until it is stopped: COUNT is not supported",
  UNTIL: "A repeat goes on until it is stopped: UNTIL is not supported",
  BYHOUR: "The time of day comes from the deadline: BYHOUR is not supported",
  BYMINUTE: "The time of day comes from the deadline: BYMINUTE is not supported",
  BYSECOND: "The time of day comes from the deadline: BYSECOND is not supported",
};
const ALLOWED = new Set(["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST"]);
/** Parts that filter days within a month or year; a daily or weekly rule names its weekdays only. */
const MONTH_AND_YEAR_ONLY = ["BYMONTHDAY", "BYMONTH", "BYSETPOS"];

function numbers(value: string): number[] | null {
  return NUMBER_LIST.test(value) ? value.split(",").map(Number) : null;
}

const inRange = (list: number[] | null, min: number, max: number, zero = false) =>
  list !== null && list.every((value) => value >= min && value <= max && (zero || value !== 0));

function dayProblem(value: string, freq: Freq, byMonth: boolean): string | null {
  for (const day of value.split(",")) {
    const match = DAY.exec(day);
    if (!match) return `BYDAY lists weekdays as MO, TU, WE, TH, FR, SA, SU (a number before one for "the nth")`;
    if (match[1] === undefined) continue;
    const nth = Number(match[1]);
    if (freq !== "MONTHLY" && freq !== "YEARLY") return `BYDAY=${day}: "the nth weekday" needs FREQ=MONTHLY or YEARLY`;
    const limit = freq === "MONTHLY" || byMonth ? 5 : 53;
    if (nth === 0 || Math.abs(nth) > limit)
      return `BYDAY=${day}: the number must be from 1 to ${limit} or -${limit} to -1`;
  }
  return null;
}

/** What is wrong with the parts that make one, or null. */
function partsProblem(parts: Map<string, string>): string | null {
  const freq = parts.get("FREQ");
  if (freq === undefined) return "Say how often with FREQ=DAILY, WEEKLY, MONTHLY or YEARLY";
  if (!(FREQUENCIES as readonly string[]).includes(freq))
    return "A task repeats at most daily: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY";
  const kind = freq as Freq;
  const interval = parts.get("INTERVAL");
  if (interval !== undefined && !/^[1-9]\d{0,2}$/.test(interval))
    return "INTERVAL must be a whole number from 1 to 999";
  if (kind === "DAILY" || kind === "WEEKLY") {
    const misplaced = MONTH_AND_YEAR_ONLY.find((key) => parts.has(key));
    if (misplaced) return `${misplaced} needs FREQ=MONTHLY or YEARLY`;
  }
  const byDay = parts.get("BYDAY");
  if (byDay !== undefined) {
    const problem = dayProblem(byDay, kind, parts.has("BYMONTH"));
    if (problem) return problem;
    // Every 7th (14th…) day is always the same weekday: the other weekdays would never come.
    if (kind === "DAILY" && Number(interval ?? 1) % 7 === 0)
      return "With FREQ=DAILY and BYDAY, INTERVAL must not be a multiple of 7 (use FREQ=WEEKLY)";
  }
  const byMonthDay = parts.get("BYMONTHDAY");
  if (byMonthDay !== undefined && !inRange(numbers(byMonthDay), -31, 31))
    return "BYMONTHDAY lists days from 1 to 31, or -31 to -1 counted from the month's end";
  const byMonth = parts.get("BYMONTH");
  if (byMonth !== undefined && !inRange(numbers(byMonth), 1, 12)) return "BYMONTH lists months from 1 to 12";
  const bySetPos = parts.get("BYSETPOS");
  if (bySetPos !== undefined) {
    if (!inRange(numbers(bySetPos), -366, 366)) return "BYSETPOS lists positions from 1 to 366 or -366 to -1";
    if (byDay === undefined && byMonthDay === undefined) return "BYSETPOS needs BYDAY or BYMONTHDAY to pick from";
  }
  const weekStart = parts.get("WKST");
  if (weekStart !== undefined && !new RegExp(`^${WEEKDAY}$`).test(weekStart))
    return "WKST is one weekday: MO, TU, WE, TH, FR, SA or SU";
  return null;
}

/**
 * The day a rule is tried from when no deadline is at hand: a Monday in a leap year. Its year is
 * a whole number of 400-year cycles (and one year) before 9999 less the horizon, where
 * recurrence.ts moves every search: there a rule that never comes round costs a search of the
 * horizon only, not of centuries.
 */
const SOME_DAY = "1968-01-01";

/**
 * Why a repeat rule cannot be a task's, or null when it can. Parts are case-insensitive (store
 * the rule upper-cased); each may come once. Checked against the deadline too, when there is one:
 * `nextOccurrence(rule, deadline)` is null for a rule that does not come round after it.
 */
export function repeatRuleProblem(rule: string): string | null {
  if (rule.length > REPEAT_RULE_MAX_LENGTH) return `Use at most ${REPEAT_RULE_MAX_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(rule)) return "Contains a control character";
  const text = rule.toUpperCase();
  if (text.startsWith("RRULE:")) return 'Leave out the "RRULE:" prefix: FREQ=WEEKLY;BYDAY=MO';
  const parts = new Map<string, string>();
  for (const part of text.split(";")) {
    const match = PART.exec(part);
    if (!match) return "Write the rule as KEY=VALUE parts separated by semicolons: FREQ=WEEKLY;BYDAY=MO";
    const [, key = "", value = ""] = match;
    if (REFUSED[key]) return REFUSED[key];
    if (!ALLOWED.has(key)) return `${key} is not supported in a task's repeat`;
    if (parts.has(key)) return `${key} is given twice`;
    parts.set(key, value);
  }
  const problem = partsProblem(parts);
  if (problem) return problem;
  try {
    RRule.parseString(text);
  } catch (error) {
    return `Not a repeat rule: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (nextOccurrence(text, SOME_DAY) === null)
    return `This repeat never comes round (not within ${REPEAT_HORIZON_YEARS} years)`;
  return null;
}
