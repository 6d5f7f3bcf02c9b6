/**
 * Calendar days and clock times without an instant: arithmetic on them goes through UTC, so no
 * machine zone and no daylight saving change can shift a day.
 */
import { daysInMonth } from "../calendar.js";
import { wallClockAt } from "../time-zones.js";

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/** Minutes since midnight, 0 to 1439. */
export type ClockMinutes = number;

const DAY_MS = 86_400_000;

function toDayNumber(date: CivilDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
}

function fromDayNumber(dayNumber: number): CivilDate {
  const utc = new Date(dayNumber * DAY_MS);
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

export function addDays(date: CivilDate, days: number): CivilDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Negative when `a` is earlier, 0 on the same day. */
export function compareDates(a: CivilDate, b: CivilDate): number {
  return toDayNumber(a) - toDayNumber(b);
}

/** 0 for Sunday … 6 for Saturday, as Date.getUTCDay. */
export function weekdayOf(date: CivilDate): number {
  return new Date(toDayNumber(date) * DAY_MS).getUTCDay();
}

export function isRealDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export { daysInMonth };

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

export function formatDate(date: CivilDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

export function formatClock(minutes: ClockMinutes): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** What the calendar and the clock show in the zone at `now`. */
export function zonedNow(now: Date, timeZone: string): { today: CivilDate; minutes: ClockMinutes } {
  const wall = wallClockAt(now, timeZone);
  return { today: { year: wall.year, month: wall.month, day: wall.day }, minutes: wall.hour * 60 + wall.minute };
}

/** The zone's offset from UTC at `now`, in minutes (east positive), as chrono takes it. */
export function zoneOffsetMinutes(now: Date, timeZone: string): number {
  const wall = wallClockAt(now, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(now.getTime() / 1000) * 1000) / 60_000);
}
