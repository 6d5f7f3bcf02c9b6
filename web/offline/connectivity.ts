import { CONNECTIVITY } from "../../domain/offline-queue";

/**
 * Whether the server can be reached: the browser's online flag says only
 * that some network is there, so the app asks /api/healthz first after 2 s, then every 30 s
 * while the tab is visible, on focus and when the tab becomes visible again, and when the browser
 * says the network is back (then again after 1, 2, 4 and 8 s while it cannot get through). Going
 * back online waits 1 s before telling listeners, which then send the offline queue.
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

/** Waits before the next asks after the browser says the network is back (ms). */
const RECHECKS_AFTER_ONLINE_MS = [1_000, 2_000, 4_000, 8_000];

/**
 * The network came back: asks at once, and again a few times soon after while the answer is no.
 * The browser's online flag can come a moment before requests get through (a phone joining Wi-Fi,
 * a laptop waking), and the next regular ask is 30 s away.
 */
async function checkAfterOnline(): Promise<void> {
  for (const wait of [0, ...RECHECKS_AFTER_ONLINE_MS]) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (!navigator.onLine || (await checkConnectivity())) return;
  }
}

/** Starts watching, once per page. */
export function watchConnectivity(): void {
  if (started) return;
  started = true;
  window.addEventListener("online", () => void checkAfterOnline());
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
