import { type ReactNode, useState } from "react";
import { isOverdueOpen } from "../../scenes/tasks/task-agenda";
import type { CalendarControls } from "./calendar-controls";
import type { CalendarItem } from "./calendar-item";
import { addDays, dayLabel } from "./calendar-range";
import { DayList } from "./DayList";

/** Days listed at first; "Show more" adds as many. */
const DAYS_AT_ONCE = 30;

const isOverdueItem = (item: CalendarItem, now: Date) =>
  item.kind === "task" && !item.upcoming && isOverdueOpen(item.task, now);

/**
 * The days that hold something, from `date` on, each under its heading; from today, what is
 * overdue comes first.
 */
export function AgendaView({
  date,
  byDay,
  calendar,
  empty = "Give tasks a deadline and they show here by day.",
}: {
  date: string;
  byDay: Map<string, CalendarItem[]>;
  calendar: CalendarControls;
  /** What to do about an empty agenda, after "Nothing planned from … on." */
  empty?: ReactNode;
}) {
  const [limit, setLimit] = useState(DAYS_AT_ONCE);
  const fromToday = date === calendar.today;
  const overdue = fromToday
    ? [...byDay.entries()]
        .filter(([day]) => day <= date)
        .flatMap(([, items]) => items.filter((item) => isOverdueItem(item, calendar.now)))
    : [];
  const days = [...byDay.entries()]
    .filter(([day]) => day >= date)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([day, items]) => [day, fromToday ? items.filter((item) => !isOverdueItem(item, calendar.now)) : items] as const,
    )
    .filter(([, items]) => items.length > 0);
  const shown = days.slice(0, limit);

  return (
    <div data-task-lists className="max-w-3xl space-y-5">
      {overdue.length > 0 && (
        <section aria-labelledby="agenda-overdue">
          <h3
            id="agenda-overdue"
            className="flex items-baseline gap-2 border-b border-line pb-1 text-sm font-semibold text-danger"
          >
            Overdue
            <span className="ml-auto text-xs font-normal text-ink-muted">{overdue.length}</span>
          </h3>
          <DayList items={overdue} calendar={calendar} label="Overdue" withDate />
        </section>
      )}
      {shown.map(([day, items]) => {
        const relative = day === calendar.today ? "Today" : day === addDays(calendar.today, 1) ? "Tomorrow" : null;
        const name = dayLabel(day, calendar.locale, {
          long: true,
          year: day.slice(0, 4) !== calendar.today.slice(0, 4),
        });
        return (
          <section key={day} aria-labelledby={`agenda-${day}`}>
            <h3
              id={`agenda-${day}`}
              className={`flex items-baseline gap-2 border-b border-line pb-1 text-sm font-semibold ${relative === "Today" ? "text-brand" : ""}`}
            >
              {relative ?? name}
              {relative && <span className="font-normal text-ink-muted">{name}</span>}
              <span className="ml-auto text-xs font-normal text-ink-muted">{items.length}</span>
            </h3>
            <DayList items={[...items]} calendar={calendar} label={relative ?? name} />
          </section>
        );
      })}
      {overdue.length === 0 && days.length === 0 && (
        <p className="rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-ink-muted">
          Nothing planned from {dayLabel(date, calendar.locale, { long: true })} on. {empty}
        </p>
      )}
      {days.length > limit && (
        <button
          type="button"
          onClick={() => setLimit(limit + DAYS_AT_ONCE)}
          className="min-h-11 rounded-lg border border-line px-4 text-sm font-medium hover:bg-surface-muted"
        >
          Show more days
        </button>
      )}
    </div>
  );
}
