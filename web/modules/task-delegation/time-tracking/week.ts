import { addDays, localDate, mondayOf, startOfDay } from "../../../../domain/time-rules";

/** The viewer's zone: reports and the week's days are in it. */
export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface Week {
  /** Monday and Sunday, as calendar dates in the viewer's zone. */
  monday: string;
  sunday: string;
  /** Its instants: Monday's midnight to the next Monday's. */
  from: string;
  to: string;
}

export function weekOf(monday: string, timeZone = viewerZone()): Week {
  return {
    monday,
    sunday: addDays(monday, 6),
    from: new Date(startOfDay(monday, timeZone)).toISOString(),
    to: new Date(startOfDay(addDays(monday, 7), timeZone)).toISOString(),
  };
}

export const thisMonday = (timeZone = viewerZone()) => mondayOf(localDate(Date.now(), timeZone));

/** "23 – 29 Nov 2026" in the viewer's language. */
export function weekLabel(week: Week, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return format.formatRange(new Date(`${week.monday}T12:00:00Z`), new Date(`${week.sunday}T12:00:00Z`));
}

/** "Monday, 23 November" for a day's heading. */
export function dayLabel(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
