import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signInWithBuiltinProvider, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

describeEachDialect("personal API tokens", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let ada: HttpClient;
  let grace: HttpClient;

  beforeAll(async () => {
    ada = (
      await signInWithBuiltinProvider(context.server.baseUrl, {
        name: "Ada",
        email: "ada@example.org",
        password: STRONG_PASSWORD,
      })
    ).client;
    grace = (
      await signInWithBuiltinProvider(context.server.baseUrl, {
        name: "Grace",
        email: "grace@example.org",
        password: STRONG_PASSWORD,
      })
    ).client;
  });

  const withBearer = (token: string, path = "/api/me", method = "GET") =>
    fetch(`${context.server.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}` } });

  it("shows a new token once, lists it without the secret, and accepts it as Bearer", async () => {
    const created = await ada.request("/api/tokens", { json: { name: "Home script" } });
    expect(created.status).toBe(201);
    const token = (await created.json()) as { id: string; token: string; name: string };
    expect(token.token).toMatch(/^tdm_[A-Za-z0-9_-]{43}$/);

    const listed = (await (await ada.request("/api/tokens")).json()) as Array<Record<string, unknown>>;
    expect(listed).toEqual([
      { id: token.id, name: "Home script", scope: "all", createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(token.token);

    const me = await withBearer(token.token);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ name: "Ada" });
    const used = (await (await ada.request("/api/tokens")).json()) as Array<{ lastUsedAt: string | null }>;
    expect(used[0]!.lastUsedAt).not.toBeNull();
  });

  it("answers 401 to a revoked, forged or malformed token, and a token cannot mint another", async () => {
    const { id, token } = (await (await ada.request("/api/tokens", { json: { name: "Temporary" } })).json()) as {
      id: string;
      token: string;
    };
    expect((await withBearer(token, "/api/tokens", "POST")).status).toBe(403);

    expect((await ada.request(`/api/tokens/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await withBearer(token)).status).toBe(401);
    expect((await withBearer(`tdm_${"A".repeat(43)}`)).status).toBe(401);
    const malformed = await withBearer("not-a-token");
    expect(malformed.status).toBe(401);
    expect(await malformed.json()).toEqual({ error: { code: "unauthorized", message: "The API token is not valid" } });
  });

  it("keeps each user's tokens to themselves: another user's token id is a 404", async () => {
    const { id, token } = (await (await ada.request("/api/tokens", { json: { name: "Ada's" } })).json()) as {
      id: string;
      token: string;
    };
    expect(await (await grace.request("/api/tokens")).json()).toEqual([]);
    const revoke = await grace.request(`/api/tokens/${id}`, { method: "DELETE" });
    expect(revoke.status).toBe(404);
    expect((await withBearer(token)).status).toBe(200);
  });

  it("refuses a nameless token and any token call when signed out", async () => {
    const nameless = await ada.request("/api/tokens", { json: { name: "  " } });
    expect(nameless.status).toBe(400);
    expect(await nameless.json()).toMatchObject({
      error: { code: "validation_failed", message: expect.stringContaining("Give the token a name") },
    });
    for (const [method, path] of [
      ["GET", "/api/tokens"],
      ["POST", "/api/tokens"],
      ["DELETE", "/api/tokens/x"],
    ] as const) {
      const response = await fetch(`${context.server.baseUrl}${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "POST" ? "{}" : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});
