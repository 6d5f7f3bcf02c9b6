import { type CalendarView, isCalendarView, readDate } from "./calendar-range";

/** Phones (up to 640 px wide) open on the agenda: a month of cells has no room for titles there. */
export const NARROW_QUERY = "(max-width: 640px)";

/**
 * The view and the date shown, from the address (?view=month|week|agenda&date=YYYY-MM-DD), so a
 * reload or Back shows the same. Without them: today, in the month on a wide screen and the
 * agenda on a phone.
 */
export function readCalendarUrl(
  params: URLSearchParams,
  today: string,
  narrow: boolean,
): { view: CalendarView; date: string } {
  const view = params.get("view");
  return {
    view: isCalendarView(view) ? view : narrow ? "agenda" : "month",
    date: readDate(params.get("date"), today),
  };
}

/** The address's parameters with the view and date changed, keeping the others (the open task's). */
export function withCalendarUrl(
  params: URLSearchParams,
  next: { view?: CalendarView; date?: string },
): URLSearchParams {
  const result = new URLSearchParams(params);
  if (next.view) result.set("view", next.view);
  if (next.date) result.set("date", next.date);
  return result;
}
