import { type KeyboardEvent, useEffect, useRef } from "react";
import type { CalendarControls } from "./calendar-controls";
import type { CalendarItem } from "./calendar-item";
import { addDays, addMonths, dayLabel, dayOfMonth, mondayOf, monthGrid, monthOf, weekdayNames } from "./calendar-range";
import { EventEntry } from "./EventEntry";
import { MonthChip } from "./MonthChip";
import { UpcomingEntry } from "./UpcomingEntry";

/** How many items a cell lists before "+N more". */
const SHOWN_PER_DAY = 3;

/** The day the grid's keys lead to from `day`, or null for a key the grid does not use. */
function dayAfterKey(event: KeyboardEvent, day: string): string | null {
  const steps: Record<string, () => string> = {
    ArrowLeft: () => addDays(day, -1),
    ArrowRight: () => addDays(day, 1),
    ArrowUp: () => addDays(day, -7),
    ArrowDown: () => addDays(day, 7),
    Home: () => mondayOf(day),
    End: () => addDays(mondayOf(day), 6),
    PageUp: () => addMonths(day, event.shiftKey ? -12 : -1),
    PageDown: () => addMonths(day, event.shiftKey ? 12 : 1),
  };
  return steps[event.key]?.() ?? null;
}

/**
 * The month as a grid of weeks (Monday first): each day its first items, "+N more", today
 * marked, days of the months around dimmed. A grid for the keyboard: one day takes Tab (the
 * chosen one, `date`), the arrow keys, Home and End move by day and week, Page Up and Down by
 * month, Enter opens the day in the agenda. On a phone the cells show dots; the chosen day's
 * items are listed below (DayPanel).
 */
