import { lazy, Suspense, useId, useLayoutEffect, useEffect, useRef, useSyncExternalStore } from "react";
import { paneMemory, useTaskPane } from "./use-task-pane";

// The editor loads when a task is first opened, not with the list.
const TaskPane = lazy(() => import("./TaskPane"));

/** Where focus goes back to when the pane closes: the element that opened it, else the task's row. */
function focusOpener(taskId: string) {
  const memory = paneMemory();
  const opener = memory.openerTaskId === taskId && memory.opener?.isConnected ? memory.opener : null;
  const row = document.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(taskId)}"]`);
  const target =
    opener ??
    row?.querySelector<HTMLElement>("[data-task-link]") ??
    row ??
    document.getElementById("main") ??
    undefined;
  target?.focus({ preventScroll: true });
  memory.opener = null;
  memory.openerTaskId = null;
}

/** The hosts on the page, first mounted first: only that one shows the pane, so rendering a second is harmless. */
const hosts: string[] = [];
const listeners = new Set<() => void>();
function subscribeHosts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function useFirstHost(): boolean {
  const id = useId();
  const first = useSyncExternalStore(
    subscribeHosts,
    () => hosts[0] === id,
    () => false,
  );
  useLayoutEffect(() => {
    hosts.push(id);
    for (const listener of listeners) listener();
    return () => {
      hosts.splice(hosts.indexOf(id), 1);
      for (const listener of listeners) listener();
    };
  }, [id]);
  return first;
}

/**
 * The open task of the list (the `task` search parameter; see useTaskPane): beside the list from
 * 1024 px, which keeps its scroll position, as a sheet over it below. Renders nothing when no task
 * is open. When it closes, focus goes back to what opened it (or the task's row) and the list
 * stays where it was scrolled to.
 */
export function TaskPaneHost() {
  const { openTaskId, close } = useTaskPane();
  const first = useFirstHost();
  const shownId = useRef<string | null>(null);

  // While open, the page's scroll position is remembered: closing puts it back after the router
  // restored the one it saved when the pane opened (going back in history closes the pane).
  useEffect(() => {
    if (!openTaskId || !first) return;
    const remember = () => {
      paneMemory().scrollY = window.scrollY;
    };
    remember();
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [openTaskId, first]);

  useLayoutEffect(() => {
    if (!first) return;
    const previous = shownId.current;
    shownId.current = openTaskId;
    if (openTaskId) {
      // Shown again (Forward, or opened anew): it may be closed again.
      if (openTaskId !== previous) paneMemory().closing = null;
      return;
    }
    if (!previous) return;
    const y = paneMemory().scrollY;
    focusOpener(previous);
    if (y !== null) requestAnimationFrame(() => window.scrollTo({ top: y, behavior: "instant" }));
  }, [openTaskId, first]);

  if (!openTaskId || !first) return null;
  return (
    <Suspense fallback={null}>
      <TaskPane key={openTaskId} taskId={openTaskId} onClose={close} />
    </Suspense>
  );
}
