import { GripVertical, LoaderCircle, Trash2 } from "lucide-react";
import type { CSSProperties, KeyboardEvent, PointerEvent } from "react";
import { Link } from "react-router";
import type { CachedTask } from "../../api/tasks";
import { OptimisticCheckbox } from "../../components/OptimisticCheckbox";
import { TaskBadges } from "../../modules/slots";
import { taskPath } from "../../hooks/use-mobile";
import type { CategoryLook } from "../../../domain/category-rules";
import { CategoryChip } from "./CategoryChip";
import { RepeatLabel } from "./RepeatLabel";
import {
  DeadlineLabel,
  LockedMarker,
  PriorityLabel,
  SharedMarker,
  SubtaskProgress,
  WaitingToSyncMarker,
} from "./TaskParts";

export interface ReorderHandle {
  /** "3 of 7", for the handle's name. */
  position: string;
  hintId: string;
  onMove: (delta: -1 | 1) => void;
  pointer: {
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onPointerMove: (event: PointerEvent<HTMLElement>) => void;
    onPointerUp: (event: PointerEvent<HTMLElement>) => void;
    onPointerCancel: () => void;
    onKeyDownCapture: (event: KeyboardEvent<HTMLElement>) => void;
  };
}

/** One task on the list: complete it, open it, move it, delete it, and what it carries at a glance. */
export function TaskRow({
  task,
  category,
  shared,
  now,
  reorder,
  handleSpace = false,
  dragging = false,
  style,
  where,
  onToggle,
  onDelete,
  onOpen,
  onDeadline,
}: {
  task: CachedTask;
  category: CategoryLook;
  /** The shared marker's text and tooltip, when the task is shared. */
  shared: { label: string; title: string } | null;
  now: Date;
  reorder?: ReorderHandle;
  /** Leave the handle's room empty, so rows without one line up with rows that have one. */
  handleSpace?: boolean;
  dragging?: boolean;
  style?: CSSProperties;
  /** Where the task lives, on lists that mix groups (Today, Upcoming). */
  where?: string;
  onToggle: (task: CachedTask) => Promise<unknown>;
  onDelete: (task: CachedTask) => void;
  /** Opens the task's details beside the list; without it, its link opens the task's page. */
  onOpen?: (task: CachedTask) => void;
  /** Opens the deadline picker by the deadline (two clicks to a new date). */
  onDeadline?: (task: CachedTask, anchor: HTMLElement) => void;
}) {
  const saving = task.unsaved === true;
  return (
    <li
      data-task-id={task.id}
      data-reorder-item
      style={style}
      aria-busy={saving || undefined}
      className={`group/row flex items-center gap-0.5 bg-surface py-0.5 pr-1 pl-0.5 sm:gap-1 ${dragging ? "relative z-10 rounded-lg shadow-lg ring-2 ring-brand" : ""} ${saving ? "opacity-70" : ""}`}
    >
      {reorder ? (
        <button
          type="button"
          aria-label={`Move ${task.title} (${reorder.position})`}
          aria-describedby={reorder.hintId}
          title="Drag to move, or use the arrow keys"
          disabled={saving}
          className="grid h-11 w-6 shrink-0 cursor-grab touch-none place-items-center rounded-md text-ink-muted/60 group-hover/row:text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:text-ink disabled:cursor-default"
          onKeyDown={(event) => {
            if (event.key === "ArrowUp" || event.key === "ArrowDown") {
              event.preventDefault();
              reorder.onMove(event.key === "ArrowUp" ? -1 : 1);
            }
          }}
          {...reorder.pointer}
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      ) : (
        <span aria-hidden="true" className={`shrink-0 ${handleSpace ? "w-6" : "w-1"}`} />
      )}
      {/* The box is small; the label around it makes the whole 44 px square a target. */}
      <label className="grid size-11 shrink-0 cursor-pointer place-items-center">
        <OptimisticCheckbox
          checked={task.completed}
          disabled={saving || !task.abilities.edit}
          aria-label={`Done: ${task.title}`}
          title={task.abilities.edit ? undefined : "Locked by its owner"}
          onCheckedChange={() => onToggle(task)}
          className="size-5 cursor-pointer rounded accent-brand disabled:cursor-not-allowed"
        />
      </label>
      {/* One line where the width allows (title, then what it carries); on a phone the details go under the title. */}
      <div className="min-w-0 flex-1 py-1.5 sm:flex sm:items-center sm:gap-3">
        {saving ? (
          <span className="block truncate sm:min-w-0 sm:flex-1">{task.title}</span>
        ) : (
          <Link
            to={taskPath(task.id)}
            data-task-link
            onClick={(event) => {
              if (!onOpen || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              onOpen(task);
            }}
            className={`block truncate hover:underline sm:min-w-0 sm:flex-1 ${task.completed ? "text-ink-muted line-through" : "text-ink"}`}
          >
            {task.title}
          </Link>
        )}
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2.5 gap-y-0.5 text-xs text-ink-muted empty:hidden sm:mt-0 sm:shrink-0 sm:flex-nowrap">
          {where && <span className="max-w-32 truncate">{where}</span>}
          {task.deadline && onDeadline && task.abilities.edit && !saving ? (
            <button
              type="button"
              aria-haspopup="dialog"
              title="Change the deadline"
              onClick={(event) => onDeadline(task, event.currentTarget)}
              className="-my-1 inline-flex min-h-8 items-center rounded-md px-1 hover:bg-surface-muted"
            >
              <DeadlineLabel task={task} now={now} />
            </button>
          ) : (
            <DeadlineLabel task={task} now={now} />
          )}
          {task.repeat && <RepeatLabel repeat={task.repeat} />}
          <PriorityLabel priority={task.priority} quiet />
          <CategoryChip category={category} compact />
          <SubtaskProgress task={task} />
          <TaskBadges task={task} />
          {task.locked && <LockedMarker />}
          {shared && <SharedMarker label={shared.label} title={shared.title} />}
          {task.offline && <WaitingToSyncMarker />}
          {saving && (
            <span className="inline-flex items-center gap-1">
              <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
              Saving…
            </span>
          )}
        </div>
      </div>
      {task.abilities.delete && !saving && (
        <button
          type="button"
          aria-label={`Delete ${task.title}`}
          title="Delete"
          onClick={() => onDelete(task)}
          // On phones a task is deleted from its sheet: the row keeps its width for the title.
          className="hidden size-9 shrink-0 place-items-center rounded-md text-ink-muted hover:bg-danger/10 hover:text-danger sm:grid sm:opacity-0 sm:group-focus-within/row:opacity-100 sm:group-hover/row:opacity-100 sm:focus-visible:opacity-100"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      )}
    </li>
  );
}
