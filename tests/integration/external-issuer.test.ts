import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExternalIssuerConfig } from "../../server/env.js";
import { describeEachDialect, type TestDatabase } from "../helpers/databases.js";
import {
  browse,
  type IssuerUser,
  land,
  reachExternalCallback,
  signInWithExternalIssuer,
  startExternalIssuer,
  useExternalIssuer,
} from "../helpers/external-issuer.js";
import { freePort } from "../helpers/free-port.js";
import { HttpClient } from "../helpers/http-client.js";
import { type RunningServer, startServer } from "../helpers/server.js";
import { createWebFixture } from "../helpers/web-fixture.js";

/**
 * The app as a relying party of a foreign OpenID Connect issuer: an oidc-provider of its own in
 * another process (tests/helpers/external-issuer-process.ts), reached over real HTTP, configured
 * only through OIDC_ISSUERS, exactly as an operator would configure Keycloak or Google.
 */
const context = useExternalIssuer();
// A stand-in web build, so unknown paths get the app's 404 page (not "web app not built").
const web = createWebFixture();
afterAll(() => web.remove());

const ADMIN_GROUP = "tandem-admins";
const SCOPES = "openid profile email groups";

interface Me {
  id: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
}

async function me(client: HttpClient): Promise<Me> {
  const response = await client.request("/api/me");
  expect(response.status).toBe(200);
  return (await response.json()) as Me;
}

/** An OIDC_ISSUERS entry without the client credentials, which useAppWith adds. */
type IssuerSetting = Omit<ExternalIssuerConfig, "clientId" | "clientSecret" | "scopes" | "adminClaim"> &
  Partial<Pick<ExternalIssuerConfig, "scopes" | "adminClaim">>;

/** A test server whose OIDC_ISSUERS are built once the issuer process (and so its URL) exists. */
function useAppWith(
  createDatabase: () => Promise<TestDatabase>,
  clientId: string,
  setup: (issuerUrl: string) => Promise<{ issuers: IssuerSetting[]; env?: Record<string, string> }>,
) {
  const app = {} as { server: RunningServer; database: TestDatabase; clientSecret: string };
  beforeAll(async () => {
    const { issuers, env } = await setup(context.issuer.url);
    app.clientSecret = `secret-of-${clientId}`;
    app.database = await createDatabase();
    app.server = await startServer(app.database, {
      OIDC_ISSUERS: JSON.stringify(issuers.map((entry) => ({ clientId, clientSecret: app.clientSecret, ...entry }))),
      WEB_DIST_DIR: web.dir,
      ...env,
    });
    // Registered as an operator would, with the redirect URI the README names: PUBLIC_URL/api/auth/callback/<id>.
    await context.issuer.registerClient({
      clientId,
      clientSecret: app.clientSecret,
      redirectUris: issuers.map((entry) => `${app.server.baseUrl}/api/auth/callback/${entry.id}`),
    });
  });
  afterAll(async () => {
    await app.server?.close();
    await app.database?.drop();
  });
  return app;
}

