import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "../../server/plugins/identity-provider/index.js";
import { describeEachDialect } from "../helpers/databases.js";
import { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { OPEN_REDIRECT_PAYLOADS, SAFE_NEXT_PATHS } from "../helpers/open-redirect-payloads.js";
import { reachCallback, signInWithBuiltinProvider, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

const ACCOUNT = { name: "Mallory's target", email: "target@example.org", password: STRONG_PASSWORD };
const MALLORY = { name: "Mallory", email: "mallory@example.org", password: STRONG_PASSWORD };
const EXPIRED = "This sign-in has expired or was already used. Please sign in again.";

describeEachDialect("sign-in refuses tampered and replayed responses", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  // Behind one trusted proxy, so clients can come from different addresses (X-Forwarded-For).
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir, TRUST_PROXY: "1" });

  beforeAll(async () => {
    await signInWithBuiltinProvider(context.server.baseUrl, ACCOUNT, { mode: "signup" });
    await signInWithBuiltinProvider(context.server.baseUrl, MALLORY, { mode: "signup" });
  });

  /** Visits a callback URL and returns where the app sent the browser, plus whether a session began. */
  async function land(client: HttpClient, callback: URL) {
    const response = await client.request(callback.pathname + callback.search);
    const location = new URL(response.headers.get("location") ?? "/", context.server.baseUrl);
    return {
      status: response.status,
      path: location.pathname,
      error: location.searchParams.get("error"),
      session: client.cookie("tandem_session"),
    };
  }

  it("uses a callback once: replaying it ends on /login without a session", async () => {
    const client = new HttpClient(context.server.baseUrl);
    const callback = await reachCallback(client, ACCOUNT);
    const binding = client.cookie("tandem_sign_in")!;
    expect((await land(client, callback)).path).toBe("/");
    // The browser's binding cookie goes with the callback.
    expect(client.cookie("tandem_sign_in")).toBeUndefined();

    // Even with the binding cookie of the browser that used it.
    const attacker = new HttpClient(context.server.baseUrl);
    attacker.setCookie("tandem_sign_in", binding);
    const replay = await land(attacker, callback);
    expect(replay).toMatchObject({ status: 302, path: "/login", session: undefined });
    expect(replay.error).toBe(EXPIRED);
  });

  it("binds a sign-in to the browser that began it: the attacker's callback signs a victim into nothing", async () => {
    const attacker = new HttpClient(context.server.baseUrl);
    const callback = await reachCallback(attacker, MALLORY);

    // A victim with no sign-in of their own, and one whose own sign-in is pending (another binding).
    const victims = [new HttpClient(context.server.baseUrl), new HttpClient(context.server.baseUrl)];
    expect((await victims[1]!.request("/api/auth/sign-in/local")).status).toBe(302);
    expect(victims[1]!.cookie("tandem_sign_in")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const victim of victims) {
      const landing = await land(victim, callback);
      expect(landing).toMatchObject({ status: 302, path: "/login", error: EXPIRED, session: undefined });
      expect((await victim.request("/api/me")).status).toBe(401);
    }
    // The browser that began it still finishes it.
    expect(await land(attacker, callback)).toMatchObject({ path: "/", error: null });
  });

  it("refuses a response that names another issuer (mix-up)", async () => {
    const client = new HttpClient(context.server.baseUrl);
    const callback = await reachCallback(client, ACCOUNT);
    callback.searchParams.set("iss", "https://evil.example");
    const result = await land(client, callback);
    expect(result).toMatchObject({ path: "/login", session: undefined });
    expect(result.error).toMatch(/did not confirm the sign-in/);
  });

  it("refuses an ID token whose nonce is not the one this sign-in sent", async () => {
    const client = new HttpClient(context.server.baseUrl);
    const callback = await reachCallback(client, ACCOUNT);
    const state = callback.searchParams.get("state")!;
    await sql`update sign_in_requests set nonce = ${"forged-nonce"} where state = ${state}`.execute(
      context.server.database.db,
    );
    const result = await land(client, callback);
    expect(result).toMatchObject({ path: "/login", session: undefined });
    expect(result.error).toMatch(/did not confirm the sign-in/);
  });

  it("refuses a code exchanged with the wrong PKCE verifier", async () => {
    const client = new HttpClient(context.server.baseUrl);
    const callback = await reachCallback(client, ACCOUNT);
    const state = callback.searchParams.get("state")!;
    await sql`update sign_in_requests set code_verifier = ${"x".repeat(43)} where state = ${state}`.execute(
      context.server.database.db,
    );
    const result = await land(client, callback);
    expect(result).toMatchObject({ path: "/login", session: undefined });
    expect(result.error).toMatch(/invalid_grant/);
  });

  it("has the provider refuse an authorization request without PKCE", async () => {
    const params = new URLSearchParams({
      client_id: "tandem-web",
      response_type: "code",
      scope: "openid",
      state: "s",
      nonce: "n",
      redirect_uri: `${context.server.baseUrl}/api/auth/callback/local`,
    });
    const response = await fetch(`${context.server.baseUrl}/oidc/auth?${params}`, { redirect: "manual" });
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/api/auth/callback/local");
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("error_description")).toMatch(/PKCE/);
  });

  it("ends the provider's session at sign-out: without prompt=login the provider asks for the password again", async () => {
    const { client } = await signInWithBuiltinProvider(context.server.baseUrl, MALLORY, { mode: "login" });
    expect(client.cookie("_session")).toBeTruthy();
    expect((await client.request("/api/auth/logout", { method: "POST" })).status).toBe(204);
    expect(client.cookie("_session")).toBeUndefined();

    const start = await client.request("/api/auth/sign-in/local");
    const authorization = new URL(start.headers.get("location")!);
    expect(authorization.searchParams.get("prompt")).toBe("login");
    expect(authorization.searchParams.get("max_age")).toBe("0");
    authorization.searchParams.delete("prompt");
    authorization.searchParams.delete("max_age");
    const { response, url } = await client.follow(authorization.href);
    expect(url.pathname).toMatch(/^\/oidc\/interaction\/[^/]+$/);
    expect(response.status).toBe(200);
    expect(await (await client.request(`${url.pathname}/details`)).json()).toMatchObject({ prompt: "login" });
    expect((await client.request("/api/me")).status).toBe(401);
  });

  it("refuses a sign-in the provider confirmed with a password entered before it began (auth_time)", async () => {
    const { client } = await signInWithBuiltinProvider(context.server.baseUrl, MALLORY, { mode: "login" });
    const before = client.cookie("tandem_session");
    // The provider's session in this browser (still signed in, no sign-out) dates from an hour ago.
    const db = context.server.database.db;
    const id = client.cookie("_session")!;
    const stored = await sql<{ payload: string }>`
      select payload from oidc_store where model = 'Session' and id = ${id}
    `.execute(db);
    const payload = JSON.parse(stored.rows[0]!.payload) as { loginTs: number };
    payload.loginTs -= 3600;
    await sql`update oidc_store set payload = ${JSON.stringify(payload)} where model = 'Session' and id = ${id}`.execute(
      db,
    );

    const start = await client.request("/api/auth/sign-in/local");
    const authorization = new URL(start.headers.get("location")!);
    authorization.searchParams.delete("prompt");
    authorization.searchParams.delete("max_age");
    const { url } = await client.follow(authorization.href);
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("error")).toBe(
      "Tandem account did not confirm the sign-in (the password was not entered for it). Please sign in again.",
    );
    expect(client.cookie("tandem_session")).toBe(before);
  });

  it("refuses forged and expired session cookies", async () => {
    const forged = new HttpClient(context.server.baseUrl);
    forged.setCookie("tandem_session", "A".repeat(43));
    expect((await forged.request("/api/me")).status).toBe(401);

    const { client } = await signInWithBuiltinProvider(context.server.baseUrl, ACCOUNT, { mode: "login" });
    expect((await client.request("/api/me")).status).toBe(200);
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await sql`update sessions set last_seen_at = ${longAgo}`.execute(context.server.database.db);
    // The server remembers resolved sessions for a few seconds; the time travel above is past that.
    context.server.app.deps.credentials.clear();
    expect((await client.request("/api/me")).status).toBe(401);
  });

  it("slows down password guessing per address: after 10 tries there an account answers 429, even to the right password", async () => {
    const victim = { name: "Victim", email: "victim@example.org", password: STRONG_PASSWORD };
    await signInWithBuiltinProvider(context.server.baseUrl, victim, { mode: "signup" });
    const client = new HttpClient(context.server.baseUrl, { forwardedFor: "203.0.113.66" });
    const { url } = await client.follow("/api/auth/sign-in/local");
    const attempt = (email: string, password: string) =>
      client.request(`${url.pathname}/login`, { json: { email, password } });

    const statuses: number[] = [];
    for (let guess = 0; guess < 10; guess += 1) statuses.push((await attempt(victim.email, `guess-${guess}`)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const blocked = await attempt("VICTIM@example.org", victim.password);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ error: { code: "rate_limited" } });
    // Another account is not locked out by someone else's guessing.
    expect((await attempt(ACCOUNT.email, ACCOUNT.password)).status).toBe(200);
    // Nor is the owner, at an address of their own.
    const owner = new HttpClient(context.server.baseUrl, { forwardedFor: "198.51.100.7" });
    const signedIn = await signInWithBuiltinProvider(context.server.baseUrl, victim, { mode: "login", client: owner });
    expect(signedIn.landedOn).toBe("/");
    expect((await owner.request("/api/me")).status).toBe(200);
  });

  it("counts only failed tries: an owner who signs in often from one address is never stopped", async () => {
    const frequent = { name: "Frequent", email: "frequent@example.org", password: STRONG_PASSWORD };
    await signInWithBuiltinProvider(context.server.baseUrl, frequent, { mode: "signup" });
    const client = new HttpClient(context.server.baseUrl, { forwardedFor: "203.0.113.18" });
    for (let signIn = 1; signIn <= 15; signIn += 1) {
      const { url } = await client.follow("/api/auth/sign-in/local");
      const submitted = await client.request(`${url.pathname}/login`, { json: frequent });
      expect(submitted.status, `sign-in ${signIn}`).toBe(200);
      // Finished as a browser would: the app's session begins, and the provider's sign-in step ends.
      const { url: landed } = await client.follow(((await submitted.json()) as { redirectTo: string }).redirectTo);
      expect(landed.pathname).toBe("/");
    }

    // Guessing is still stopped: ten wrong passwords, and then the right one is refused as well.
    const { url } = await client.follow("/api/auth/sign-in/local");
    const attempt = (password: string) =>
      client.request(`${url.pathname}/login`, { json: { email: frequent.email, password } });
    const wrong: number[] = [];
    for (let guess = 0; guess < SIGN_IN_LIMITS.perAddressAndAccount; guess += 1) {
      wrong.push((await attempt(`guess-${guess}`)).status);
    }
    expect(wrong).toEqual(Array(SIGN_IN_LIMITS.perAddressAndAccount).fill(401));
    expect((await attempt(frequent.password)).status).toBe(429);
  });

  it("caps the tries for one account from all addresses together, far above what one address may try", async () => {
    const email = "popular@example.org";
    // A try at an unknown sign-in step counts as well (and answers 410): no password hashing here.
    const tryFrom = (address: string) =>
      new HttpClient(context.server.baseUrl, { forwardedFor: address }).request("/oidc/interaction/gone/login", {
        json: { email, password: "guess" },
      });
    const statuses = new Set<number>();
    const addresses = SIGN_IN_LIMITS.perAccount / SIGN_IN_LIMITS.perAddressAndAccount;
    for (let address = 1; address <= addresses; address += 1) {
      for (let tried = 0; tried < SIGN_IN_LIMITS.perAddressAndAccount; tried += 1) {
        statuses.add((await tryFrom(`192.0.2.${address}`)).status);
      }
    }
    expect([...statuses]).toEqual([410]);
    expect((await tryFrom("192.0.2.200")).status).toBe(429);
  });

  it("sends the browser only to a path of this site after sign-in: every open-redirect payload ends at /", async () => {
    const cases: Array<readonly [string, string]> = [
      ...OPEN_REDIRECT_PAYLOADS.map((payload) => [payload, "/"] as const),
      ...SAFE_NEXT_PATHS,
    ];
    const signInWith = async (next: string, index: number) => {
      // Each sign-in from an address of its own, as visitors from many places would come.
      const client = new HttpClient(context.server.baseUrl, { forwardedFor: `198.18.0.${index + 1}` });
      const callback = await reachCallback(client, ACCOUNT, { next });
      const response = await client.request(callback.pathname + callback.search);
      expect(client.cookie("tandem_session"), next).toBeTruthy();
      return [next, response.headers.get("location")] as const;
    };
    // A few at a time: each is a whole sign-in, password hashing included.
    const landed: Array<readonly [string, string | null]> = [];
    for (let first = 0; first < cases.length; first += 8) {
      const batch = cases.slice(first, first + 8);
      landed.push(...(await Promise.all(batch.map(([next], offset) => signInWith(next, first + offset)))));
    }
    expect(landed).toEqual(cases);
  });
});
