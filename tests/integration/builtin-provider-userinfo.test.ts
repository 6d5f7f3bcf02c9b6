import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../helpers/databases.js";
import { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { reachCallback, signInWithBuiltinProvider, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

const ACCOUNT = { name: "Ada Lovelace", email: "ada@example.org", password: STRONG_PASSWORD };

/**
 * The built-in provider's own Bearer tokens belong to the provider: its userinfo endpoint (which
 * its discovery document advertises) must see them, not the app's personal-API-token check.
 */
describeEachDialect("the built-in provider's userinfo endpoint", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  const base = () => context.server.baseUrl;

  beforeAll(async () => {
    await signInWithBuiltinProvider(base(), ACCOUNT, { mode: "signup" });
  });

  /** The code flow as the app's relying party does it, by hand: returns the provider's access token. */
  async function accessToken(): Promise<string> {
    const callback = await reachCallback(new HttpClient(base()), ACCOUNT);
    const db = context.server.database.db;
    const { rows: requests } = await sql<{ code_verifier: string }>`
      select code_verifier from sign_in_requests where state = ${callback.searchParams.get("state")}
    `.execute(db);
    const { rows: secrets } = await sql<{ value: string }>`
      select value from instance_secrets where name = ${"oidc-client-secret"}
    `.execute(db);
    const response = await fetch(`${base()}/oidc/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`tandem-web:${secrets[0]!.value}`).toString("base64")}`,
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: callback.searchParams.get("code")!,
        redirect_uri: `${base()}/api/auth/callback/local`,
        code_verifier: requests[0]!.code_verifier,
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  it("answers the provider's access token with the account's claims", async () => {
    const discovery = (await (await fetch(`${base()}/oidc/.well-known/openid-configuration`)).json()) as {
      userinfo_endpoint: string;
    };
    const response = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${await accessToken()}` },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({
      sub: expect.any(String),
      name: "Ada Lovelace",
      email: "ada@example.org",
    });
  });

  it("refuses an unknown token with the provider's own OAuth error, not the app's", async () => {
    const response = await fetch(`${base()}/oidc/me`, { headers: { authorization: "Bearer not-a-token" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it("still treats a Bearer token on the app's API as a personal API token", async () => {
    const response = await fetch(`${base()}/api/me`, { headers: { authorization: `Bearer ${await accessToken()}` } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: "unauthorized", message: "The API token is not valid" } });
  });
});
