import { type RefObject, useEffect } from "react";
import type { CachedTask } from "../../api/tasks";

/** A keystroke meant for a field, not a shortcut. */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !["checkbox", "radio", "button", "submit"].includes(target.type);
  return target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName);
}

const TASK_LINKS = "[data-task-lists] [data-task-link]";

/** Moves focus to the next or previous task's title on the page (j and k); from nowhere, the first or last. */
export function focusTask(offset: 1 | -1) {
  const links = [...document.querySelectorAll<HTMLElement>(TASK_LINKS)];
  if (links.length === 0) return;
  const index = links.findIndex((link) => link.closest("li")?.contains(document.activeElement));
  const next =
    index < 0 ? (offset === 1 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, index + offset));
  links[next]?.focus();
}

/**
 * Focuses a task's row title, and keeps it there while the list re-renders (the row moves from
 * Completed back to the open tasks a frame or a few later, which drops focus to the page).
 */
export function focusTaskById(taskId: string) {
  let frames = 0;
  const follow = () => {
    const row = document.querySelector<HTMLElement>(`[data-task-lists] [data-task-id="${CSS.escape(taskId)}"]`);
    const link = row?.querySelector<HTMLElement>("[data-task-link]");
    const active = document.activeElement;
    if (link && (frames === 0 || !active || active === document.body || active.closest("[data-task-id]") === row))
      link.focus();
    frames += 1;
    if (frames < 10) requestAnimationFrame(follow);
  };
  requestAnimationFrame(follow);
}

/**
 * Keeps the keyboard on the list when the focused row goes (completed into another section, or
 * deleted): once the list has re-rendered, focus goes to the task now at that row's place, or the
 * one before it at the end of the list.
 */
export function keepFocusAfter(taskId: string) {
  const links = [...document.querySelectorAll<HTMLElement>(TASK_LINKS)];
  const rowOf = (link: HTMLElement) => link.closest<HTMLElement>("[data-task-id]");
  const index = links.findIndex((link) => rowOf(link)?.dataset.taskId === taskId);
  if (index < 0) return;
  const ids = links.filter((_, at) => at !== index).map((link) => rowOf(link)!.dataset.taskId!);
  const wanted = ids[index] ?? ids[index - 1];
  if (!wanted) return;
  // The list re-renders when the change reaches the cache, a frame or a few later: until then, and
  // once more after, focus left on the task (or dropped to the page with its row) goes on.
  let frames = 0;
  const follow = () => {
    const active = document.activeElement;
    const stranded = !active || active === document.body || rowOf(active as HTMLElement)?.dataset.taskId === taskId;
    if (stranded) {
      const row = document.querySelector<HTMLElement>(`[data-task-lists] [data-task-id="${CSS.escape(wanted)}"]`);
      row?.querySelector<HTMLElement>("[data-task-link]")?.focus();
    }
    frames += 1;
    if (frames < 30 && (stranded || frames < 10)) requestAnimationFrame(follow);
  };
  requestAnimationFrame(follow);
}

export interface TaskShortcutActions {
  /** q (and n): to quick add. */
  add: () => void;
  /** /: to the search field. */
  search?: () => void;
  /** ?: the list of shortcuts. */
  help: () => void;
  /** x: complete or reopen. */
  toggle: (task: CachedTask) => void;
  /** e or Enter: open its details. */
  open?: (task: CachedTask) => void;
  /** d: its deadline. */
  deadline?: (task: CachedTask) => void;
  /** p: its priority. */
  priority?: (task: CachedTask) => void;
  /** Ctrl+Z (⌘Z): takes back the last completion made here. */
  undo?: () => void;
}

/** Todoist's keyboard model on a task list: see ShortcutsHelp for the keys. */
export function useTaskShortcuts(tasks: readonly CachedTask[], actions: RefObject<TaskShortcutActions>) {
  useEffect(() => {
    function onShortcut(event: KeyboardEvent) {
      if (event.defaultPrevented || typingIn(event.target)) return;
      if (document.querySelector("dialog[open], [role=dialog][aria-modal=true]")) return;
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === "z") {
        if (!actions.current.undo) return;
        event.preventDefault();
        actions.current.undo();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const row = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>("[data-task-id]");
      const focused = row ? tasks.find((task) => task.id === row.dataset.taskId) : undefined;
      const usable = focused && !focused.unsaved && focused.abilities.edit ? focused : undefined;
      const act = actions.current;
      const onTask = (action: ((task: CachedTask) => void) | undefined) => () => {
        if (usable && action) action(usable);
      };
      const shortcuts: Record<string, () => void> = {
        q: act.add,
        n: act.add,
        "/": () => act.search?.(),
        "?": act.help,
        j: () => focusTask(1),
        k: () => focusTask(-1),
        x: onTask(act.toggle),
        e: () => focused && act.open?.(focused),
        d: onTask(act.deadline),
        p: onTask(act.priority),
      };
      const action = shortcuts[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    }
    document.addEventListener("keydown", onShortcut);
    return () => document.removeEventListener("keydown", onShortcut);
  }, [tasks, actions]);
}
