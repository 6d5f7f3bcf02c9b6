import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { ServerMessage } from "../../domain/realtime.js";
import { InProcessBus, type RealtimeEvent } from "../../server/realtime/bus.js";
import {
  encodeNotifications,
  LISTENER_APPLICATION_NAME,
  MAX_PAYLOAD_BYTES,
  PostgresBus,
} from "../../server/realtime/postgres-bus.js";
import { adminQuery, describeEachDialect, type TestDatabase } from "../helpers/databases.js";
import { HttpClient } from "../helpers/http-client.js";
import { type RunningServer, startServer, useServer } from "../helpers/server.js";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

/** Well under the 60 s recheck: a close this fast came from the bus. */
const PROMPTLY_MS = 3_000;

interface OpenSocket {
  socket: WebSocket;
  /** Every message received, the greeting included. */
  inbox: unknown[];
}

function openSocket(server: RunningServer, headers: Record<string, string>): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(server.baseUrl.replace(/^http/, "ws") + "/api/ws", {
      headers: { origin: server.baseUrl, ...headers },
    });
    const inbox: unknown[] = [];
    socket.on("message", (data) => {
      inbox.push(JSON.parse(data.toString()));
      if (inbox.length === 1) resolve({ socket, inbox });
    });
    socket.once("unexpected-response", (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once("error", reject);
  });
}

