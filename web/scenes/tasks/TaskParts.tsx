import { CalendarClock, CloudOff, Flag, ListChecks, Lock, Share2 } from "lucide-react";
import type { Priority, Task } from "../../../domain/tasks";
import { daysUntil, formatDeadline, isOverdue, PRIORITY_LABELS } from "./task-view";

const PRIORITY_STYLE: Record<Priority, { text: string; icon: string }> = {
  high: { text: "font-semibold text-danger", icon: "fill-current" },
  medium: { text: "", icon: "text-amber-500" },
  low: { text: "", icon: "" },
};

/**
 * "High", "Medium", "Low" with a flag; the word carries the meaning, the colour only helps.
 * `quiet` (dense lists) leaves medium, the default, unsaid.
 */
export function PriorityLabel({ priority, quiet = false }: { priority: Priority; quiet?: boolean }) {
  if (quiet && priority === "medium") return null;
  const style = PRIORITY_STYLE[priority];
  return (
    <span className={`inline-flex items-center gap-1 ${style.text}`}>
      <Flag aria-hidden="true" className={`size-3.5 ${style.icon}`} />
      <span className="sr-only">Priority: </span>
      {PRIORITY_LABELS[priority]}
    </span>
  );
}

/** The deadline, named relative to today where it was set; overdue ones say so in words and colour. */
export function DeadlineLabel({
  task,
  now,
}: {
  task: Pick<Task, "deadline" | "deadlineTimeZone" | "completed">;
  now: Date;
}) {
  if (!task.deadline) return null;
  const overdue = isOverdue(task, now);
  const today = daysUntil(task, now) === 0;
  return (
    <span
      className={`inline-flex items-center gap-1 ${overdue ? "rounded bg-danger/10 px-1.5 font-semibold text-danger" : today && !task.completed ? "font-semibold text-ink" : ""}`}
      title={task.deadlineTimeZone ? `${task.deadline.replace("T", " ")} (${task.deadlineTimeZone})` : task.deadline}
    >
      <CalendarClock aria-hidden="true" className="size-3.5" />
      <span className="sr-only">Deadline: </span>
      {overdue && "Overdue · "}
      {formatDeadline(task, now)}
    </span>
  );
}

export function SubtaskProgress({ task }: { task: Pick<Task, "subtasksTotal" | "subtasksCompleted"> }) {
  if (task.subtasksTotal === 0) return null;
  const done = task.subtasksCompleted === task.subtasksTotal;
  return (
    <span className={`inline-flex items-center gap-1 ${done ? "text-success" : ""}`}>
      <ListChecks aria-hidden="true" className="size-3.5" />
      <span className="sr-only">Subtasks done: </span>
      {task.subtasksCompleted}/{task.subtasksTotal}
    </span>
  );
}

export function LockedMarker() {
  return (
    <span className="inline-flex items-center gap-1" title="Locked: only its owner can change it">
      <Lock aria-hidden="true" className="size-3.5" />
      Locked
    </span>
  );
}

/** A task changed on this device whose change the server does not have yet (web/offline/queue.ts). */
export function WaitingToSyncMarker() {
  return (
    <span className="inline-flex items-center gap-1" title="Saved on this device; sent when the network is back">
      <CloudOff aria-hidden="true" className="size-3.5" />
      Waiting to sync
    </span>
  );
}

/** Shared with other groups, or shared into this one from another group. */
export function SharedMarker({ label, title }: { label: string; title?: string }) {
  return (
    <span className="inline-flex items-center gap-1" title={title}>
      <Share2 aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}
