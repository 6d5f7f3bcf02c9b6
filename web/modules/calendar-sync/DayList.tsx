import type { CalendarControls } from "./calendar-controls";
import type { CalendarItem } from "./calendar-item";
import { EventEntry } from "./EventEntry";
import { TaskEntry } from "./TaskEntry";
import { UpcomingEntry } from "./UpcomingEntry";

/** A day's items as rows (the agenda, the chosen day under the month) or cards (the week's columns). */
export function DayList({
  items,
  calendar,
  label,
  variant = "row",
  draggable = false,
  withDate = false,
}: {
  items: CalendarItem[];
  calendar: CalendarControls;
  label: string;
  variant?: "row" | "card";
  draggable?: boolean;
  /** Name each task's day (a list of several days). */
  withDate?: boolean;
}) {
  return (
    <ul aria-label={label} className={variant === "card" ? "space-y-1" : "divide-y divide-line"}>
      {items.map((item) =>
        item.kind === "task" && item.upcoming ? (
          <UpcomingEntry key={item.key} item={item} calendar={calendar} variant={variant} />
        ) : item.kind === "task" ? (
          <TaskEntry
            key={item.key}
            item={item}
            calendar={calendar}
            variant={variant}
            draggable={draggable}
            withDate={withDate}
          />
        ) : (
          <EventEntry key={item.key} item={item} locale={calendar.locale} compact={variant === "card"} />
        ),
      )}
    </ul>
  );
}
