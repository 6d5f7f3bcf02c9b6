import { lazy, type ReactNode, Suspense, useState } from "react";
import type { Task } from "../../../domain/tasks";

// Loaded when first opened: neither is needed to show the list.
const DeadlinePicker = lazy(() => import("./DeadlinePicker").then((module) => ({ default: module.DeadlinePicker })));
const PriorityPicker = lazy(() => import("./PriorityPicker").then((module) => ({ default: module.PriorityPicker })));

interface OpenPicker {
  kind: "deadline" | "priority";
  taskId: string;
  anchor: HTMLElement;
}

/** The title link of a task's row: pickers opened by a shortcut sit by it and give focus back to it. */
function rowAnchor(taskId: string): HTMLElement | null {
  const row = document.querySelector<HTMLElement>(`[data-task-lists] [data-task-id="${CSS.escape(taskId)}"]`);
  return row?.querySelector<HTMLElement>("[data-task-link]") ?? row;
}

/**
 * The deadline and priority pickers of a list's rows (a click on a row's deadline, or d and p on
 * the focused row). One at a time; it edits the task as the list has it now.
 */
export function useRowPickers(tasks: readonly Task[]): {
  openDeadline: (task: Task, anchor?: HTMLElement) => void;
  openPriority: (task: Task, anchor?: HTMLElement) => void;
  pickers: ReactNode;
} {
  const [open, setOpen] = useState<OpenPicker | null>(null);
  const opener = (kind: OpenPicker["kind"]) => (task: Task, anchor?: HTMLElement) => {
    const at = anchor ?? rowAnchor(task.id);
    if (at) setOpen({ kind, taskId: task.id, anchor: at });
  };
  const task = open ? tasks.find((candidate) => candidate.id === open.taskId) : undefined;
  const close = () => setOpen(null);
  let pickers: ReactNode = null;
  if (open && task) {
    pickers = (
      <Suspense fallback={null}>
        {open.kind === "deadline" ? (
          <DeadlinePicker task={task} anchor={open.anchor} onDone={close} />
        ) : (
          <PriorityPicker task={task} anchor={open.anchor} onDone={close} />
        )}
      </Suspense>
    );
  }
  return { openDeadline: opener("deadline"), openPriority: opener("priority"), pickers };
}