describeEachDialect("sign-in through an external OpenID Connect issuer", (dialect, createDatabase) => {
  describe("as the only sign-in option (BUILTIN_IDP=off)", () => {
    let offlinePort = 0;
    const app = useAppWith(createDatabase, `tandem-${dialect}-only`, async (issuerUrl) => {
      // Nothing listens here until the recovery test starts an issuer on it.
      offlinePort = await freePort();
      return {
        issuers: [
          { id: "acme", name: "Acme SSO", issuer: issuerUrl, scopes: SCOPES, adminGroup: ADMIN_GROUP },
          // Metadata that names another issuer than the configured URL (a typo'd or moved issuer).
          { id: "mismatched", name: "Mismatched SSO", issuer: `${issuerUrl}/mismatched` },
          // Discovery passes, but every response comes from (and names) the real issuer: mix-up.
          { id: "impostor", name: "Impostor SSO", issuer: `${issuerUrl}/impostor`, scopes: SCOPES },
          { id: "offline", name: "Offline SSO", issuer: `http://127.0.0.1:${offlinePort}` },
        ],
        env: { BUILTIN_IDP: "off", ADMIN_EMAILS: "boss@example.org" },
      };
    });
    const client = () => new HttpClient(app.server.baseUrl);

    beforeAll(async () => {
      // The first account on an instance is its admin for good; later tests are about everyone else.
      const founder = client();
      const landing = await signInWithExternalIssuer(founder, "acme", { sub: "founder", name: "Founder" });
      expect(landing).toMatchObject({ path: "/", error: null });
      expect(await me(founder)).toMatchObject({ name: "Founder", isAdmin: true });
    });

    it("lists the configured issuers by their names, and no built-in provider", async () => {
      const response = await fetch(`${app.server.baseUrl}/api/auth/issuers`);
      expect(await response.json()).toEqual([
        { id: "acme", name: "Acme SSO", builtin: false },
        { id: "mismatched", name: "Mismatched SSO", builtin: false },
        { id: "impostor", name: "Impostor SSO", builtin: false },
        { id: "offline", name: "Offline SSO", builtin: false },
      ]);
      expect((await fetch(`${app.server.baseUrl}/oidc/.well-known/openid-configuration`)).status).toBe(404);
      const local = await client().request("/api/auth/sign-in/local");
      expect(local.status).toBe(302);
      const location = new URL(local.headers.get("location")!, app.server.baseUrl);
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("error")).toBe("This sign-in option does not exist.");
    });

    it("offers no account creation here, and passes a login hint on to the issuer but not the sign-up screen", async () => {
      const landing = await (await fetch(`${app.server.baseUrl}/`)).text();
      expect(landing).toContain('"builtinSignIn":false');
      expect(landing).not.toContain("Create account");
      expect(landing).toContain('<a href="/login">Sign in</a>');
      const response = await client().request("/api/auth/sign-in/acme?login_hint=ada%40example.org&screen=sign-up");
      const authorization = new URL(response.headers.get("location")!);
      expect(authorization.searchParams.get("login_hint")).toBe("ada@example.org");
      expect(authorization.searchParams.has("screen_hint")).toBe(false);
    });

    it("sends the browser to the issuer with PKCE (S256), state and nonce, at its registered redirect URI", async () => {
      const response = await client().request("/api/auth/sign-in/acme");
      expect(response.status).toBe(302);
      const authorization = new URL(response.headers.get("location")!);
      expect(authorization.origin + authorization.pathname).toBe(`${context.issuer.url}/auth`);
      const params = Object.fromEntries(authorization.searchParams);
      expect(params).toMatchObject({
        client_id: `tandem-${dialect}-only`,
        response_type: "code",
        redirect_uri: `${app.server.baseUrl}/api/auth/callback/acme`,
        scope: SCOPES,
        code_challenge_method: "S256",
      });
      expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(params.state).toBeTruthy();
      expect(params.nonce).toBeTruthy();
      // The issuer's single sign-on is kept: only the built-in provider forces a password prompt.
      expect(params.prompt).toBeUndefined();
    });

    it("signs in through the issuer's login and knows the user by the issuer's claims", async () => {
      const browser = client();
      const landing = await signInWithExternalIssuer(
        browser,
        "acme",
        { sub: "ada-1815", name: "Ada Lovelace", email: "Ada@Example.org", email_verified: true },
        "/settings?tab=theme",
      );
      expect(landing).toMatchObject({ status: 302, path: "/settings?tab=theme", error: null });
      expect(landing.session).toBeTruthy();
      expect(await me(browser)).toMatchObject({
        name: "Ada Lovelace",
        email: "ada@example.org",
        emailVerified: true,
        isAdmin: false,
      });
      const row = await sql<{ issuer: string; subject: string }>`
        select issuer, subject from users where subject = ${"ada-1815"}
      `.execute(app.server.database.db);
      expect(row.rows).toEqual([{ issuer: context.issuer.url, subject: "ada-1815" }]);
    });

    it("signs the same subject in again as the same user, with the issuer's email and name refreshed", async () => {
      const before = client();
      await signInWithExternalIssuer(before, "acme", {
        sub: "grace",
        name: "Grace Murray",
        email: "grace@navy.example",
      });
      const first = await me(before);
      expect(first).toMatchObject({ name: "Grace Murray", email: "grace@navy.example", emailVerified: false });

      const after = client();
      await signInWithExternalIssuer(after, "acme", {
        sub: "grace",
        name: "Grace Hopper",
        email: "grace@yale.example",
        email_verified: true,
      });
      const second = await me(after);
      // The display name is the profile's from the first sign-in on (presenters/me.ts: the user may
      // have renamed it here); the issuer's latest name is kept on the user.
      expect(second).toEqual({ ...first, email: "grace@yale.example", emailVerified: true });
      const row = await sql<{ name: string }>`select name from users where id = ${first.id}`.execute(
        app.server.database.db,
      );
      expect(row.rows).toEqual([{ name: "Grace Hopper" }]);
      // The earlier session belongs to the same user and sees the new email too.
      expect(await me(before)).toEqual(second);
    });

    it("matches users on issuer and subject, never on email: another subject with the same email is another user", async () => {
      const owner = client();
      await signInWithExternalIssuer(owner, "acme", { sub: "linus", name: "Linus", email: "shared@example.org" });
      const other = client();
      await signInWithExternalIssuer(other, "acme", {
        sub: "lookalike",
        name: "Lookalike",
        email: "shared@example.org",
      });
      expect((await me(other)).id).not.toBe((await me(owner)).id);
    });

    it("makes members of the configured admin group admins, checked again at every sign-in", async () => {
      const plain = client();
      await signInWithExternalIssuer(plain, "acme", {
        sub: "plain",
        name: "Plain",
        groups: ["staff", `${ADMIN_GROUP}-x`],
      });
      expect((await me(plain)).isAdmin).toBe(false);

      const member = client();
      await signInWithExternalIssuer(member, "acme", { sub: "member", name: "Member", groups: ["staff", ADMIN_GROUP] });
      const asMember = await me(member);
      expect(asMember.isAdmin).toBe(true);

      // Removed from the group at the issuer: no longer an admin after the next sign-in.
      const later = client();
      await signInWithExternalIssuer(later, "acme", { sub: "member", name: "Member", groups: ["staff"] });
      expect(await me(later)).toMatchObject({ id: asMember.id, isAdmin: false });
    });

    it("trusts ADMIN_EMAILS only for an email the issuer says is verified", async () => {
      const unverified = client();
      await signInWithExternalIssuer(unverified, "acme", {
        sub: "boss-a",
        email: "boss@example.org",
        email_verified: false,
      });
      expect((await me(unverified)).isAdmin).toBe(false);
      const verified = client();
      await signInWithExternalIssuer(verified, "acme", {
        sub: "boss-b",
        email: "boss@example.org",
        email_verified: true,
      });
      expect((await me(verified)).isAdmin).toBe(true);
    });

    it("keeps the issuer's single sign-on: after signing out of the app, the same browser returns without a login", async () => {
      const browser = client();
      await signInWithExternalIssuer(browser, "acme", { sub: "sso", name: "Sso User" });
      const { id } = await me(browser);
      expect((await browser.request("/api/auth/logout", { method: "POST" })).status).toBe(204);
      expect((await browser.request("/api/me")).status).toBe(401);

      const landing = await signInWithExternalIssuer(browser, "acme", null);
      expect(landing).toMatchObject({ path: "/", error: null });
      expect((await me(browser)).id).toBe(id);
    });

    it("binds a sign-in to the browser that began it: its callback visited by another browser starts no session", async () => {
      const attacker = client();
      const callback = await reachExternalCallback(attacker, "acme", { sub: "mallory", name: "Mallory" });
      const victim = client();
      expect(await land(victim, callback)).toMatchObject({
        status: 302,
        path: "/login",
        error: "This sign-in has expired or was already used. Please sign in again.",
        session: undefined,
      });
      expect((await victim.request("/api/me")).status).toBe(401);
      expect(await land(attacker, callback)).toMatchObject({ path: "/", error: null });
      expect(attacker.cookie("tandem_sign_in")).toBeUndefined();
    });

    it("ends a sign-in cancelled at the issuer on /login with a message", async () => {
      const browser = client();
      const { url, response } = await browse(browser, "/api/auth/sign-in/acme");
      expect(response?.status).toBe(200);
      const cancelled = await browser.request(`${url.href}/abort`, { method: "POST", headers: { origin: url.origin } });
      const back = await browse(browser, new URL(cancelled.headers.get("location")!, url), (next) =>
        next.pathname.startsWith("/api/auth/callback/"),
      );
      const landing = await land(browser, back.url);
      expect(landing).toMatchObject({ path: "/login", error: "Sign-in was cancelled.", session: undefined });
    });

    it("refuses an issuer whose metadata names another issuer than the configured URL", async () => {
      const browser = client();
      const response = await browser.request("/api/auth/sign-in/mismatched");
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("location")!, app.server.baseUrl);
      expect(location.pathname).toBe("/login");
      // (The message currently says "cannot be reached right now"; what matters here is that it names the mismatch.)
      expect(location.searchParams.get("error")).toMatch(/^Mismatched SSO .*issuer does not match/);
      expect(browser.cookie("tandem_session")).toBeUndefined();
    });

    it("refuses the response of another issuer than the one the sign-in went to (mix-up)", async () => {
      // The impostor's metadata passes discovery, but the code and ID token come from the real issuer.
      const browser = client();
      const landing = await signInWithExternalIssuer(browser, "impostor", { sub: "mixed", name: "Mixed Up" });
      expect(landing).toMatchObject({ status: 302, path: "/login", session: undefined });
      expect(landing.error).toMatch(/^Impostor SSO did not confirm the sign-in/);
      expect((await browser.request("/api/me")).status).toBe(401);
      const users = await sql<{ n: number }>`select count(*) as n from users where subject = ${"mixed"}`.execute(
        app.server.database.db,
      );
      expect(Number(users.rows[0]!.n)).toBe(0);
    });

    it("refuses a callback whose iss parameter names another issuer, or that has none", async () => {
      const user: IssuerUser = { sub: "ada-1815", name: "Ada Lovelace" };
      for (const iss of [`http://127.0.0.1:${offlinePort}`, `${context.issuer.url}/impostor`, null]) {
        const browser = client();
        const callback = await reachExternalCallback(browser, "acme", user);
        expect(callback.searchParams.get("iss")).toBe(context.issuer.url);
        if (iss === null) callback.searchParams.delete("iss");
        else callback.searchParams.set("iss", iss);
        const landing = await land(browser, callback);
        expect(landing, String(iss)).toMatchObject({ status: 302, path: "/login", session: undefined });
        expect(landing.error).toMatch(/^Acme SSO did not confirm the sign-in/);
      }
    });

    it("refuses an issuer's response delivered to another issuer's redirect URI", async () => {
      const browser = client();
      const callback = await reachExternalCallback(browser, "acme", { sub: "ada-1815", name: "Ada Lovelace" });
      const elsewhere = new URL(`/api/auth/callback/impostor${callback.search}`, app.server.baseUrl);
      const landing = await land(browser, elsewhere);
      expect(landing).toMatchObject({
        path: "/login",
        error: "This sign-in has expired or was already used. Please sign in again.",
        session: undefined,
      });
      // The sign-in it belonged to is spent as well: the code cannot be used at its own URI afterwards.
      expect(await land(browser, callback)).toMatchObject({ path: "/login", session: undefined });
    });

    it("answers an unreachable issuer with a redirect to /login saying so, and recovers once it is back", async () => {
      const browser = client();
      const response = await browser.request("/api/auth/sign-in/offline?next=/dashboard");
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("location")!, app.server.baseUrl);
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("error")).toMatch(
        /^Offline SSO cannot be reached right now \(.+\)\. Please try again in a moment\.$/,
      );
      expect(location.searchParams.get("next")).toBe("/dashboard");

      // A failed discovery is not remembered: once the issuer is up, the next sign-in works.
      const revived = await startExternalIssuer({ port: offlinePort });
      try {
        expect(revived.url).toBe(`http://127.0.0.1:${offlinePort}`);
        await revived.registerClient({
          clientId: `tandem-${dialect}-only`,
          clientSecret: app.clientSecret,
          redirectUris: [`${app.server.baseUrl}/api/auth/callback/offline`],
        });
        const landing = await signInWithExternalIssuer(
          browser,
          "offline",
          { sub: "back", name: "Back Again" },
          "/dashboard",
        );
        expect(landing).toMatchObject({ path: "/dashboard", error: null });
        expect((await me(browser)).name).toBe("Back Again");
      } finally {
        await revived.stop();
      }
    });
  });

  describe("next to the built-in provider (BUILTIN_IDP=on)", () => {
    const app = useAppWith(createDatabase, `tandem-${dialect}-both`, async (issuerUrl) => ({
      issuers: [{ id: "acme", name: "Acme SSO", issuer: issuerUrl, scopes: SCOPES, adminGroup: ADMIN_GROUP }],
      env: { BUILTIN_IDP: "on" },
    }));
    const client = () => new HttpClient(app.server.baseUrl);

    it("lists the built-in provider first and the external issuer by its name", async () => {
      const response = await fetch(`${app.server.baseUrl}/api/auth/issuers`);
      expect(await response.json()).toEqual([
        { id: "local", name: "Tandem account", builtin: true },
        { id: "acme", name: "Acme SSO", builtin: false },
      ]);
    });

    it("signs in through the external issuer as a user of that issuer", async () => {
      const browser = client();
      const landing = await signInWithExternalIssuer(browser, "acme", { sub: "ada-1815", name: "Ada Lovelace" });
      expect(landing).toMatchObject({ path: "/", error: null });
      expect((await me(browser)).name).toBe("Ada Lovelace");
      const row = await sql<{ issuer: string }>`select issuer from users where subject = ${"ada-1815"}`.execute(
        app.server.database.db,
      );
      expect(row.rows).toEqual([{ issuer: context.issuer.url }]);
    });

    it("refuses an external issuer's callback that claims to come from the built-in provider", async () => {
      const browser = client();
      const callback = await reachExternalCallback(browser, "acme", { sub: "ada-1815", name: "Ada Lovelace" });
      callback.searchParams.set("iss", `${app.server.baseUrl}/oidc`);
      const landing = await land(browser, callback);
      expect(landing).toMatchObject({ path: "/login", session: undefined });
      expect(landing.error).toMatch(/^Acme SSO did not confirm the sign-in/);
    });

    it("refuses an external issuer's response delivered to the built-in provider's redirect URI", async () => {
      const browser = client();
      const callback = await reachExternalCallback(browser, "acme", { sub: "ada-1815", name: "Ada Lovelace" });
      const landing = await land(browser, new URL(`/api/auth/callback/local${callback.search}`, app.server.baseUrl));
      expect(landing).toMatchObject({
        path: "/login",
        error: "This sign-in has expired or was already used. Please sign in again.",
        session: undefined,
      });
    });
  });
});
