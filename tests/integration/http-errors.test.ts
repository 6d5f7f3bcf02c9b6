import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { apiErrorSchema } from "../../domain/api-error.js";
import { describeEachDialect, type TestDatabase } from "../helpers/databases.js";
import { type RunningServer, startServer } from "../helpers/server.js";

describeEachDialect("error answers", (_dialect, createDatabase) => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createDatabase();
    server = await startServer(database, { BODY_LIMIT_BYTES: "2048" }, (app) => {
      // Routes that fail the way a bug or a schema would, to see what a client receives.
      app.get("/api/test/crash", () => {
        throw new Error("secret internal detail at /srv/app/server.ts:42");
      });
      // A write that refers to a row that is gone, as when a delete races another request.
      app.post("/api/test/orphan", async () => {
        await app.deps.database.db
          .insertInto("group_members")
          .values({
            group_id: "deleted-group",
            user_id: "deleted-user",
            role: "member",
            joined_at: new Date().toISOString(),
          })
          .execute();
        return { ok: true };
      });
      app.post(
        "/api/test/echo",
        { schema: { body: z.object({ title: z.string().min(1), count: z.number().int() }) } },
        (request) => request.body,
      );
    });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  async function expectError(response: Response, status: number, code: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = apiErrorSchema.parse(await response.json());
    expect(body.error.code).toBe(code);
    return body.error.message;
  }

  it("answers a write that refers to a deleted row with 409, not a crash", async () => {
    const message = await expectError(
      await fetch(`${server.baseUrl}/api/test/orphan`, { method: "POST" }),
      409,
      "conflict",
    );
    expect(message).toContain("changed or deleted meanwhile");
  });

  it("answers an unknown API path with 404 JSON", async () => {
    await expectError(await fetch(`${server.baseUrl}/api/no-such-thing`), 404, "not_found");
    await expectError(await fetch(`${server.baseUrl}/api/healthz`, { method: "DELETE" }), 404, "not_found");
  });

  it("answers a schema failure with 400 naming the field", async () => {
    const message = await expectError(
      await fetch(`${server.baseUrl}/api/test/echo`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title: "ok", count: "three" }),
      }),
      400,
      "validation_failed",
    );
    expect(message).toContain("body.count");
    expect(message).not.toContain("body.title");
  });

  it("answers malformed JSON with 400", async () => {
    await expectError(
      await fetch(`${server.baseUrl}/api/test/echo`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{oops",
      }),
      400,
      "validation_failed",
    );
  });

  it("answers a body over the limit with 413", async () => {
    const message = await expectError(
      await fetch(`${server.baseUrl}/api/test/echo`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title: "x".repeat(5_000), count: 1 }),
      }),
      413,
      "payload_too_large",
    );
    expect(message).toBe("The request body is too large.");
  });

  it("answers an unexpected failure with 500 and no internals", async () => {
    const response = await fetch(`${server.baseUrl}/api/test/crash`);
    const text = await response.clone().text();
    await expectError(response, 500, "internal");
    expect(text).not.toContain("secret internal detail");
    expect(text).not.toContain("server.ts");
  });

  it("keeps serving after errors", async () => {
    const response = await fetch(`${server.baseUrl}/api/test/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "fine", count: 2 }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ title: "fine", count: 2 });
  });
});