export function MonthView({
  date,
  byDay,
  calendar,
  labelledBy,
  onChoose,
  onOpenDay,
  onShowDay,
}: {
  date: string;
  byDay: Map<string, CalendarItem[]>;
  calendar: CalendarControls;
  labelledBy: string;
  /** Makes `day` the chosen day (the address's date). */
  onChoose: (day: string) => void;
  /** Enter on a day: that day in the agenda. */
  onOpenDay: (day: string) => void;
  /** "+N more": the day's whole list (below the grid). */
  onShowDay: (day: string) => void;
}) {
  const grid = useRef<HTMLDivElement>(null);
  const focusNext = useRef(false);
  const month = monthOf(date);
  const names = weekdayNames(calendar.locale);
  const narrowNames = weekdayNames(calendar.locale, "narrow");

  /** Whether the keyboard was in the grid: a day it left behind (t, another month) hands it on. */
  const holding = useRef(false);

  // The keys moved the chosen day: focus goes with it once the grid shows it (another month too).
  // So does focus the change dropped to the page, the cell it was on being gone.
  useEffect(() => {
    const dropped = holding.current && (!document.activeElement || document.activeElement === document.body);
    if (!focusNext.current && !dropped) return;
    focusNext.current = false;
    grid.current?.querySelector<HTMLElement>(`[role=gridcell][data-day="${date}"]`)?.focus();
  }, [date]);

  function onCellKeyDown(event: KeyboardEvent<HTMLElement>, day: string) {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onOpenDay(day);
      return;
    }
    const next = dayAfterKey(event, day);
    if (!next) return;
    event.preventDefault();
    focusNext.current = true;
    onChoose(next);
  }

  return (
    <div
      ref={grid}
      role="grid"
      aria-labelledby={labelledBy}
      onFocus={() => (holding.current = true)}
      onBlur={(event) => {
        if (event.relatedTarget && !grid.current?.contains(event.relatedTarget as Node)) holding.current = false;
      }}
      data-task-lists
      className="overflow-hidden rounded-xl border border-line bg-surface"
    >
      <div role="row" className="grid grid-cols-7 border-b border-line bg-surface-muted/60">
        {names.map((name, index) => (
          <div
            key={name}
            role="columnheader"
            aria-label={name}
            className="py-1.5 text-center text-xs font-semibold tracking-wide text-ink-muted uppercase"
          >
            <span className="hidden sm:inline">{name}</span>
            <span aria-hidden="true" className="sm:hidden">
              {narrowNames[index]}
            </span>
          </div>
        ))}
      </div>
      {monthGrid(date).map((week) => (
        <div key={week[0]} role="row" className="grid grid-cols-7 border-b border-line last:border-b-0">
          {week.map((day) => (
            <MonthCell
              key={day}
              day={day}
              items={byDay.get(day) ?? []}
              chosen={day === date}
              outside={monthOf(day) !== month}
              calendar={calendar}
              onKeyDown={(event) => onCellKeyDown(event, day)}
              onChoose={() => onChoose(day)}
              onShowDay={() => onShowDay(day)}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

function MonthCell({
  day,
  items,
  chosen,
  outside,
  calendar,
  onKeyDown,
  onChoose,
  onShowDay,
}: {
  day: string;
  items: CalendarItem[];
  chosen: boolean;
  outside: boolean;
  calendar: CalendarControls;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onChoose: () => void;
  onShowDay: () => void;
}) {
  const today = day === calendar.today;
  const over = calendar.drag.shown?.overDay === day;
  const shown = items.slice(0, SHOWN_PER_DAY);
  const more = items.length - shown.length;
  const open = items.filter((item) => item.kind !== "task" || !item.task.completed).length;
  const count = items.length === 1 ? "1 item" : `${items.length} items`;
  return (
    <div
      role="gridcell"
      data-day={day}
      tabIndex={chosen ? 0 : -1}
      aria-selected={chosen}
      aria-current={today ? "date" : undefined}
      aria-label={`${dayLabel(day, calendar.locale, { long: true })}${today ? ", today" : ""}, ${items.length ? count : "nothing planned"}`}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (!(event.target as HTMLElement).closest("a, button")) onChoose();
      }}
      className={`relative flex min-h-14 min-w-0 cursor-pointer flex-col gap-0.5 border-r border-line p-1 last:border-r-0 focus-visible:z-10 focus-visible:outline-3 focus-visible:outline-focus sm:min-h-28 ${outside ? "bg-canvas" : ""} ${chosen ? "bg-brand/5" : ""} ${over ? "bg-brand/15 ring-2 ring-brand ring-inset" : ""}`}
    >
      <span
        aria-hidden="true"
        className={`mx-auto grid size-7 place-items-center rounded-full text-sm sm:mx-0 ${today ? "bg-brand font-bold text-brand-ink" : outside ? "text-ink-muted" : "font-medium text-ink"} ${chosen && !today ? "ring-2 ring-brand" : ""}`}
      >
        {dayOfMonth(day)}
      </span>
      {/* A phone: dots for what the day holds, its list below the grid. */}
      {items.length > 0 && (
        <span aria-hidden="true" className="flex items-center justify-center gap-0.5 sm:hidden">
          {shown.map((item) => (
            <span
              key={item.key}
              className={`size-1.5 rounded-full ${item.kind === "task" ? (calendar.groupOf(item.task)?.color ?? "bg-gray-400") : ""} ${item.kind === "task" && (item.task.completed || item.upcoming) ? "opacity-40" : ""}`}
              style={item.kind === "event" ? { backgroundColor: item.event.color } : undefined}
            />
          ))}
          {more > 0 && <span className="text-[0.625rem] leading-none text-ink-muted">+{more}</span>}
        </span>
      )}
      <ul className="hidden min-w-0 space-y-0.5 sm:block">
        {shown.map((item) =>
          item.kind === "task" && item.upcoming ? (
            <UpcomingEntry key={item.key} item={item} calendar={calendar} variant="chip" tabbable={chosen} />
          ) : item.kind === "task" ? (
            <MonthChip key={item.key} item={item} calendar={calendar} tabbable={chosen} />
          ) : (
            <EventEntry key={item.key} item={item} locale={calendar.locale} compact />
          ),
        )}
      </ul>
      {more > 0 && (
        <button
          type="button"
          tabIndex={chosen ? 0 : -1}
          onClick={onShowDay}
          className="hidden self-start rounded px-1 text-xs font-medium text-ink-muted hover:bg-surface-muted hover:text-ink sm:block"
        >
          +{more} more<span className="sr-only"> on {dayLabel(day, calendar.locale, { long: true })}</span>
        </button>
      )}
      {open > 0 && <span className="sr-only">{open} open</span>}
    </div>
  );
}
