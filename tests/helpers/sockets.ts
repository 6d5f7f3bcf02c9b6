import WebSocket from "ws";
import type { HttpClient } from "./http-client.js";

export interface LiveSocket {
  socket: WebSocket;
  /** Every message received so far, the greeting included. */
  inbox: unknown[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(matches: (message: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

/** Opens /api/ws as a signed-in browser would (session cookie, our Origin) and waits for the greeting. */
export function openLiveSocket(client: HttpClient): Promise<LiveSocket> {
  const url = client.baseUrl.replace(/^http/, "ws") + "/api/ws";
  const socket = new WebSocket(url, {
    headers: { origin: new URL(client.baseUrl).origin, cookie: `tandem_session=${client.cookie("tandem_session")}` },
  });
  const inbox: unknown[] = [];
  const waiters = new Set<() => void>();
  socket.on("message", (data) => {
    inbox.push(JSON.parse(data.toString()));
    for (const waiter of waiters) waiter();
  });
  const waitFor: LiveSocket["waitFor"] = (matches, timeoutMs = 5_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = inbox.find((message) => matches(message as Record<string, unknown>));
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found as Record<string, unknown>);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(inbox)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return new Promise((resolve, reject) => {
    socket.once("message", () => resolve({ socket, inbox, waitFor }));
    socket.once("unexpected-response", (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once("error", reject);
  });
}
