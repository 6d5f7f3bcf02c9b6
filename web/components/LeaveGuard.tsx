import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./ConfirmDialog";

/** What an edit would lose if the page were left now ("your notes"), or null when nothing. */
type UnsavedCheck = () => string | null;

const RegisterContext = createContext<(key: string, check: UnsavedCheck | null) => void>(() => {});

/**
 * Asks before the user leaves a page while one of its parts holds an edit that would be lost
 * (useUnsavedEdit): a link or the back button within the app waits for the answer, closing or
 * reloading the tab gets the browser's own question. One per page, since the router keeps one
 * blocker at a time.
 */
export function LeaveGuard({ children }: { children: ReactNode }) {
  const checks = useRef(new Map<string, UnsavedCheck>());
  const [lost, setLost] = useState<string[]>([]);

  const unsaved = useCallback(() => [...checks.current.values()].flatMap((check) => check() ?? []), []);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname && currentLocation.search === nextLocation.search) {
      return false;
    }
    const found = unsaved();
    setLost(found);
    return found.length > 0;
  });

  useEffect(() => {
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (unsaved().length > 0) event.preventDefault();
    }
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [unsaved]);

  const register = useCallback((key: string, check: UnsavedCheck | null) => {
    if (check) checks.current.set(key, check);
    else checks.current.delete(key);
  }, []);

  return (
    <RegisterContext.Provider value={register}>
      {children}
      <ConfirmDialog
        open={blocker.state === "blocked"}
        title="Leave without saving?"
        confirmLabel="Leave without saving"
        cancelLabel="Keep editing"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        <p>
          {sentence(lost)} not saved yet. Leaving now loses {lost.length === 1 ? "it" : "them"}.
        </p>
      </ConfirmDialog>
    </RegisterContext.Provider>
  );
}

function sentence(parts: readonly string[]): string {
  const text = new Intl.ListFormat("en-GB").format(parts);
  return text.charAt(0).toUpperCase() + text.slice(1) + (parts.length === 1 ? " is" : " are");
}

/**
 * Tells the page's LeaveGuard about an edit: `check` is asked when the user leaves, so it can read
 * what only the DOM knows (a date input's half-typed value).
 */
export function useUnsavedEdit(key: string, check: UnsavedCheck): void {
  const register = useContext(RegisterContext);
  const latest = useRef(check);
  useEffect(() => {
    latest.current = check;
  });
  useEffect(() => {
    register(key, () => latest.current());
    return () => register(key, null);
  }, [key, register]);
}
