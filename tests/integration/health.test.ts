import { afterEach, beforeEach, expect, it } from "vitest";
import WebSocket from "ws";
import { MESSAGES } from "../../domain/errors.js";
import { healthSchema } from "../../domain/health.js";
import { startNotificationSweep } from "../../server/services/notifications/notification-sweep.js";
import { adminQuery, describeEachDialect, type TestDatabase } from "../helpers/databases.js";
import { type RunningServer, startServer } from "../helpers/server.js";

describeEachDialect("GET /api/healthz", (dialect, createDatabase) => {
  let database: TestDatabase;
  let server: RunningServer;
  /** The server's log lines (JSON), for counting what an outage logs. */
  let log: { msg: string }[];

  beforeEach(async () => {
    database = await createDatabase();
    log = [];
    const stream = { write: (line: string) => void log.push(JSON.parse(line) as { msg: string }) };
    server = await startServer(database, { LOG_LEVEL: "info" }, undefined, stream);
  });
  afterEach(async () => {
    if (dialect === "postgres") await adminQuery(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
    await server.close();
    await database.drop();
  });

  it("answers 200 with the database status while the database is up", async () => {
    const response = await fetch(`${server.baseUrl}/api/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = healthSchema.parse(await response.json());
    expect(body).toMatchObject({ status: "ok", database: { status: "up", dialect }, realtime: { status: "up" } });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("answers 503 when the database is down, and 200 again once it is back", async () => {
    // A session cookie makes every request look its session up in the database, signed in or not.
    const cookie = { cookie: "tandem_session=not-a-session" };
    const api = () => fetch(`${server.baseUrl}/api/auth/session`, { headers: cookie });
    if (dialect === "postgres") {
      expect((await api()).status).toBe(200);
      // A real outage: no new connections, existing ones cut.
      await adminQuery(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS false`);
      await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database.name}'`);
    } else {
      await server.database.close();
    }

    const down = await fetch(`${server.baseUrl}/api/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      status: "unavailable",
      database: { status: "down", dialect, latencyMs: null },
    });
    if (dialect === "sqlite") return;

    // Every call that needs the database: 503 with Retry-After and our error body, not a 500.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await api();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(await refused.json()).toEqual({ error: { code: "service_unavailable", message: MESSAGES.databaseDown } });
    }
    // A browser opening a page gets a page that says so, not JSON.
    const page = await fetch(`${server.baseUrl}/dashboard`, { headers: { ...cookie, accept: "text/html" } });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain(MESSAGES.databaseDown);
    // The live channel's upgrade too (the web app retries it with backoff), and its connection ends.
    const upgrade = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${server.baseUrl.replace(/^http/, "ws")}/api/ws`, {
        headers: { ...cookie, origin: server.baseUrl },
      });
      const timer = setTimeout(() => reject(new Error("the server kept the refused upgrade's connection")), 5_000);
      socket.once("unexpected-response", (_request, response) => {
        response.resume();
        response.socket.once("close", () => {
          clearTimeout(timer);
          resolve(response.statusCode ?? 0);
        });
      });
      socket.once("open", () => reject(new Error("the socket opened")));
      socket.once("error", reject);
    });
    expect(upgrade).toBe(503);
    // The minute sweep of reminders fails alike (run here every 20 ms for a moment).
    const stopSweep = startNotificationSweep(server.app.deps, 20);
    await new Promise((resolve) => setTimeout(resolve, 150));
    stopSweep();
    // The outage is logged once, not a stack per request (nor per health probe or sweep).
    const lines = (text: string) => log.filter((line) => line.msg.startsWith(text)).length;
    expect(lines("database unreachable")).toBe(1);
    expect(lines("unhandled error")).toBe(0);
    expect(lines("sending due reminders")).toBe(0);

    await adminQuery(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
    expect((await api()).status).toBe(200);
    await waitFor(() => lines("database reachable again") > 0);
    // The realtime listener comes back within its short backoff (at most 2 s).
    await waitFor(async () => (await fetch(`${server.baseUrl}/api/healthz`)).status === 200);
    expect(lines("database reachable again")).toBe(1);
    expect(lines("database unreachable")).toBe(1);
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
