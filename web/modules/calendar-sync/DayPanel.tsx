import type { CalendarControls } from "./calendar-controls";
import type { CalendarItem } from "./calendar-item";
import { dayLabel } from "./calendar-range";
import { DayList } from "./DayList";

/** The chosen day's whole list, under the month: what a phone's cells only hint at with dots. */
export function DayPanel({ day, items, calendar }: { day: string; items: CalendarItem[]; calendar: CalendarControls }) {
  const name = dayLabel(day, calendar.locale, { long: true });
  const today = day === calendar.today;
  return (
    <section
      id="calendar-day"
      aria-labelledby="calendar-day-heading"
      data-task-lists
      className="scroll-mt-4 scroll-mb-28 lg:scroll-mb-4"
    >
      <h3
        id="calendar-day-heading"
        tabIndex={-1}
        className="flex items-baseline gap-2 border-b border-line pb-1 text-sm font-semibold focus:outline-none"
      >
        {today ? "Today" : name}
        {today && <span className="font-normal text-ink-muted">{name}</span>}
        <span className="ml-auto text-xs font-normal text-ink-muted">{items.length || ""}</span>
      </h3>
      {items.length === 0 ? (
        <p className="py-2 pl-2 text-sm text-ink-muted">Nothing planned</p>
      ) : (
        <DayList items={items} calendar={calendar} label={today ? "Today" : name} />
      )}
    </section>
  );
}
