import { addDays, localDate, mondayOf } from "../../../../domain/time-rules";

/** Today in the device's zone: the week and its days are the viewer's. */
export const today = () => localDate(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
export const thisMonday = () => mondayOf(today());

/** Monday to Sunday of the week that starts on `monday`. */
export const daysOf = (monday: string) => Array.from({ length: 7 }, (_, index) => addDays(monday, index));

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** "2 – 8 Mar 2026" in the viewer's language. */
export function weekLabel(monday: string, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return format.formatRange(noon(monday), noon(addDays(monday, 6)));
}

/** "Monday, 2 March". */
export function dayLabel(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
    noon(date),
  );
}

/** "Mon 2". */
export function shortDayLabel(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", timeZone: "UTC" }).format(noon(date));
}
