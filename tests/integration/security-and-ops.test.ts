import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSqliteDatabase, describeEachDialect, type TestDatabase } from "../helpers/databases.js";
import { type RunningServer, startServer, useServer } from "../helpers/server.js";
import type { HttpClient } from "../helpers/http-client.js";
import { signInWithBuiltinProvider, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

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
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });

  const signInAs = async (name: string, email: string) =>
    (await signInWithBuiltinProvider(context.server.baseUrl, { name, email, password: STRONG_PASSWORD })).client;
  // The first account on the instance is its admin; whichever test needs it first creates it.
  let admin: Promise<HttpClient> | undefined;
  const signInAsAdmin = () => (admin ??= signInAs("Admin", "admin@example.org"));

  it("sends pages a CSP whose only inline script is the theme's, by its hash, and the other security headers", async () => {
    for (const path of ["/", "/about", "/no-such-page"]) {
      const response = await fetch(context.server.baseUrl + path);
      const csp = directives(response.headers.get("content-security-policy"));
      // The build's theme-init.js, inlined so it does not block the first paint; nothing else inline runs.
      const html = await response.text();
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
      expect(inline).toEqual(["/* theme */"]);
      const hash = crypto.createHash("sha256").update(inline[0]!).digest("base64");
      expect(csp.get("script-src")).toEqual(["'self'", "'wasm-unsafe-eval'", `'sha256-${hash}'`]);
      expect(html).not.toContain('src="/theme-init.js"');
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      // Plain HTTP: HSTS would be ignored by browsers and break a later move to another host.
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("sends API answers the strict data-only policy, uncached", async () => {
    for (const path of ["/api/healthz", "/api/no-such-thing"]) {
      const response = await fetch(context.server.baseUrl + path);
      const csp = directives(response.headers.get("content-security-policy"));
      expect(Object.fromEntries(csp)).toEqual({ "default-src": ["'none'"], "frame-ancestors": ["'none'"] });
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("counts a shared limit's hits in the database per window, and starts again when the window ends", async () => {
    // The store behind the limits on sign-in, sign-up, password reset and the contact form
    // (server/plugins/rate-limits.ts), with times of our choosing.
    const counters = context.server.app.deps.repositories.rateLimits;
    const start = new Date("2026-01-01T10:00:00.000Z");
    const later = (ms: number) => new Date(start.getTime() + ms);
    const windowEnd = later(60_000).toISOString();
    const hits = await Promise.all([0, 1, 2].map(() => counters.hit("test-key", start, 60_000)));
    expect(hits.map((hit) => hit.hits).sort()).toEqual([1, 2, 3]);
    expect(new Set(hits.map((hit) => hit.windowEndsAt))).toEqual(new Set([windowEnd]));
    expect(await counters.hit("test-key", later(59_999), 60_000)).toEqual({ hits: 4, windowEndsAt: windowEnd });
    expect(await counters.hit("other-key", later(59_999), 60_000)).toMatchObject({ hits: 1 });
    expect(await counters.hit("test-key", later(60_000), 60_000)).toEqual({
      hits: 1,
      windowEndsAt: later(120_000).toISOString(),
    });
    await counters.deleteEnded(later(119_999));
    const left = await context.server.database.db
      .selectFrom("rate_limits")
      .select("key")
      .where("key", "in", ["test-key", "other-key"])
      .execute();
    expect(left.map((row) => row.key)).toEqual(["test-key"]);
  });

  it("limits requests per address with a JSON 429 and Retry-After, but never the health probe or app files", async () => {
    const limitedDatabase = await createDatabase();
    const limitedServer = await startServer(limitedDatabase, {
      RATE_LIMIT_MAX: "5",
      RATE_LIMIT_WINDOW_MS: "60000",
      WEB_DIST_DIR: web.dir,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) statuses.push((await fetch(`${limitedServer.baseUrl}/api/no-such-thing`)).status);
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);

      const limited = await fetch(`${limitedServer.baseUrl}/api/no-such-thing`);
      expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await limited.json()).toMatchObject({ error: { code: "rate_limited" } });

      for (let i = 0; i < 10; i += 1) expect((await fetch(`${limitedServer.baseUrl}/api/healthz`)).status).toBe(200);
      // A page needs its scripts: a limited visitor still gets the app's files, and its error page.
      for (let i = 0; i < 10; i += 1) expect((await fetch(limitedServer.baseUrl + web.asset)).status).toBe(200);
      // ...and the files the service worker fetches all at once when it installs.
      for (let i = 0; i < 10; i += 1) expect((await fetch(`${limitedServer.baseUrl}/theme-init.js`)).status).toBe(200);
    } finally {
      await limitedServer.close();
      await limitedDatabase.drop();
    }
  });

  it("shows metrics only to instance admins: 401 without credentials, 404 to other users", async () => {
    const adminClient = await signInAsAdmin();
    const member = await signInAs("Member", "member@example.org");
    expect((await fetch(`${context.server.baseUrl}/metrics`)).status).toBe(401);
    expect((await member.request("/metrics")).status).toBe(404);
    expect((await adminClient.request("/metrics")).status).toBe(200);
  });

  it("exposes Prometheus metrics with request durations by route pattern", async () => {
    const countOf = (text: string, labels: string) =>
      Number(new RegExp(`^http_request_duration_seconds_count\\{${labels}\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
    // Prometheus scrapes with an admin's API token.
    const created = await (await signInAsAdmin()).request("/api/tokens", { json: { name: "Prometheus" } });
    const { token } = (await created.json()) as { token: string };
    const scrape = () => fetch(`${context.server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    const before = await (await scrape()).text();
    await fetch(`${context.server.baseUrl}/api/healthz`);
    await fetch(`${context.server.baseUrl}/api/healthz`);
    await fetch(`${context.server.baseUrl}/api/no-such-thing/12345`);

    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    const health = 'method="GET",route="/api/healthz",status_code="200"';
    expect(countOf(text, health) - countOf(before, health)).toBe(2);
    // Unknown paths are counted under one label: a scanner cannot grow the series without bound.
    const unmatched = 'method="GET",route="unmatched",status_code="404"';
    expect(countOf(text, unmatched) - countOf(before, unmatched)).toBe(1);
    expect(text).not.toContain("12345");
    // Buckets are cumulative and the +Inf bucket holds every observation.
    const buckets = [
      ...text.matchAll(
        /^http_request_duration_seconds_bucket\{method="GET",route="\/api\/healthz",status_code="200",le="([^"]+)"\} (\d+)$/gm,
      ),
    ];
    expect(buckets).toHaveLength(12);
    const counts = buckets.map((match) => Number(match[2]));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(buckets.at(-1)?.[1]).toBe("+Inf");
    expect(counts.at(-1)).toBe(countOf(text, health));
    expect(text).toContain("process_cpu_user_seconds_total");
  });

  it("publishes an OpenAPI document and its UI at /api/docs", async () => {
    const json = await fetch(`${context.server.baseUrl}/api/docs/json`);
    expect(json.status).toBe(200);
    const document = (await json.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/healthz", "/api/log-error"]));
    expect(document.paths).not.toHaveProperty("/metrics");

    const ui = await fetch(`${context.server.baseUrl}/api/docs`, { redirect: "follow" });
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
    const response = await fetch(`${server.baseUrl}/about`);
    const csp = directives(response.headers.get("content-security-policy"));
    expect(csp.get("frame-ancestors")).toEqual(["'self'", "https://portal.example.org"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
    // X-Frame-Options cannot name another origin, so it must not contradict the CSP.
    expect(response.headers.get("x-frame-options")).toBeNull();
    expect(response.headers.get("strict-transport-security")).toContain("max-age=31536000");

    const api = await fetch(`${server.baseUrl}/api/healthz`);
    expect(api.headers.get("strict-transport-security")).toContain("max-age=31536000");
    expect(directives(api.headers.get("content-security-policy")).get("frame-ancestors")).toEqual(["'none'"]);
  });
});
