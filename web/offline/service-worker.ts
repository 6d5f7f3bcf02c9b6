import type { Workbox } from "workbox-window";
import { isMobileUserAgent } from "../../domain/mobile-compatibility";
import {
  REGISTRATION_INFO_KEY,
  SERVICE_WORKER_TIMINGS as TIMINGS,
  SERVICE_WORKER_VERSION,
  type WorkerReply,
  type WorkerRequest,
} from "../../domain/service-worker";
import { notify } from "../stores/notifier";
import { withRetries, withTimeout } from "./timed";

/**
 * Registers /sw.js: a timeout per try (10 s, 20 s
 * on mobile), at most 3 tries, the registration info in local storage, a registration
 * older than an hour refreshed, an update check every 24 h, and a "new version" toast that
 * reloads into the new version only when the user says so.
 */

export type WorkerStatus = "unregistered" | "registering" | "registered" | "failed" | "updating" | "updated";

/** Registered flag, registration time, registrar, current version, last error, error count. */
export interface RegistrationInfo {
  registered: boolean;
  registeredAt: number | null;
  registrar: string;
  version: string;
  lastError: string | null;
  errorCount: number;
}

function readInfo(): RegistrationInfo {
  try {
    const stored = JSON.parse(localStorage.getItem(REGISTRATION_INFO_KEY) ?? "null") as RegistrationInfo | null;
    if (stored && typeof stored === "object") return stored;
  } catch {
    // Unreadable: start over.
  }
  return {
    registered: false,
    registeredAt: null,
    registrar: "app",
    version: SERVICE_WORKER_VERSION,
    lastError: null,
    errorCount: 0,
  };
}

function writeInfo(info: RegistrationInfo): void {
  try {
    localStorage.setItem(REGISTRATION_INFO_KEY, JSON.stringify(info));
  } catch {
    // Storage full or blocked: the info is a diagnostic, not needed to work.
  }
}

let status: WorkerStatus = "unregistered";
let started = false;
let registering: Promise<void> = Promise.resolve();

export function workerStatus(): WorkerStatus {
  return status;
}

function isMobile(): boolean {
  return isMobileUserAgent(navigator.userAgent) || (navigator.maxTouchPoints > 0 && window.innerWidth < 768);
}

/** Settles once a registration this page began is done (or never began): removing the app waits for it. */
export function registrationSettled(): Promise<void> {
  return registering;
}

/** After the visitor took the offline app off (/cookie-settings): allowing it again registers anew. */
export function allowRegisteringAgain(): void {
  started = false;
}

/** Once per page load, after the page has loaded (the worker's downloads never compete with the app's). */
export function registerServiceWorker(): void {
  if (started || import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  started = true;
  const start = () => {
    registering = register();
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

async function register(): Promise<void> {
  // Loaded here, after the page: no page needs it for its first render.
  const { Workbox } = await import("workbox-window");
  const workbox = new Workbox("/sw.js", { scope: "/" });
  workbox.addEventListener("waiting", () => offerUpdate(workbox));

  const timeout = isMobile() ? TIMINGS.mobileRegistrationTimeoutMs : TIMINGS.registrationTimeoutMs;
  const info = readInfo();
  for (let attempt = 1; attempt <= TIMINGS.maxAttempts; attempt += 1) {
    status = "registering";
    try {
      const registration = await withTimeout(workbox.register(), timeout, "Service worker registration timed out");
      if (!registration) throw new Error("Service workers are not supported");
      const now = Date.now();
      // Spec: a registration older than an hour is stale; ask the server for the worker again.
      if (info.registered && info.registeredAt !== null && now - info.registeredAt > TIMINGS.staleRegistrationMs) {
        status = "updating";
        // The version check is given 5 s; a slow one does not hold up the app.
        await withTimeout(registration.update(), TIMINGS.versionCheckTimeoutMs, "Version check timed out").catch(
          () => undefined,
        );
      }
      status = "registered";
      writeInfo({ ...info, registered: true, registeredAt: now, version: SERVICE_WORKER_VERSION, lastError: null });
      setInterval(() => void registration.update().catch(() => undefined), TIMINGS.updateCheckIntervalMs);
      return;
    } catch (error) {
      info.errorCount += 1;
      info.lastError = error instanceof Error ? error.message : String(error);
      writeInfo({ ...info, registered: false });
      status = "failed";
      // Offline and the first visit: there is nothing to register from; the next load tries again.
      if (!navigator.onLine) return;
    }
  }
}

function offerUpdate(workbox: Workbox): void {
  status = "updated";
  notify.info("A new version of Tandem is available", {
    id: "app-update",
    duration: Number.POSITIVE_INFINITY,
    description: "Reload to use it; nothing you have entered is lost.",
    action: {
      label: "Reload",
      onClick: () => {
        // The new version takes over, then the page loads again so page and worker match.
        // (workbox-window's own "controlling" event skips a version found by the daily check.)
        navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
        workbox.messageSkipWaiting();
      },
    },
  });
}

/** The worker's ready registration, retried (5 s × 3; on a phone, whose worker starts slowly, 15 s × 5). */
export function readyServiceWorker(): Promise<ServiceWorkerRegistration> {
  if (!("serviceWorker" in navigator)) return Promise.reject(new Error("Service workers are not supported"));
  const mobile = isMobile();
  return withRetries(() => navigator.serviceWorker.ready, {
    tries: mobile ? TIMINGS.mobileReadyRetries : TIMINGS.readyRetries,
    timeoutMs: mobile ? TIMINGS.mobileReadyTimeoutMs : TIMINGS.readyTimeoutMs,
    message: "Service worker ready state timed out",
  });
}

/**
 * Sends a message to the active worker and waits for its answer (5 s), after its ready
 * state (5 s, 3 tries; on a phone 15 s, 5 tries). The errors say which step failed: no support, no
 * active worker, no answer in time.
 */
export async function messageServiceWorker(request: WorkerRequest): Promise<WorkerReply> {
  const registration = await readyServiceWorker();
  const active = registration.active;
  if (!active) throw new Error("No active service worker found");
  const channel = new MessageChannel();
  const answer = new Promise<WorkerReply>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<WorkerReply>) => resolve(event.data);
  });
  active.postMessage(request, [channel.port2]);
  return withTimeout(answer, TIMINGS.messageTimeoutMs, "Service worker response timeout").finally(() =>
    channel.port1.close(),
  );
}
