import { useEffect } from "react";
import { useLocation } from "react-router";
import { type EmbedMessage, EMBED_BEACON_INTERVAL_MS } from "../../domain/embed";
import { instanceConfig } from "../api/instance-config";

function parentWindow(): Window | null {
  // No window while rendering at build time (scripts/prerender.ts).
  if (typeof window === "undefined") return null;
  return window.parent !== window ? window.parent : null;
}

function post(message: EmbedMessage) {
  const parent = parentWindow();
  // Only to the one configured origin, never "*": another embedder learns nothing.
  if (parent && instanceConfig.embedParentOrigin) parent.postMessage(message, instanceConfig.embedParentOrigin);
}

/** When embedded, tell the parent page we are alive (once a second) and where we are. */
export function useEmbedBeacon(): void {
  const { pathname, hash, search } = useLocation();
  const active = parentWindow() !== null && instanceConfig.embedParentOrigin !== null;

  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(
      () => post({ type: "app-beacon", timestamp: Date.now() }),
      EMBED_BEACON_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [active]);

  useEffect(() => {
    if (active) post({ type: "app-pagechange", timestamp: Date.now(), pathname, hash, search });
  }, [active, pathname, hash, search]);
}
