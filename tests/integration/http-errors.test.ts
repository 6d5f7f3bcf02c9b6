import http from "node:http";
import net from "node:net";
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

  /** A request as written on the wire (what fetch would refuse or correct), and the raw answer. */
  function rawRequest(text: string): Promise<{ status: number; headers: string; body: string }> {
    const { port } = new URL(server.baseUrl);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => socket.end(text));
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
      socket.on("error", reject);
      socket.on("close", () => {
        const [head = "", ...rest] = answer.split("\r\n\r\n");
        resolve({ status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body: rest.join("\r\n\r\n") });
      });
    });
  }

  async function expectRawError(text: string, status: number) {
    const answer = await rawRequest(text);
    expect(answer.status, text.slice(0, 80)).toBe(status);
    expect(answer.headers).toContain("content-type: application/json");
    expect(answer.headers).toContain("cache-control: no-store");
    expect(answer.headers).toContain("x-content-type-options: nosniff");
    const body = apiErrorSchema.parse(JSON.parse(answer.body));
    expect(body.error.code).toBe("validation_failed");
    return body.error.message;
  }

  it("answers an address with a malformed %-escape with 400 in our shape, on API and page paths alike", async () => {
    for (const path of [
      "/api/tasks/%E0%A4%A",
      "/api/groups/%zz",
      "/api/groups/%zz/tasks",
      "/about%zz",
      "/blog/%E0%A4%A",
    ]) {
      const message = await expectRawError(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, 400);
      expect(message).toContain("%-escape");
    }
  });

  it("answers an over-long address with 414 or 431, and headers over Node's limit with 431, in our shape", async () => {
    // A path parameter over the router's limit (100 characters): 414.
    expect(
      await expectRawError(
        `GET /api/tasks/${"a".repeat(150)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
        414,
      ),
    ).toBe("The address is too long.");
    // An address or headers over Node's 16 KiB: refused by its parser, before Fastify sees the request.
    const oversizeAddress = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${server.baseUrl}/api/tasks/${"a".repeat(20_000)}`, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      request.end();
    });
    expect(oversizeAddress.status).toBe(431);
    expect(apiErrorSchema.parse(JSON.parse(oversizeAddress.body)).error.code).toBe("validation_failed");
    await expectRawError(
      `GET /api/healthz HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${"a".repeat(20_000)}\r\nConnection: close\r\n\r\n`,
      431,
    );
  });

  it("answers what is not HTTP with 400 in our shape", async () => {
    for (const text of [
      "BREW /api/healthz HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "GET /api/healthz HTTP/1.1\r\nHost: localhost\r\nNot a header\r\n\r\n",
      "GET /api/healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: many\r\n\r\n",
    ])
      expect(await expectRawError(text, 400)).toBe("The request is not valid HTTP.");
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
