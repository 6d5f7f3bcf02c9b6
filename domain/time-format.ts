/**
 * Times as one user reads them, the same in the app, in emails and in push messages: the user's
 * locale decides the clock (12 hours with AM/PM in the US, 24 hours in the UK or Germany, as
 * Intl's hourCycle for that locale says). The web app passes the profile's language (else the
 * browser's), the server the recipient's profile language; docs/decisions.md, "Times".
 */

/** Where no locale is known (an account that never opened the app): a 24-hour clock, day before month. */
export const FALLBACK_TIME_LOCALE = "en-GB";

export type HourCycle = "h11" | "h12" | "h23" | "h24";

const formats = new Map<string, Intl.DateTimeFormat>();

/** A locale Intl can use: the given one when it is a valid tag, else the fallback. */
export function timeLocale(locale: string | null | undefined): string {
  if (!locale) return FALLBACK_TIME_LOCALE;
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? FALLBACK_TIME_LOCALE;
  } catch {
    return FALLBACK_TIME_LOCALE;
  }
}

/** Building a formatter is the costly part: one per locale and options, made once. */
function formatter(locale: string | null | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = timeLocale(locale);
  const key = `${tag}\n${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(tag, options);
    } catch {
      // An unknown time zone: the same text in UTC rather than no text.
      format = new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" });
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * ICU puts a narrow no-break space before AM/PM in some versions and a plain space in others;
 * the server's Node and the user's browser must not differ by it.
 */
const tidy = (text: string) => text.replace(/[\u202f\u2009]/g, " ");

/** The clock the locale uses: "h12" (6:45 PM) or "h23" (18:45), rarely h11 or h24. */
export function hourCycleOf(locale: string | null | undefined): HourCycle {
  return (formatter(locale, { hour: "numeric" }).resolvedOptions().hourCycle ?? "h23") as HourCycle;
}

export function uses12HourClock(locale: string | null | undefined): boolean {
  const cycle = hourCycleOf(locale);
  return cycle === "h12" || cycle === "h11";
}

/** A wall-clock time "18:45" as the locale writes it: "6:45 PM" (en-US), "18:45" (en-GB, de). */
export function formatClockTime(hhmm: string, locale: string | null | undefined): string {
  const [hours = 0, minutes = 0] = hhmm.split(":").map(Number);
  return tidy(formatter(locale, { timeStyle: "short", timeZone: "UTC" }).format(Date.UTC(2000, 0, 1, hours, minutes)));
}

/** A calendar date "2026-11-27" as a short day: "Fri, Nov 27" (en-US), "Fri 27 Nov" (en-GB); the year when asked. */
export function formatCalendarDate(
  date: string,
  locale: string | null | undefined,
  { withYear = false }: { withYear?: boolean } = {},
): string {
  return tidy(
    formatter(locale, {
      timeZone: "UTC",
      weekday: "short",
      day: "numeric",
      month: "short",
      ...(withYear ? { year: "numeric" } : {}),
    }).format(new Date(`${date.slice(0, 10)}T12:00:00Z`)),
  );
}

/** The time of day of an instant in a zone (the runtime's when none is given): "6:45 PM" or "18:45". */
export function formatTimeOfDay(
  at: Date | number | string,
  locale: string | null | undefined,
  timeZone?: string,
): string {
  return tidy(formatter(locale, { timeStyle: "short", ...(timeZone ? { timeZone } : {}) }).format(new Date(at)));
}

/** An instant with its date: "Nov 27, 2026, 6:45 PM" (en-US), "27 Nov 2026, 18:45" (en-GB). */
export function formatDateTime(
  at: Date | number | string,
  locale: string | null | undefined,
  timeZone?: string,
): string {
  return tidy(
    formatter(locale, { dateStyle: "medium", timeStyle: "short", ...(timeZone ? { timeZone } : {}) }).format(
      new Date(at),
    ),
  );
}

/** An instant's date alone: "Nov 27, 2026" (en-US), "27 Nov 2026" (en-GB). */
export function formatDate(at: Date | number | string, locale: string | null | undefined, timeZone?: string): string {
  return tidy(formatter(locale, { dateStyle: "medium", ...(timeZone ? { timeZone } : {}) }).format(new Date(at)));
}
