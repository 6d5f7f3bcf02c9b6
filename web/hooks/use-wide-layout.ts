import { useSyncExternalStore } from "react";

/** Tailwind's lg breakpoint (64rem): the app's sidebar shows from there, the phone bar below. */
const QUERY = "(min-width: 64rem)";

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(QUERY);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

/**
 * Whether the window is wide enough for the sidebar, following resizes live. The navigation
 * renders only the layout in use, so the page holds one set of its links, not a hidden second.
 */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
