import { afterAll, beforeAll, expect, it } from "vitest";
import type { CreatedFeed } from "../../domain/calendar-feeds.js";
import { describeEachDialect, type TestDatabase } from "../helpers/databases.js";
import { type RunningServer, startServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";

/**
 * Addresses that are credentials stay out of the request log (server/log-redaction.ts): a
 * calendar app polls its feed's secret address for months, and logs travel further than the
 * database, which keeps only the secret's hash.
 */
describeEachDialect("request log", (_dialect, createDatabase) => {
  const lines: string[] = [];
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createDatabase();
    server = await startServer(database, { LOG_LEVEL: "info" }, undefined, { write: (line) => lines.push(line) });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("logs a feed's reads and emailed links without their secrets", async () => {
    const { client } = await signUp(server.baseUrl, "Rita Redact");
    const created = (await (
      await client.request("/api/calendar/feeds", { json: { groupId: null } })
    ).json()) as CreatedFeed;
    const secret = created.url.split("/").at(-1)!.replace(".ics", "");
    expect((await fetch(created.url)).status).toBe(200);
    await fetch(`${server.baseUrl}/unsubscribe?token=a-secret-unsubscribe-token&x=1`);

    const logged = lines.join("\n");
    expect(logged).toContain('"url":"/api/calendar/feed/[redacted]"');
    expect(logged).toContain('"url":"/unsubscribe?token=[redacted]&x=1"');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain("a-secret-unsubscribe-token");
  });
});
