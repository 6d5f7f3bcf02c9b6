import type { OutsideCalendar, OutsideSource } from "../../../domain/calendar-outside";

/** The calendar /embedded-google-calendar showed last on this device (content/cookie-policy.md). */
export const EMBEDDED_CALENDAR_STORAGE_KEY = "outsideCalendarShown";

export function readRemembered(): string | null {
  try {
    return localStorage.getItem(EMBEDDED_CALENDAR_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function remember(calendarId: string): void {
  try {
    localStorage.setItem(EMBEDDED_CALENDAR_STORAGE_KEY, calendarId);
  } catch {
    // Blocked storage: the address still names the calendar.
  }
}

/**
 * The calendar to show: the address's, else the one shown last on this device, else the first.
 * `missing` when the address names one the user does not have (removed since it was bookmarked).
 * Needs at least one calendar.
 */
export function pickCalendar(
  sources: readonly OutsideSource[],
  asked: string | null,
  remembered: string | null,
): { chosen: { source: OutsideSource; calendar: OutsideCalendar }; missing: boolean } {
  const all = sources.flatMap((source) => source.calendars.map((calendar) => ({ source, calendar })));
  const find = (id: string | null) => (id === null ? undefined : all.find((entry) => entry.calendar.id === id));
  const chosen = find(asked) ?? find(remembered) ?? all[0];
  if (!chosen) throw new Error("pickCalendar needs a calendar");
  return { chosen, missing: asked !== null && !find(asked) };
}
