import { Repeat } from "lucide-react";
import { Link } from "react-router";
import { formatClockTime } from "../../../domain/time-format";
import { taskPath } from "../../hooks/use-mobile";
import type { CalendarControls } from "./calendar-controls";
import type { TaskItem } from "./calendar-item";
import { GroupDot, openOnClick } from "./TaskEntry";

/**
 * A later date of a repeating task (calendar-item.ts, upcomingItems): drawn faint, it opens the
 * task it repeats; there is nothing to tick or move until that one is done and this date is a task.
 */
export function UpcomingEntry({
  item,
  calendar,
  variant,
  tabbable = true,
}: {
  item: TaskItem;
  calendar: CalendarControls;
  variant: "chip" | "card" | "row";
  /** In a month, only the chosen day's entries are in the tab order. */
  tabbable?: boolean;
}) {
  const { task } = item;
  const group = calendar.groupOf(task);
  const time = item.time ? formatClockTime(item.time, calendar.locale) : null;
  const box = {
    chip: "gap-1 rounded px-1 py-0.5 text-xs",
    card: "gap-1 rounded-lg border border-dashed border-line px-1.5 py-1 text-sm",
    row: "min-h-11 gap-2 py-2 pl-3.5",
  }[variant];
  return (
    <li data-task-id={task.id} data-upcoming>
      <Link
        to={taskPath(task.id)}
        tabIndex={tabbable ? 0 : -1}
        onClick={(event) => openOnClick(event, () => calendar.open(task))}
        title={`${task.title}: repeats; this date becomes a task once the one before is done`}
        className={`flex min-w-0 items-center text-ink-muted hover:bg-surface-muted hover:text-ink ${box}`}
      >
        <GroupDot color={group?.color} className={variant === "chip" ? "size-1.5 opacity-60" : "size-2 opacity-60"} />
        {time && <span className="shrink-0">{time}</span>}
        <span className="truncate">{task.title}</span>
        <Repeat aria-hidden="true" className="size-3 shrink-0" />
        <span className="sr-only"> (repeats: a later date)</span>
      </Link>
    </li>
  );
}
