import { zonedTimeToInstant } from "./reminders.js";
import { wallClockAt } from "./time-zones.js";

export { formatElapsed } from "./time-clock.js";

/**
 * Time tracking's rules (module task-delegation, docs/time-tracking.md), free of zod so the web
 * app's timer chip and the server share them; domain/time-tracking.ts has the API's schemas.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The longest entry, manual or timed: a timer left running longer is stopped at this length. */
export const MAX_ENTRY_MS = DAY_MS;
/** How far a device's clock may run ahead of the server's before its instants count as "future". */
export const CLOCK_SKEW_MS = 2 * MINUTE_MS;
/** A timer running this long reminds its user once (server/modules/task-delegation/time-tracking/reminder.ts). */
export const REMINDER_AFTER_MS = 8 * HOUR_MS;
/** The largest estimate: 1000 hours. */
export const MAX_ESTIMATE_MINUTES = 60_000;
/** The longest report: a year and a day. */
export const MAX_REPORT_DAYS = 367;
export const MAX_NOTE_LENGTH = 500;

export const TIME_MESSAGES = {
  entryNotFound: "Time entry not found",
  endBeforeStart: "The end must be after the start",
  inFuture: "Times cannot be in the future",
  tooLong: "An entry can be at most 24 hours long",
  startTooOld: "A timer can start at most 24 hours ago",
  stopBeforeStart: "The timer cannot stop before it started",
  overlap: (task: string, from: string, to: string) => `This overlaps your entry for "${task}" (${from} – ${to})`,
  running: "Stop the timer before editing its entry",
  raced: "Another timer started at the same moment. Try again.",
  rangeOrder: "The report's end date must not be before its start date",
  rangeTooLong: `A report can cover at most ${MAX_REPORT_DAYS} days`,
  reminderTitle: "Your timer is still running",
  reminderBody: (task: string) => `"${task}" has been timed for 8 hours. Stop the timer if you are done.`,
  started: "Timer started",
  stopped: "Timer stopped",
  failed: "Failed to update your time",
  loadFailed: "Failed to load your time. Please try again later.",
  saved: "Entry saved",
  deleted: "Entry deleted",
  badDuration: 'Use minutes like 90, or hours and minutes like "1h 30m"',
} as const;

export interface Span {
  /** ISO instants; no end: running now. */
  startedAt: string;
  endedAt: string | null;
}

const endOf = (span: Span, now: number) => (span.endedAt ? Date.parse(span.endedAt) : now);

/** Whether two spans share any moment (touching ends do not: 10:00–11:00 then 11:00–12:00 is fine). */
export function overlaps(a: Span, b: Span, now: number): boolean {
  return Date.parse(a.startedAt) < endOf(b, now) && Date.parse(b.startedAt) < endOf(a, now);
}

/**
 * Why a finished entry cannot be saved as it is, or null when it can: end after start, nothing in
 * the future (beyond the clock skew), at most 24 hours. Overlaps are checked with the others.
 */
export function entryProblem(span: { startedAt: string; endedAt: string }, now: number): string | null {
  const start = Date.parse(span.startedAt);
  const end = Date.parse(span.endedAt);
  if (end <= start) return TIME_MESSAGES.endBeforeStart;
  if (end > now + CLOCK_SKEW_MS) return TIME_MESSAGES.inFuture;
  if (end - start > MAX_ENTRY_MS) return TIME_MESSAGES.tooLong;
  return null;
}

/** The first of `others` the span overlaps (a running one counts until now), or undefined. */
export function firstOverlap<T extends Span & { id: string }>(
  span: Span & { id?: string },
  others: readonly T[],
  now: number,
): T | undefined {
  return others.find((other) => other.id !== span.id && overlaps(span, other, now));
}

/** Seconds of the span within [from, to) (ms instants); a running span counts until now. */
export function secondsWithin(span: Span, from: number, to: number, now: number): number {
  const start = Math.max(Date.parse(span.startedAt), from);
  const end = Math.min(endOf(span, now), to);
  return end > start ? Math.round((end - start) / 1000) : 0;
}

// --- Calendar dates in a zone ---------------------------------------------------------------

const pad = (value: number) => String(value).padStart(2, "0");

/** The calendar date ("2026-03-29") a clock in the zone shows at the instant. */
export function localDate(at: Date | number, timeZone: string): string {
  const clock = wallClockAt(at, timeZone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** The date `days` days after (or before) a calendar date. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The Monday on or before a calendar date: weeks start on Monday. */
export function mondayOf(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The instant a calendar date begins in the zone (its midnight, or the first hour it has). */
export function startOfDay(date: string, timeZone: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return zonedTimeToInstant({ year, month, day, hour: 0, minute: 0 }, timeZone).getTime();
}

/** Days from one calendar date to another (to minus from). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export interface WeekBucket {
  /** Its Monday. */
  week: string;
  /** [start, end) instants: 167 or 169 hours in a week with a daylight saving change. */
  start: number;
  end: number;
}

/** The weeks (Monday to Monday in the zone) that the dates from..to (inclusive) touch, in order. */
export function weeksOf(from: string, to: string, timeZone: string): WeekBucket[] {
  const weeks: WeekBucket[] = [];
  for (let monday = mondayOf(from); monday <= to; monday = addDays(monday, 7)) {
    weeks.push({ week: monday, start: startOfDay(monday, timeZone), end: startOfDay(addDays(monday, 7), timeZone) });
  }
  return weeks;
}

// --- Durations ---------------------------------------------------------------------------

/** "1h 05m", "45m", "0m": how long, for people. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${pad(minutes % 60)}m` : `${minutes}m`;
}

/**
 * Minutes from what a person types: "90", "1h 30m", "1h30", "2h", "45m", "1.5h". Null when it
 * is not a duration, 0 or more than the largest estimate.
 */
export function parseDuration(text: string): number | null {
  const value = text.trim().toLowerCase();
  let minutes: number | null = null;
  if (/^\d+$/.test(value)) minutes = Number(value);
  else if (/^\d+(\.\d+)?\s*h$/.test(value)) minutes = Math.round(parseFloat(value) * 60);
  else {
    const match = /^(?:(\d+)\s*h)?\s*(?:(\d+)\s*m?)?$/.exec(value);
    if (match && (match[1] !== undefined || match[2] !== undefined) && /h|m/.test(value))
      minutes = Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
  }
  return minutes !== null && minutes > 0 && minutes <= MAX_ESTIMATE_MINUTES ? minutes : null;
}

// --- CSV (RFC 4180) --------------------------------------------------------------------------

/**
 * One cell: a text a spreadsheet would read as a formula (it begins with = + - @, a tab or a
 * carriage return) gets a leading apostrophe, then the cell is quoted when it holds a comma,
 * a quote or a line break, with quotes doubled.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows joined with CRLF, as RFC 4180 says, ending with one. */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
