import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSqliteDatabase, describeEachDialect, type TestDatabase } from "../helpers/databases.js";
import { type RunningServer, startServer } from "../helpers/server.js";

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describeEachDialect("security headers, rate limits, metrics and API docs", (_dialect, createDatabase) => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createDatabase();
    server = await startServer(database);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it("sends a CSP without inline scripts, and the other security headers, on every response", async () => {
    for (const path of ["/api/healthz", "/api/no-such-thing", "/"]) {
      const response = await fetch(server.baseUrl + path);
      const csp = directives(response.headers.get("content-security-policy"));
      expect(csp.get("script-src")).toEqual(["'self'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      // Plain HTTP: HSTS would be ignored by browsers and break a later move to another host.
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("limits requests per address with a JSON 429 and Retry-After, but never the health probe", async () => {
    const limitedDatabase = await createDatabase();
    const limitedServer = await startServer(limitedDatabase, { RATE_LIMIT_MAX: "5", RATE_LIMIT_WINDOW_MS: "60000" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) statuses.push((await fetch(`${limitedServer.baseUrl}/api/no-such-thing`)).status);
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);

      const limited = await fetch(`${limitedServer.baseUrl}/api/no-such-thing`);
      expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await limited.json()).toMatchObject({ error: { code: "rate_limited" } });

      for (let i = 0; i < 10; i += 1) expect((await fetch(`${limitedServer.baseUrl}/api/healthz`)).status).toBe(200);
    } finally {
      await limitedServer.close();
      await limitedDatabase.drop();
    }
  });

  it("exposes Prometheus metrics with request durations by route pattern", async () => {
    await fetch(`${server.baseUrl}/api/healthz`);
    const response = await fetch(`${server.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/healthz",status_code="200"\} \d+/);
    expect(text).toContain("process_cpu_user_seconds_total");
  });

  it("publishes an OpenAPI document and its UI at /api/docs", async () => {
    const json = await fetch(`${server.baseUrl}/api/docs/json`);
    expect(json.status).toBe(200);
    const document = (await json.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/healthz", "/api/log-error"]));
    expect(document.paths).not.toHaveProperty("/metrics");

    const ui = await fetch(`${server.baseUrl}/api/docs`, { redirect: "follow" });
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain("swagger");
  });
});

describe("configured embedding and HTTPS", () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createSqliteDatabase();
    server = await startServer(database, {
      PUBLIC_URL: "https://tasks.example.org",
      FRAME_ANCESTORS: "'self' https://portal.example.org",
    });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it("allows the configured frame ancestors and sends HSTS when the public URL is HTTPS", async () => {
    const response = await fetch(`${server.baseUrl}/api/healthz`);
    const csp = directives(response.headers.get("content-security-policy"));
    expect(csp.get("frame-ancestors")).toEqual(["'self'", "https://portal.example.org"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
    // X-Frame-Options cannot name another origin, so it must not contradict the CSP.
    expect(response.headers.get("x-frame-options")).toBeNull();
    expect(response.headers.get("strict-transport-security")).toContain("max-age=31536000");
  });
});
