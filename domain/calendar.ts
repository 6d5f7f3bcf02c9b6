/**
 * Strict checks of the dates and times the API accepts, free of zod so any page may
 * use them. Each field is checked against the calendar itself: Date.parse rolls "2026-02-31"
 * over to 3 March (and such a deadline's reminder never fires), and Date.UTC reads the years
 * 0–99 as 1900–1999, so neither decides whether a date exists.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_TIME = /^(\d{2}):(\d{2})$/;
/** RFC 3339 date-time: seconds required, a fraction optional, an offset (Z or ±HH:MM) required. */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-](\d{2}):(\d{2}))$/;

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** "2028-02-29": a day that exists (years 0000–9999, months 01–12, the month's own last day). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function isHourMinute(hour: string | undefined, minute: string | undefined): boolean {
  return Number(hour) <= 23 && Number(minute) <= 59;
}

/** "22:00": a time of day on the 24-hour clock, 00:00 to 23:59 ("24:00" is tomorrow's 00:00). */
export function isClockTime(value: string): boolean {
  const match = CLOCK_TIME.exec(value);
  return match !== null && isHourMinute(match[1], match[2]);
}

/** A deadline: "2026-12-24", or "2026-12-24T18:30" (a wall-clock time in the deadline's zone). */
export function isDeadline(value: string): boolean {
  const [date = "", time, ...rest] = value.split("T");
  if (rest.length > 0 || !isCalendarDate(date)) return false;
  return time === undefined || isClockTime(time);
}

/** "2026-11-24T07:48:57.123Z" or "…+01:00": an instant as the backup file and the API write them. */
export function isTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [, date = "", hour, minute, second, offsetHour, offsetMinute] = match;
  return (
    isCalendarDate(date) &&
    isHourMinute(hour, minute) &&
    Number(second) <= 59 &&
    (offsetHour === undefined || isHourMinute(offsetHour, offsetMinute))
  );
}
