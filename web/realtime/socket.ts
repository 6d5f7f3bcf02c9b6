import type { ServerMessage } from "../../domain/realtime";
import { CLOSE_CODES } from "../../domain/close-codes";
import { getMe } from "../api/auth";
import { reconnectDelay } from "./backoff";

/** Keeps idle connections open through proxies that drop silent ones (many close after 60 s). */
const PING_INTERVAL_MS = 25_000;

export interface LiveHandlers {
  /**
   * `listeningSince`: when this connection opened. Changes after it arrive as events; data
   * fetched before it may have missed some (what a hello after a reconnection must refetch).
   */
  onMessage(message: ServerMessage, listeningSince: number): void;
  /** The server ended the session (close code 4001), or a failed connection turned out to be signed out. */
  onSignedOut(): void;
}

export interface LiveConnection {
  close(): void;
}

function socketUrl(): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/ws`;
}

/**
 * The live channel at /api/ws: reconnects with backoff after any drop, at once when the browser
 * comes back online or the tab becomes visible, and never after the server signed the session
 * out. Each `hello` (first connection and every reconnection) is passed on, so the caller can
 * refetch what it may have missed while disconnected. `data-live` on <html> says whether the
 * channel is open ("open", "closed"), for tests that must not act before it listens.
 */
export function connectLive(handlers: LiveHandlers): LiveConnection {
  let socket: WebSocket | undefined;
  let attempt = 0;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  const stop = () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    window.removeEventListener("online", reconnectNow);
    document.removeEventListener("visibilitychange", onVisible);
    const last = socket;
    socket = undefined;
    // Closing one still connecting makes the browser log an error; let it open, then close it.
    if (last?.readyState === WebSocket.CONNECTING) last.addEventListener("open", () => last.close(1000, "Done"));
    else if (last?.readyState === WebSocket.OPEN) last.close(1000, "Done");
    document.documentElement.removeAttribute("data-live");
  };

  const signedOut = () => {
    if (stopped) return;
    stop();
    handlers.onSignedOut();
  };

  function open(): void {
    if (stopped) return;
    clearTimeout(retry);
    let greeted = false;
    let openedAt = Date.now();
    const current = new WebSocket(socketUrl());
    socket = current;
    current.addEventListener("message", (event: MessageEvent<string>) => {
      if (socket !== current) return;
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === "hello") {
        greeted = true;
        attempt = 0;
        document.documentElement.dataset.live = "open";
      }
      handlers.onMessage(message, openedAt);
    });
    current.addEventListener("open", () => {
      openedAt = Date.now();
      clearInterval(ping);
      ping = setInterval(() => current.send(JSON.stringify({ type: "ping" })), PING_INTERVAL_MS);
    });
    current.addEventListener("close", (event) => {
      if (socket !== current) return;
      socket = undefined;
      clearInterval(ping);
      document.documentElement.dataset.live = "closed";
      if (stopped) return;
      if (event.code === CLOSE_CODES.signedOut) return signedOut();
      // A refused upgrade (401 after the session expired elsewhere) looks like any failed connection.
      if (!greeted) {
        getMe().then(
          (me) => (me ? later() : signedOut()),
          () => later(),
        );
        return;
      }
      later();
    });
  }

  function later(): void {
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(open, reconnectDelay(attempt));
    attempt += 1;
  }

  function reconnectNow(): void {
    if (stopped || socket) return;
    attempt = 0;
    open();
  }

  function onVisible(): void {
    if (document.visibilityState === "visible") reconnectNow();
  }

  window.addEventListener("online", reconnectNow);
  document.addEventListener("visibilitychange", onVisible);
  open();
  return { close: stop };
}
