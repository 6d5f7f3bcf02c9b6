import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * "Add a task" from the app's chrome (the phone bar's Add button, the sidebar's): a tiny event
 * emitter between the navigation and whichever page has a quick-add field. A page with one
 * listens (useQuickAddRequest) and focuses its field; from a page without one, the chrome opens
 * "/" with `{ quickAdd: true }` in the navigation's state and the list focuses its field on
 * arrival (useQuickAddOnArrival).
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** The navigation state that asks the page arrived at to open its quick add. */
export const QUICK_ADD_STATE = { quickAdd: true } as const;

/** Asks the page on screen to open its quick add; false when no page listens (none has one). */
export function requestQuickAdd(): boolean {
  if (listeners.size === 0) return false;
  for (const listener of [...listeners]) listener();
  return true;
}

/** Whether a page on screen has a quick add that listens. */
export function hasQuickAdd(): boolean {
  return listeners.size > 0;
}

/** Calls `callback` (the latest one passed) whenever the chrome asks for quick add. */
export function useQuickAddRequest(callback: () => void): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    const listener = () => latest.current();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}

/** Whether a navigation's state carries the quick-add request. */
export function asksForQuickAdd(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { quickAdd?: unknown }).quickAdd === true;
}

/**
 * Calls `callback` once when the page was opened by the chrome's Add button from another page
 * (the navigation's state asks for quick add). The callback may return false while its field is
 * not on screen yet (the list still loading): it is called again after the next render. Once
 * served, the request is taken out of the history entry, so Back and reload do not repeat it.
 */
export function useQuickAddOnArrival(callback: () => boolean | void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const served = useRef<string | null>(null);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  // After every render: the field may appear on a later one than the arrival.
  useEffect(() => {
    if (!asksForQuickAdd(location.state) || served.current === location.key) return;
    if (latest.current() === false) return;
    served.current = location.key;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null, preventScrollReset: true },
    );
  });
}

/**
 * What the chrome's Add button does: the page's own quick add where it has one, otherwise the
 * current group's list ("/") opened with its quick add.
 */
export function useOpenQuickAdd(): () => void {
  const navigate = useNavigate();
  return () => {
    if (requestQuickAdd()) return;
    void navigate("/", { state: QUICK_ADD_STATE });
  };
}
