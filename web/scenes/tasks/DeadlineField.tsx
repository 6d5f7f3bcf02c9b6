import { CalendarClock, ChevronDown } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { Task } from "../../../domain/tasks";
import { labelClass } from "../../components/form";
import { DeadlinePicker } from "./DeadlinePicker";
import { formatDeadline, isOverdue, localTimeZone } from "./task-view";

/**
 * The deadline as a button that opens the deadline picker: a new date is two clicks away, and
 * every choice is saved at once. The picker closes itself (a choice, Escape, a click elsewhere).
 */
export function DeadlineField({ task, editable, now }: { task: Task; editable: boolean; now: Date }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const valueId = useId();
  const overdue = isOverdue(task, now);
  const zone = task.deadlineTimeZone ?? localTimeZone();

  return (
    <div>
      <span id={labelId} className={labelClass}>
        Deadline
      </span>
      <button
        ref={button}
        type="button"
        disabled={!editable}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${valueId}`}
        onClick={() => setOpen(true)}
        className={`mt-1 flex w-full items-center gap-2 rounded-lg border border-line bg-canvas px-3 py-2 text-left text-ink hover:border-brand focus-visible:outline-3 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60 ${overdue ? "text-danger" : ""}`}
      >
        <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
        <span id={valueId} className={`min-w-0 flex-1 ${task.deadline ? "font-medium" : "text-ink-muted"}`}>
          {task.deadline ? `${overdue ? "Overdue · " : ""}${formatDeadline(task, now)}` : "No deadline"}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
      </button>
      {task.deadline && task.deadline.length > 10 && zone !== localTimeZone() && (
        <p className="mt-1 text-xs text-ink-muted">Time in {zone}.</p>
      )}
      {open && <DeadlinePicker task={task} anchor={button} onDone={() => setOpen(false)} />}
    </div>
  );
}
