import { useSyncExternalStore } from "react";

/** The spec's panel states. */
export type PanelState = "closed" | "open" | "minimized";

const STORAGE_KEY = "assistantPanel";
const listeners = new Set<() => void>();

function read(): PanelState {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    // Open is not kept across starts: a page load never opens with the panel over it.
    return stored === "minimized" ? "minimized" : "closed";
  } catch {
    return "closed";
  }
}

let state: PanelState = read();

/** Shared by the header button and the panel (two slots of the module). */
export function setPanelState(next: PanelState): void {
  state = next;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Blocked storage: the state holds for this page.
  }
  for (const listener of listeners) listener();
}

export function usePanelState(): PanelState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** The header button, for focus to go back to when the panel closes. */
export const LAUNCHER_ID = "assistant-launcher";
