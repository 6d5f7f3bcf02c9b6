/**
 * The service worker, built by vite-plugin-pwa (injectManifest) to /sw.js at
 * scope /. It keeps the app's own files (precache), opens any app page without network, sends the
 * offline queue on Background Sync, and answers the page's messages. The user data it keeps is
 * the last page the server sent (for a signed-in user it names the account; deleted at sign-out)
 * and the queue's own IndexedDB.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { compatibilityIssues } from "../domain/mobile-compatibility";
import { withoutInitialData } from "../domain/initial-data";
import { pushDisplay } from "../domain/push-prompt";
import { SERVICE_WORKER_VERSION, type WorkerReply, type WorkerRequest } from "../domain/service-worker";
import { SHELL_CACHE, SHELL_KEY } from "./offline/cache-names";
import { flushQueue, SYNC_TAG } from "./offline/queue";

// The DOM library is the program's; these are the few worker types this file uses.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
  ports: readonly MessagePort[];
  source: { postMessage(message: unknown): void } | null;
}
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  registration: ServiceWorkerRegistration & { sync?: unknown };
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

// Written out in full: the build finds `self.__WB_MANIFEST` in the output and puts the file list there.
// Precached files answer only for themselves: by default "/" would be answered with the precached
// index.html, a page without the session and data the server puts in it, and never kept for
// starts without network (pages go network first, below).
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST, { directoryIndex: "", cleanURLs: false });
cleanupOutdatedCaches();

/**
 * Pages: the network first, so the server's answer (its redirects to sign-in, its titles) wins
 * whenever it can be reached; each page it sends is kept as the shell for a start without
 * network, when every app route gets that shell and the app routes on its own. A server that
 * answers but cannot serve pages now (503: its database is down; 502/504 from a proxy in front
 * of it) counts as no network where a kept shell exists: the app runs from IndexedDB meanwhile.
 */
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        const response = await fetch(request);
        if (response.ok && response.headers.get("content-type")?.startsWith("text/html")) {
          const cache = await caches.open(SHELL_CACHE);
          await cache.put(SHELL_KEY, await offlineShell(response.clone()));
        }
        if (response.status >= 502 && response.status <= 504) {
          return (await caches.match(SHELL_KEY, { cacheName: SHELL_CACHE })) ?? response;
        }
        return response;
      } catch {
        const shell =
          (await caches.match(SHELL_KEY, { cacheName: SHELL_CACHE })) ?? (await matchPrecache("index.html"));
        return shell ?? Response.error();
      }
    },
    // The API, sign-in and metrics are never pages of the app.
    { denylist: [/^\/api\//, /^\/oidc\//, /^\/metrics/, /^\/(?:sw|theme-init)\.js$/] },
  ),
);

/**
 * The copy kept for starts without network: the page without the data the server sent with it
 * (domain/initial-data.ts). Offline, IndexedDB holds the newer data, with the user's own changes.
 */
async function offlineShell(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  // The text is decoded here; the copy is stored as plain text.
  headers.delete("content-encoding");
  headers.delete("content-length");
  const html = withoutInitialData(await response.text());
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

worker.addEventListener("install", () => {
  // A new version waits until the page says "reload now" (the update toast), never mid-edit.
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(worker.clients.claim());
});

/** Background Sync: the network is back, maybe with no tab open; send what was queued. */
worker.addEventListener("sync", (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(flushQueue());
});

/**
 * A notification pushed by the server. Every push shows one: the subscription promises
 * it (userVisibleOnly), and browsers drop subscriptions whose pushes show nothing. Its tag is the
 * notification's id, so a repeat replaces it.
 */
worker.addEventListener("push", (event) => {
  let payload: { id?: unknown; type?: unknown; title?: unknown; body?: unknown; link?: unknown } = {};
  try {
    payload = (event.data?.json() ?? {}) as typeof payload;
  } catch {
    // Not JSON: shown as "New notification".
  }
  event.waitUntil(
    (async () => {
      const { title, body } = pushDisplay(payload);
      await worker.registration.showNotification(title, {
        body,
        icon: "/icon-192.png",
        badge: "/icon-192.png",
        tag: typeof payload.id === "string" ? payload.id : undefined,
        data: {
          link: typeof payload.link === "string" && payload.link.startsWith("/") ? payload.link : "/notifications",
        },
      });
    })(),
  );
});

/** A click on a notification: the app, focused on what it is about (an open window if there is one). */
worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = (event.notification.data as { link?: string } | null)?.link ?? "/notifications";
  event.waitUntil(
    (async () => {
      // A window this worker controls can be sent to the page; prefer the one on screen.
      const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: false });
      const open = windows.find((client) => client.visibilityState === "visible") ?? windows[0];
      if (open) {
        await open.focus();
        await open.navigate(link);
      } else {
        await worker.clients.openWindow(link);
      }
    })(),
  );
});

worker.addEventListener("message", (event) => {
  const message = event.data as WorkerRequest | null;
  const reply = (answer: WorkerReply) => (event.ports[0] ?? event.source)?.postMessage(answer);
  switch (message?.type) {
    case "PING":
      reply({ type: "PONG", version: SERVICE_WORKER_VERSION });
      break;
    case "CHECK_MOBILE_COMPATIBILITY":
      reply({
        type: "MOBILE_COMPATIBILITY_RESULTS",
        issues: compatibilityIssues({
          userAgent: navigator.userAgent,
          standalone: message.standalone === true,
          pushManager: "pushManager" in worker.registration,
          notifications: "showNotification" in worker.registration,
          backgroundSync: "sync" in worker.registration,
        }),
      });
      break;
    case "PUSH_SUBSCRIPTION_UPDATE":
    case "FCM_TOKEN_UPDATE":
      // The page stores the subscription on the server (web/offline/push.ts); the worker confirms it heard.
      reply({ type: "PUSH_SUBSCRIPTION_UPDATED" });
      break;
    case "SKIP_WAITING":
      event.waitUntil(worker.skipWaiting());
      break;
    case "FLUSH_QUEUE":
      event.waitUntil(flushQueue());
      break;
    default:
      break;
  }
});
