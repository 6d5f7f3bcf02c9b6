import { useQueryClient } from "@tanstack/react-query";
import { Flag } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { Priority, Task } from "../../../domain/tasks";
import { editTask } from "./task-actions";
import { PRIORITY_LABELS } from "./task-view";

/** Highest first, numbered as quick add's p1, p2 and p3. */
const ORDER: readonly Priority[] = ["high", "medium", "low"];

const FLAG: Record<Priority, string> = { high: "fill-current text-danger", medium: "text-amber-500", low: "" };

/**
 * The priority of a task from the list (the p shortcut): High, Medium, Low as a menu by the row;
 * 1, 2 and 3 pick at once, the arrow keys move, Enter picks, Escape closes. Saved as picked
 * (optimistic, queued offline); focus goes back to the row.
 */
export function PriorityPicker({ task, anchor, onDone }: { task: Task; anchor: HTMLElement; onDone: () => void }) {
  const client = useQueryClient();
  const menuRef = useRef<HTMLDivElement>(null);
  const labelId = useId();
  // Under the row that opened it, kept on screen; read once, as the menu opens.
  const [position] = useState(() => {
    const box = anchor.getBoundingClientRect();
    return { top: box.bottom + 4, left: Math.max(8, Math.min(box.left, window.innerWidth - 200)) };
  });

  useEffect(() => {
    const current = ORDER.indexOf(task.priority);
    menuRef.current?.querySelectorAll<HTMLElement>("[role=menuitemradio]")[current]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) onDone();
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
    // Focus the current choice once, when the menu opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function pick(priority: Priority) {
    anchor.focus();
    onDone();
    if (priority !== task.priority) {
      void editTask(
        client,
        task,
        { priority },
        { success: "Task updated successfully", failure: "Failed to update task" },
      );
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>("[role=menuitemradio]") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const byNumber = ["1", "2", "3"].indexOf(event.key);
    if (byNumber >= 0) pick(ORDER[byNumber]!);
    else if (event.key === "ArrowDown") items[(at + 1) % items.length]?.focus();
    else if (event.key === "ArrowUp") items[(at - 1 + items.length) % items.length]?.focus();
    else if (event.key === "Escape" || event.key === "Tab") {
      anchor.focus();
      onDone();
    } else return;
    event.preventDefault();
    event.stopPropagation();
  }

  return createPortal(
    <div
      ref={menuRef}
      role="menu"
      aria-labelledby={labelId}
      onKeyDown={onKeyDown}
      style={{ top: position.top, left: position.left }}
      className="fixed z-50 w-48 rounded-xl border border-line bg-surface p-1 text-sm text-ink shadow-lg"
    >
      <p id={labelId} className="px-2.5 py-1 text-xs font-medium text-ink-muted">
        Priority of {task.title}
      </p>
      {ORDER.map((priority, index) => (
        <button
          key={priority}
          type="button"
          role="menuitemradio"
          aria-checked={priority === task.priority}
          onClick={() => pick(priority)}
          className="flex min-h-11 w-full items-center gap-2 rounded-lg px-2.5 text-left hover:bg-surface-muted focus:bg-surface-muted focus:outline-none aria-checked:font-semibold"
        >
          <Flag aria-hidden="true" className={`size-4 ${FLAG[priority]}`} />
          {PRIORITY_LABELS[priority]}
          <kbd aria-hidden="true" className="ml-auto font-mono text-xs text-ink-muted">
            {index + 1}
          </kbd>
        </button>
      ))}
    </div>,
    document.body,
  );
}
