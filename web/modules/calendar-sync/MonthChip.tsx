import { Link } from "react-router";
import { formatClockTime } from "../../../domain/time-format";
import { taskPath } from "../../hooks/use-mobile";
import { isOverdueOpen } from "../../scenes/tasks/task-agenda";
import { type CalendarControls, canChange } from "./calendar-controls";
import type { TaskItem } from "./calendar-item";
import { GroupDot, onTaskKeyDown, openOnClick, PriorityFlag } from "./TaskEntry";

/** A task in a month's cell: one line, dragged to another day, Alt+arrows to move it. */
export function MonthChip({
  item,
  calendar,
  tabbable,
}: {
  item: TaskItem;
  calendar: CalendarControls;
  tabbable: boolean;
}) {
  const { task } = item;
  const group = calendar.groupOf(task);
  const changeable = canChange(task);
  const dragged = calendar.drag.shown?.key === item.key;
  const overdue = isOverdueOpen(task, calendar.now);
  return (
    <li data-task-id={task.id} className={dragged ? "opacity-40" : ""}>
      <Link
        to={taskPath(task.id)}
        data-task-link
        tabIndex={tabbable ? 0 : -1}
        onClick={(event) => openOnClick(event, () => calendar.open(task))}
        onKeyDown={(event) => onTaskKeyDown(event, item, calendar)}
        {...calendar.drag.dragProps(item.key, task.title, item.day, changeable)}
        title={changeable ? `${task.title}: drag to another day, or Alt+arrow keys` : task.title}
        className={`flex min-w-0 items-center gap-1 rounded px-1 py-0.5 text-xs hover:bg-surface-muted ${changeable ? "cursor-grab select-none" : ""} ${task.completed ? "text-ink-muted line-through" : overdue ? "text-danger" : "text-ink"}`}
      >
        <GroupDot color={group?.color} className="size-1.5" />
        {item.time && <span className="shrink-0 text-ink-muted">{formatClockTime(item.time, calendar.locale)}</span>}
        <span className="truncate">{task.title}</span>
        {task.completed && <span className="sr-only"> (done)</span>}
        {overdue && <span className="sr-only"> (overdue)</span>}
        {task.priority === "high" && <PriorityFlag priority="high" />}
        {group && calendar.manyGroups && <span className="sr-only">, in {group.name}</span>}
      </Link>
    </li>
  );
}
