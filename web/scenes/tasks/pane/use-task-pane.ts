import { useCallback } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";

/** The search parameter that holds the open task: /?task=<id>. */
export const TASK_PANE_PARAM = "task";

/** Marks the history entry that opening the pane added, so closing it can go back to the one before. */
interface PaneHistoryState {
  taskPane?: true;
}

/**
 * The element that opened the pane (a row's title), to give focus back to when it closes, and
 * the page's scroll position while it is open, to keep the list where the user left it: going
 * back in history would otherwise restore the position saved when the pane opened.
 */
const memory: {
  opener: HTMLElement | null;
  openerTaskId: string | null;
  scrollY: number | null;
  /** The task whose pane is closing: a second close (a double click) must not go back twice. */
  closing: string | null;
} = { opener: null, openerTaskId: null, scrollY: null, closing: null };

export function paneMemory() {
  return memory;
}

/**
 * The task pane as the URL says: `openTaskId` is the `task` search parameter. `open(id)` adds one
 * history entry the first time (so Back closes the pane) and replaces it when another task is
 * opened from an open pane (so Back does not step through every task looked at); `close()` goes
 * back to the entry before, or takes the parameter off when the page was loaded with it. Neither
 * scrolls the page.
 */
export function useTaskPane(): { openTaskId: string | null; open: (id: string) => void; close: () => void } {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openTaskId = params.get(TASK_PANE_PARAM);
  const state = location.state as PaneHistoryState | null;
  const added = state?.taskPane === true;

  const open = useCallback(
    (id: string) => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active !== document.body && !active.closest("[data-task-pane]")) {
        memory.opener = active;
        memory.openerTaskId = id;
      }
      memory.scrollY = window.scrollY;
      memory.closing = null;
      const alreadyOpen = openTaskId !== null;
      void setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(TASK_PANE_PARAM, id);
          return next;
        },
        {
          replace: alreadyOpen,
          state: alreadyOpen ? state : { ...state, taskPane: true },
          preventScrollReset: true,
        },
      );
    },
    [openTaskId, setParams, state],
  );

  const close = useCallback(() => {
    if (openTaskId === null || memory.closing === openTaskId) return;
    memory.closing = openTaskId;
    memory.scrollY = window.scrollY;
    if (added) {
      void navigate(-1);
      return;
    }
    void setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TASK_PANE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true, state: null },
    );
  }, [added, navigate, openTaskId, setParams]);

  return { openTaskId, open, close };
}
