import { useSyncExternalStore } from "react";
import { NARROW_QUERY } from "./calendar-url";

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

/** Whether the window is a phone's (640 px or narrower), following resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
