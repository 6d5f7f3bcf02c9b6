import { CloudOff, GripVertical, LoaderCircle, Trash2 } from "lucide-react";
import type { CSSProperties, KeyboardEvent, PointerEvent } from "react";
import { Link } from "react-router";
import type { CachedTask } from "../../api/tasks";
import { OptimisticCheckbox } from "../../components/OptimisticCheckbox";
import { taskPath } from "../../hooks/use-mobile";
import type { CategoryLook } from "../../../domain/category-rules";
import { CategoryChip } from "./CategoryChip";
import { DeadlineLabel, LockedMarker, PriorityLabel, SharedMarker, SubtaskProgress } from "./TaskParts";

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
  onToggle,
  onDelete,
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
  onToggle: (task: CachedTask) => Promise<unknown>;
  onDelete: (task: CachedTask) => void;
}) {
  const saving = task.unsaved === true;
  return (
    <li
      data-task-id={task.id}
      data-reorder-item
      style={style}
      aria-busy={saving || undefined}
      className={`flex items-start gap-1.5 rounded-xl border bg-surface py-2.5 pr-2 pl-1.5 shadow-sm sm:gap-2 ${dragging ? "border-brand shadow-lg" : "border-line"} ${saving ? "opacity-70" : ""}`}
    >
      {reorder ? (
        <button
          type="button"
          aria-label={`Move ${task.title} (${reorder.position})`}
          aria-describedby={reorder.hintId}
          title="Drag to move, or use the arrow keys"
          disabled={saving}
          className="-my-1 grid h-9 w-7 shrink-0 cursor-grab touch-none place-items-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink disabled:cursor-default"
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
        <span aria-hidden="true" className={`shrink-0 ${handleSpace ? "w-7" : "w-1"}`} />
      )}
      <span className="grid h-7 shrink-0 place-items-center">
        <OptimisticCheckbox
          checked={task.completed}
          disabled={saving || !task.abilities.edit}
          aria-label={`Done: ${task.title}`}
          title={task.abilities.edit ? undefined : "Locked by its owner"}
          onCheckedChange={() => onToggle(task)}
          className="size-5 cursor-pointer rounded accent-brand disabled:cursor-not-allowed"
        />
      </span>
      <div className="min-w-0 flex-1 py-0.5">
        {saving ? (
          <span className="font-medium break-words">{task.title}</span>
        ) : (
          <Link
            to={taskPath(task.id)}
            data-task-link
            className={`font-medium break-words hover:underline ${task.completed ? "text-ink-muted line-through" : "text-ink"}`}
          >
            {task.title}
          </Link>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
          <PriorityLabel priority={task.priority} />
          <CategoryChip category={category} />
          <DeadlineLabel task={task} now={now} />
          <SubtaskProgress task={task} />
          {task.locked && <LockedMarker />}
          {shared && <SharedMarker label={shared.label} title={shared.title} />}
          {task.offline && (
            <span
              className="inline-flex items-center gap-1"
              title="Saved on this device; sent when the network is back"
            >
              <CloudOff aria-hidden="true" className="size-3.5" />
              Waiting to sync
            </span>
          )}
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
          className="-my-1 grid size-9 shrink-0 place-items-center rounded-md text-ink-muted hover:bg-danger/10 hover:text-danger"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      )}
    </li>
  );
}
