import { CalendarDays, Flag } from "lucide-react";
import type { KeyboardEvent } from "react";
import { Link } from "react-router";
import { formatClockTime } from "../../../domain/time-format";
import { OptimisticCheckbox } from "../../components/OptimisticCheckbox";
import { taskPath } from "../../hooks/use-mobile";
import { isOverdueOpen } from "../../scenes/tasks/task-agenda";
import { WaitingToSyncMarker } from "../../scenes/tasks/TaskParts";
import { PRIORITY_LABELS } from "../../scenes/tasks/task-view";
import { type CalendarControls, canChange, moveKeyDays } from "./calendar-controls";
import type { TaskItem } from "./calendar-item";
import { dayLabel } from "./calendar-range";
import { UNKNOWN_GROUP_COLOR } from "./group-look";

/** The keys a task's link answers besides Enter: Alt+Arrow moves it (calendar-controls.ts). */
export function onTaskKeyDown(event: KeyboardEvent<HTMLElement>, item: TaskItem, calendar: CalendarControls) {
  const days = moveKeyDays(event);
  if (days === null || !canChange(item.task)) return;
  event.preventDefault();
  event.stopPropagation();
  calendar.moveBy(item.task, item.day, days);
}

/** Opens the task beside the calendar, unless the click means a new tab. */
export function openOnClick(
  event: { metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; button: number; preventDefault: () => void },
  open: () => void,
) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  open();
}

export function GroupDot({ color, className = "size-2" }: { color?: string; className?: string }) {
  return <span aria-hidden="true" className={`shrink-0 rounded-full ${color ?? UNKNOWN_GROUP_COLOR} ${className}`} />;
}

/** High and medium priority as a flag (the words for screen readers); low says nothing. */
export function PriorityFlag({ priority }: { priority: TaskItem["task"]["priority"] }) {
  if (priority === "low") return null;
  return (
    <span className="inline-flex shrink-0 items-center" title={`${PRIORITY_LABELS[priority]} priority`}>
      <Flag
        aria-hidden="true"
        className={`size-3.5 ${priority === "high" ? "fill-current text-danger" : "text-amber-500"}`}
      />
      <span className="sr-only">, {PRIORITY_LABELS[priority]} priority</span>
    </span>
  );
}

/**
 * A task in the week's columns ("card") or in a list of days ("row"): a box to complete it, its
 * title opening it, its time where the viewer is, group and priority, and "Move to…" (the
 * deadline picker). Draggable to another day where the view has days to drop on.
 */
export function TaskEntry({
  item,
  calendar,
  variant,
  draggable = false,
  withDate = false,
}: {
  item: TaskItem;
  calendar: CalendarControls;
  variant: "card" | "row";
  draggable?: boolean;
  /** Name its day (a list of several days: the overdue). */
  withDate?: boolean;
}) {
  const { task } = item;
  const group = calendar.groupOf(task);
  const changeable = canChange(task);
  const overdue = isOverdueOpen(task, calendar.now);
  const dragged = calendar.drag.shown?.key === item.key;
  const time = item.time ? formatClockTime(item.time, calendar.locale) : null;
  const card = variant === "card";
  const link = (
    <Link
      to={taskPath(task.id)}
      data-task-link
      onClick={(event) => openOnClick(event, () => calendar.open(task))}
      onKeyDown={(event) => onTaskKeyDown(event, item, calendar)}
      {...calendar.drag.dragProps(item.key, task.title, item.day, draggable && changeable)}
      title={draggable && changeable ? "Drag to another day, or Alt+arrow keys" : undefined}
      className={`block rounded-sm hover:underline ${card ? "line-clamp-3 text-sm leading-snug break-words hyphens-auto" : "truncate"} ${draggable && changeable ? "cursor-grab touch-manipulation select-none [-webkit-touch-callout:none]" : ""} ${task.completed ? "text-ink-muted line-through" : "text-ink"}`}
    >
      {task.title}
      {task.completed && <span className="sr-only"> (done)</span>}
    </Link>
  );
  const checkbox = (
    <label className={`grid shrink-0 cursor-pointer place-items-center ${card ? "size-5" : "size-11"}`}>
      <OptimisticCheckbox
        checked={task.completed}
        disabled={!changeable}
        aria-label={`Done: ${task.title}`}
        onCheckedChange={() => calendar.toggle(task)}
        className={`${card ? "size-3.5" : "size-4"} cursor-pointer rounded accent-brand disabled:cursor-not-allowed`}
      />
    </label>
  );
  const details = (
    <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-ink-muted">
      <GroupDot color={group?.color} />
      {(time || withDate) && (
        <span className={overdue ? "font-semibold text-danger" : ""}>
          {withDate ? dayLabel(item.day, calendar.locale) : <span className="sr-only">At </span>}
          {withDate && time ? ` ${time}` : time}
        </span>
      )}
      {overdue && !withDate && <span className="font-semibold text-danger">Overdue</span>}
      <PriorityFlag priority={task.priority} />
      {group &&
        calendar.manyGroups &&
        (card ? (
          <span className="sr-only">{group.name}</span>
        ) : (
          <span className="max-w-40 truncate">{group.name}</span>
        ))}
      {task.offline && <WaitingToSyncMarker />}
    </div>
  );
  const moveTo = changeable && (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={`Move ${task.title} to…`}
      title="Move to another day"
      onClick={(event) => calendar.pickDeadline(task, event.currentTarget)}
      className={
        card
          ? "absolute top-0.5 right-0.5 grid size-7 place-items-center rounded-md bg-surface text-ink-muted opacity-0 shadow-xs group-focus-within/entry:opacity-100 group-hover/entry:opacity-100 hover:text-ink focus-visible:opacity-100 pointer-coarse:opacity-100"
          : "inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md px-2 text-xs font-medium text-ink-muted hover:bg-surface-muted hover:text-ink"
      }
    >
      <CalendarDays aria-hidden="true" className="size-4" />
      {!card && <span className="hidden sm:inline">Move to…</span>}
    </button>
  );
  if (card) {
    return (
      <li
        data-task-id={task.id}
        className={`group/entry relative rounded-lg border border-line bg-surface px-1.5 py-1 shadow-xs ${dragged ? "opacity-40" : ""} ${task.unsaved ? "opacity-70" : ""}`}
      >
        <div className="flex items-start gap-1">
          {checkbox}
          <div className="min-w-0 flex-1">{link}</div>
        </div>
        <div className="pl-6">{details}</div>
        {moveTo}
      </li>
    );
  }
  return (
    <li
      data-task-id={task.id}
      className={`group/entry flex items-start gap-1 py-0.5 ${task.unsaved ? "opacity-70" : ""}`}
    >
      {checkbox}
      <div className="min-w-0 flex-1 py-2">
        {link}
        {details}
      </div>
      {moveTo}
    </li>
  );
}
