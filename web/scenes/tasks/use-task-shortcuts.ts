import { type RefObject, useEffect, useLayoutEffect } from "react";
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
 * Focus that has to wait for the list to re-render: the change reaches the cache and the row
 * moves (into Completed and back) a frame or many later, dropping focus to the page when its
 * element goes. For about a second and a half, focus left stranded (on the page, or on the moved
 * task's row) is put where it belongs; focus the user moved elsewhere is left alone. A newer
 * request ends an older one.
 */
const FOLLOW_FRAMES = 90;
let following = 0;
/** The user's next key or click ends any follow: their own move wins over a re-render's. */
const stopFollowing = () => (following += 1);

/**
 * The task whose row holds the keyboard: the row focus last went to. When the list re-renders,
 * React moves row elements, and moving the focused one drops focus to the page; the list puts it
 * back (useTaskShortcuts) however late the re-render comes (a server's answer, a live update).
 */
let focusedTaskId: string | undefined;

/** A click outside the lists (even on the page's background, which takes no focus) lets the row go. */
function onPointerDown(event: PointerEvent) {
  stopFollowing();
  if (!(event.target instanceof Element && event.target.closest("[data-task-lists]"))) focusedTaskId = undefined;
}

function trackFocusedTask(event: FocusEvent) {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest("[data-task-lists]")) focusedTaskId = rowOf(target)?.dataset.taskId;
  else focusedTaskId = undefined;
}

function followFocus(stranded: (active: Element | null) => boolean, target: () => HTMLElement | null | undefined) {
  const run = ++following;
  let frames = 0;
  const step = () => {
    if (run !== following) return;
    const active = document.activeElement;
    const wanted = target();
    if (wanted && active !== wanted && (frames === 0 || !active || active === document.body || stranded(active))) {
      wanted.focus();
    }
    frames += 1;
    if (frames < FOLLOW_FRAMES) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

const rowOf = (element: Element | null) => element?.closest<HTMLElement>("[data-task-id]") ?? null;
const linkOfTask = (taskId: string) =>
  document
    .querySelector<HTMLElement>(`[data-task-lists] [data-task-id="${CSS.escape(taskId)}"]`)
    ?.querySelector<HTMLElement>("[data-task-link]");

/** Focuses a task's row title, also once the list has re-rendered (the row came back to the open tasks). */
export function focusTaskById(taskId: string) {
  followFocus(
    (active) => rowOf(active)?.dataset.taskId === taskId,
    () => linkOfTask(taskId),
  );
}

/**
 * Keeps the keyboard on the list when the focused row goes (completed into another section, or
 * deleted): focus goes to the task now at that row's place, or the one before it at the end.
 */
export function keepFocusAfter(taskId: string) {
  const links = [...document.querySelectorAll<HTMLElement>(TASK_LINKS)];
  const index = links.findIndex((link) => rowOf(link)?.dataset.taskId === taskId);
  if (index < 0) return;
  const ids = links.filter((_, at) => at !== index).map((link) => rowOf(link)!.dataset.taskId!);
  const wanted = ids[index] ?? ids[index - 1];
  if (!wanted) return;
  followFocus(
    (active) => rowOf(active)?.dataset.taskId === taskId,
    () => linkOfTask(wanted),
  );
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
    document.addEventListener("focusin", trackFocusedTask);
    document.addEventListener("keydown", stopFollowing, { capture: true });
    document.addEventListener("pointerdown", onPointerDown, { capture: true });
    return () => {
      document.removeEventListener("focusin", trackFocusedTask);
      document.removeEventListener("keydown", stopFollowing, { capture: true });
      document.removeEventListener("pointerdown", onPointerDown, { capture: true });
    };
  }, []);
  // After every render of the list: focus a re-render dropped to the page goes back to its task.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (focusedTaskId && (!active || active === document.body))
      linkOfTask(focusedTaskId)?.focus({ preventScroll: true });
  });
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
