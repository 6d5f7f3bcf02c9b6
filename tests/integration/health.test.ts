import { afterEach, beforeEach, expect, it } from "vitest";
import { healthSchema } from "../../domain/health.js";
import { adminQuery, describeEachDialect, type TestDatabase } from "../helpers/databases.js";
import { type RunningServer, startServer } from "../helpers/server.js";

describeEachDialect("GET /api/healthz", (dialect, createDatabase) => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeEach(async () => {
    database = await createDatabase();
    server = await startServer(database);
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
    expect(body).toMatchObject({ status: "ok", database: { status: "up", dialect } });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("answers 503 when the database is down, and 200 again once it is back", async () => {
    if (dialect === "postgres") {
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

    if (dialect === "postgres") {
      await adminQuery(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
      const up = await fetch(`${server.baseUrl}/api/healthz`);
      expect(up.status).toBe(200);
    }
  });
});
