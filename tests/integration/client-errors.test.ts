import { expect, it } from "vitest";
import { describeEachDialect } from "../helpers/databases.js";
import { useServer } from "../helpers/server.js";

describeEachDialect("POST /api/log-error", (_dialect, createDatabase) => {
  const context = useServer(createDatabase);

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${context.server.baseUrl}/api/log-error`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("stores a report with the browser's user agent, newest first", async () => {
    expect((await post({ message: "first", path: "/about" }, { "user-agent": "TestBrowser/1.0" })).status).toBe(204);
    expect((await post({ message: "second", stack: "Error: second\n    at x", path: "/settings?tab=1" })).status).toBe(
      204,
    );

    const rows = await context.server.app.deps.repositories.clientErrors.listRecent(10);
    expect(rows.map((row) => row.message)).toEqual(["second", "first"]);
    expect(rows[1]).toMatchObject({ path: "/about", userAgent: "TestBrowser/1.0", stack: null });
    expect(rows[0]!.stack).toContain("at x");
    expect(new Date(rows[0]!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("rejects a report without a message, naming the field, and stores nothing", async () => {
    const before = (await context.server.app.deps.repositories.clientErrors.listRecent(100)).length;
    const response = await post({ message: "   ", path: "/" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.message).toContain("body.message");
    expect((await context.server.app.deps.repositories.clientErrors.listRecent(100)).length).toBe(before);
  });

  it("limits each address to 20 reports a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) statuses.push((await post({ message: `flood ${i}`, path: "/" })).status);
    const limited = statuses.filter((status) => status === 429).length;
    expect(limited).toBeGreaterThan(0);
    const response = await post({ message: "one more", path: "/" });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await response.json()).toMatchObject({ error: { code: "rate_limited" } });
  });
});
