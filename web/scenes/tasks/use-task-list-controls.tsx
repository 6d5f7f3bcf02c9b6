import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from "react";
import type { CachedTask } from "../../api/tasks";
import { useQuickAddOnArrival, useQuickAddRequest } from "../../stores/quick-add-request";
import { TaskPaneHost } from "./pane/TaskPaneHost";
import { useTaskPane } from "./pane/use-task-pane";
import { setCompleted } from "./task-actions";
import { useRowPickers } from "./use-row-pickers";
import { focusTaskById, keepFocusAfter, type TaskShortcutActions, useTaskShortcuts } from "./use-task-shortcuts";

/**
 * What every task list page (a group's list, Today, Upcoming) wires the same way: the task pane,
 * the row pickers, the app's Add button, and the keyboard (use-task-shortcuts.ts) acting on them.
 */
export function useTaskListControls({
  tasks,
  addRef,
  searchRef,
  toggle,
  toggleHelp,
  announce,
}: {
  tasks: readonly CachedTask[];
  addRef: RefObject<HTMLInputElement | null>;
  searchRef?: RefObject<HTMLInputElement | null>;
  /** Completes or reopens a task as the page's check boxes do. */
  toggle: (task: CachedTask) => Promise<unknown>;
  toggleHelp: () => void;
  /** Says something to screen readers (the page's status line). */
  announce: (text: string) => void;
}): {
  openTask: (task: CachedTask) => void;
  openDeadline: (task: CachedTask, anchor?: HTMLElement) => void;
  /** The pane and the open picker, rendered once by the page. */
  overlays: ReactNode;
} {
  const client = useQueryClient();
  const pane = useTaskPane();
  const lastCompleted = useRef<CachedTask | null>(null);
  const { openDeadline, openPriority, pickers } = useRowPickers(tasks);

  // The app's Add button (phones' bottom bar, the sidebar): here, or arriving from another page.
  useQuickAddRequest(() => addRef.current?.focus());
  useQuickAddOnArrival(() => {
    if (!addRef.current) return false;
    addRef.current.focus();
  });

  const actions = useRef<TaskShortcutActions>({ add: () => {}, help: () => {}, toggle: () => {} });
  // The latest handlers, for the shortcuts listener (set after render, as refs must be).
  useLayoutEffect(() => {
    actions.current = {
      add: () => addRef.current?.focus(),
      search: searchRef ? () => searchRef.current?.focus() : undefined,
      open: (task) => pane.open(task.id),
      deadline: (task) => openDeadline(task),
      priority: (task) => openPriority(task),
      help: toggleHelp,
      toggle: (task) => {
        keepFocusAfter(task.id);
        if (!task.completed) lastCompleted.current = task;
        void toggle(task);
      },
      undo: () => {
        const task = lastCompleted.current;
        if (!task) return;
        lastCompleted.current = null;
        announce(`${task.title} reopened.`);
        void setCompleted(client, { ...task, completed: true }, false);
        focusTaskById(task.id);
      },
    };
  });
  useTaskShortcuts(tasks, actions);

  return {
    openTask: (task) => pane.open(task.id),
    openDeadline,
    overlays: (
      <>
        {pickers}
        <TaskPaneHost />
      </>
    ),
  };
}
