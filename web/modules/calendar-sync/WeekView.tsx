import type { CalendarControls } from "./calendar-controls";
import type { CalendarItem } from "./calendar-item";
import { dayLabel, dayOfMonth, weekDays, weekdayNames } from "./calendar-range";
import { DayList } from "./DayList";

/**
 * The week of `date`, Monday to Sunday: seven columns on a wide screen, the days one under the
 * other on a phone. Each day lists what is due all day, then the rest by time; a task is dragged
 * to another day's column.
 */
export function WeekView({
  date,
  byDay,
  calendar,
}: {
  date: string;
  byDay: Map<string, CalendarItem[]>;
  calendar: CalendarControls;
}) {
  const names = weekdayNames(calendar.locale);
  return (
    <div data-task-lists className="grid gap-2 md:grid-cols-7 md:gap-1.5">
      {weekDays(date).map((day, index) => {
        const items = byDay.get(day) ?? [];
        const allDay = items.filter((item) => item.time === null);
        const timed = items.filter((item) => item.time !== null);
        const today = day === calendar.today;
        const over = calendar.drag.shown?.overDay === day;
        const name = dayLabel(day, calendar.locale, { long: true });
        return (
          <section
            key={day}
            data-day={day}
            aria-label={today ? `${name}, today` : name}
            className={`flex min-w-0 rounded-xl border p-1.5 md:min-h-64 md:flex-col ${items.length === 0 ? "items-baseline justify-between md:items-stretch md:justify-start" : "flex-col"} ${today ? "border-brand/60 bg-brand/5" : "border-line bg-surface-muted/40"} ${over ? "ring-2 ring-brand" : ""}`}
          >
            <h3 className={`flex items-baseline gap-1.5 px-1 text-sm ${items.length ? "pb-1" : "md:pb-1"}`}>
              <span className={`font-semibold ${today ? "text-brand" : "text-ink-muted"}`}>{names[index]}</span>
              <span
                className={`grid size-7 place-items-center rounded-full text-base ${today ? "bg-brand font-bold text-brand-ink" : "font-semibold"}`}
              >
                {dayOfMonth(day)}
              </span>
              {today && <span className="sr-only">today</span>}
            </h3>
            {allDay.length > 0 && (
              <div className="mb-1.5">
                <p className="px-1 pb-0.5 text-[0.6875rem] font-semibold tracking-wide text-ink-muted uppercase">
                  All day
                </p>
                <DayList items={allDay} calendar={calendar} label={`${name}, all day`} variant="card" draggable />
              </div>
            )}
            {timed.length > 0 && (
              <DayList items={timed} calendar={calendar} label={`${name}, by time`} variant="card" draggable />
            )}
            {items.length === 0 && <p className="px-1 py-1 text-xs text-ink-muted">Nothing planned</p>}
          </section>
        );
      })}
    </div>
  );
}