/** Waits until the inbox holds a message matching `marker`, then returns the inbox without the greeting. */
async function receivedUntil(open: OpenSocket, marker: ServerMessage, ms = PROMPTLY_MS): Promise<unknown[]> {
  const deadline = Date.now() + ms;
  const seen = () => open.inbox.some((message) => JSON.stringify(message) === JSON.stringify(marker));
  while (!seen()) {
    if (Date.now() > deadline) throw new Error(`no ${JSON.stringify(marker)} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return open.inbox.slice(1);
}

function closedWithin(socket: WebSocket, ms = PROMPTLY_MS): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    socket.once("close", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

async function waitFor(condition: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const cookieOf = (client: HttpClient) => ({ cookie: `tandem_session=${client.cookie("tandem_session")}` });

/** The same browser session, talking to another server process. */
function sameSessionOn(server: RunningServer, client: HttpClient): HttpClient {
  const other = new HttpClient(server.baseUrl);
  other.setCookie("tandem_session", client.cookie("tandem_session")!);
  return other;
}

const changed = (groupId: string): ServerMessage => ({ type: "group.changed", groupId });

describe("notification payloads", () => {
  const origin = randomUUID();

  it("keep a small event in one notification", () => {
    const event: RealtimeEvent = { kind: "close-session", idHash: "a".repeat(64) };
    expect(encodeNotifications(origin, event)).toEqual([JSON.stringify({ origin, event })]);
  });

  it("split a send to many users into notifications under the limit, each user exactly once", () => {
    const userIds = Array.from({ length: 600 }, () => randomUUID());
    const payloads = encodeNotifications(origin, { kind: "send", userIds, message: changed("g1") })!;
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const sent = payloads.flatMap((payload) => (JSON.parse(payload) as { event: { userIds: string[] } }).event.userIds);
    expect(sent).toEqual(userIds);
  });

  it("refuse an event whose message alone is too large", () => {
    const message = { type: "error", message: "x".repeat(MAX_PAYLOAD_BYTES) } as const;
    expect(encodeNotifications(origin, { kind: "send", userIds: ["u1"], message })).toBeNull();
  });
});

describeEachDialect("realtime bus", (dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const env = { WEB_DIST_DIR: web.dir };

  if (dialect === "sqlite") {
    const context = useServer(createDatabase, env);

    it("is in-process on SQLite and delivers to this process's sockets once", async () => {
      const { bus } = context.server.app.deps;
      expect(bus).toBeInstanceOf(InProcessBus);
      const { client, id } = await signUp(context.server.baseUrl, "Solo");
      const open = await openSocket(context.server, cookieOf(client));
      await bus.publish({ kind: "send", userIds: [id, id, "someone-else"], message: changed("g1") });
      await bus.publish({ kind: "send", userIds: [id], message: changed("end") });
      expect(await receivedUntil(open, changed("end"))).toEqual([changed("g1"), changed("end")]);

      const code = closedWithin(open.socket);
      await bus.publish({ kind: "close-user", userId: id });
      expect(await code).toBe(4001);
    });
    return;
  }

  // Two app instances on one PostgreSQL database: two server processes behind a load balancer.
  let database: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    database = await createDatabase();
    a = await startServer(database, env);
    b = await startServer(database, env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it("delivers an event published on B to A's socket, and the publisher applies it once", async () => {
    expect(a.app.deps.bus).toBeInstanceOf(PostgresBus);
    const { client, id } = await signUp(a.baseUrl, "Ada");
    const onA = await openSocket(a, cookieOf(client));
    const onB = await openSocket(b, cookieOf(client));

    // Markers published in turn from both sides: a duplicate would show before the next marker.
    await b.app.deps.bus.publish({ kind: "send", userIds: [id], message: changed("x") });
    await receivedUntil(onA, changed("x"));
    await a.app.deps.bus.publish({ kind: "send", userIds: [id], message: changed("y") });
    await receivedUntil(onB, changed("y"));
    await b.app.deps.bus.publish({ kind: "send", userIds: [id], message: changed("z") });
    await receivedUntil(onA, changed("z"));
    await receivedUntil(onB, changed("z"));
    const expected = [changed("x"), changed("y"), changed("z")];
    expect(onA.inbox.slice(1)).toEqual(expected);
    expect(onB.inbox.slice(1)).toEqual(expected);
    onA.socket.close();
    onB.socket.close();
  });

  it("delivers a send to more users than one notification holds, once each", async () => {
    const { client, id } = await signUp(a.baseUrl, "Many");
    const onA = await openSocket(a, cookieOf(client));
    const userIds = [...Array.from({ length: 400 }, () => randomUUID()), id];
    await b.app.deps.bus.publish({ kind: "send", userIds, message: changed("many") });
    await b.app.deps.bus.publish({ kind: "send", userIds: [id], message: changed("end") });
    expect(await receivedUntil(onA, changed("end"))).toEqual([changed("many"), changed("end")]);
    onA.socket.close();
  });

  it("closes A's socket at once when its session signs out on B", async () => {
    const { client } = await signUp(a.baseUrl, "Grace");
    const onA = await openSocket(a, cookieOf(client));
    const code = closedWithin(onA.socket);
    expect((await sameSessionOn(b, client).request("/api/auth/logout", { method: "POST" })).status).toBe(204);
    expect(await code).toBe(4001);
  });

  it("closes A's socket at once when B revokes its session, its API token, or deletes the account", async () => {
    const { client: phone } = await signUp(a.baseUrl, "Linus");
    const { client: laptop } = await signInWithBuiltinProvider(
      a.baseUrl,
      { email: "linus@example.org", password: STRONG_PASSWORD },
      { mode: "login" },
    );
    const phoneOnB = sameSessionOn(b, phone);

    const bySession = await openSocket(a, cookieOf(laptop));
    const sessionClosed = closedWithin(bySession.socket);
    const sessions = (await (await phoneOnB.request("/api/sessions")).json()) as { id: string; current: boolean }[];
    const laptopSession = sessions.find((session) => !session.current)!;
    expect((await phoneOnB.request(`/api/sessions/${laptopSession.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await sessionClosed).toBe(4001);

    const { id: tokenId, token } = (await (await phone.request("/api/tokens", { json: { name: "ws" } })).json()) as {
      id: string;
      token: string;
    };
    const byToken = await openSocket(a, { authorization: `Bearer ${token}` });
    const tokenClosed = closedWithin(byToken.socket);
    expect((await phoneOnB.request(`/api/tokens/${tokenId}`, { method: "DELETE" })).status).toBe(204);
    expect(await tokenClosed).toBe(4001);

    const last = await openSocket(a, cookieOf(phone));
    const accountClosed = closedWithin(last.socket);
    expect((await phoneOnB.request("/api/account", { method: "DELETE", json: { confirm: true } })).status).toBe(204);
    expect(await accountClosed).toBe(4001);
  });

  it("reconnects a lost listener, rechecks sockets at once, tells them to resync, and delivers again", async () => {
    const { client, id } = await signUp(a.baseUrl, "Margaret");
    const { client: other, id: otherId } = await signUp(a.baseUrl, "Katherine");
    const revoked = await openSocket(a, cookieOf(client));
    const kept = await openSocket(a, cookieOf(other));
    const revokedClosed = closedWithin(revoked.socket, 15_000);

    // Ended without any event (as if the notification were lost): only a recheck can notice.
    await a.database.db.deleteFrom("sessions").where("user_id", "=", id).execute();
    const { rows } = await adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database.name}' and application_name = '${LISTENER_APPLICATION_NAME}'`,
    );
    expect(rows).toHaveLength(2);
    const busA = a.app.deps.bus as PostgresBus;
    const busB = b.app.deps.bus as PostgresBus;
    await waitFor(() => !busA.listening && !busB.listening);
    await waitFor(() => busA.listening && busB.listening);

    expect(await revokedClosed).toBe(4001);
    await b.app.deps.bus.publish({ kind: "send", userIds: [otherId], message: changed("after") });
    // Told to catch up on what it may have missed, then live again.
    expect(await receivedUntil(kept, changed("after"))).toEqual([{ type: "resync" }, changed("after")]);
    kept.socket.close();
  });
});
