import { CONNECTIVITY } from "../../domain/offline-queue";

/**
 * Whether the server can be reached: the browser's online flag says only
 * that some network is there, so the app asks /api/healthz first after 2 s, then every 30 s
 * while the tab is visible, on focus and when the tab becomes visible again. Going back online
 * waits 1 s before telling listeners, which then send the offline queue.
 */
type Listener = (online: boolean) => void;

const CHECK_TIMEOUT_MS = 5_000;
let online = typeof navigator === "undefined" ? true : navigator.onLine;
const listeners = new Set<Listener>();
let started = false;
let backOnlineTimer: ReturnType<typeof setTimeout> | undefined;

export function isOnline(): boolean {
  return online;
}

export function onConnectivityChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(next: boolean): void {
  if (next === online) return;
  if (!next) {
    clearTimeout(backOnlineTimer);
    backOnlineTimer = undefined;
    online = false;
    for (const listener of listeners) listener(false);
    return;
  }
  if (backOnlineTimer !== undefined) return;
  backOnlineTimer = setTimeout(() => {
    backOnlineTimer = undefined;
    online = true;
    for (const listener of listeners) listener(true);
  }, CONNECTIVITY.backOnlineDelayMs);
}

/** Asks the server; a failure to answer within 5 s counts as offline. */
export async function checkConnectivity(): Promise<boolean> {
  if (!navigator.onLine) {
    set(false);
    return false;
  }
  try {
    // Any answer means the server is reachable (a 503 is "reachable but unwell", still online).
    await fetch("/api/healthz", { cache: "no-store", signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    set(true);
    return true;
  } catch {
    set(false);
    return false;
  }
}

/** Starts watching, once per page. */
export function watchConnectivity(): void {
  if (started) return;
  started = true;
  window.addEventListener("online", () => void checkConnectivity());
  window.addEventListener("offline", () => set(false));
  window.addEventListener("focus", () => void checkConnectivity());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void checkConnectivity();
  });
  setTimeout(() => void checkConnectivity(), CONNECTIVITY.firstCheckMs);
  setInterval(() => {
    if (document.visibilityState === "visible") void checkConnectivity();
  }, CONNECTIVITY.intervalMs);
}
