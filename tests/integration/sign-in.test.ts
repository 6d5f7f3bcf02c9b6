import { afterAll, describe, expect, it } from "vitest";
import type { InteractionDetails } from "../../domain/auth.js";
import { describeEachDialect } from "../helpers/databases.js";
import { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signInWithBuiltinProvider, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

describeEachDialect("sign-in through the built-in identity provider", (_dialect, createDatabase) => {
  // The provider's sign-in step is a page of the web app: serve a stand-in build, as in pages.test.ts.
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  const base = () => context.server.baseUrl;

  it("offers the built-in provider as the only sign-in option when none is configured", async () => {
    const response = await fetch(`${base()}/api/auth/issuers`);
    expect(await response.json()).toEqual([{ id: "local", name: "Tandem account", builtin: true }]);
  });

  it("signs up, lands on the next path, and knows the user; the first account is the instance admin", async () => {
    const { client, landedOn } = await signInWithBuiltinProvider(
      base(),
      { name: "Ada Lovelace", email: "Ada@Example.org", password: STRONG_PASSWORD },
      { mode: "signup", next: "/settings?tab=theme" },
    );
    expect(landedOn).toBe("/settings?tab=theme");
    const me = await client.request("/api/me");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.org",
      emailVerified: false,
      isAdmin: true,
    });
  });

  it("signs in again with the same account as the same user, and a second account is not an admin", async () => {
    const first = await signInWithBuiltinProvider(
      base(),
      { email: "ada@example.org", password: STRONG_PASSWORD },
      { mode: "login" },
    );
    const again = (await (await first.client.request("/api/me")).json()) as { id: string; isAdmin: boolean };

    const other = await signInWithBuiltinProvider(
      base(),
      { name: "Grace Hopper", email: "grace@example.org", password: STRONG_PASSWORD },
      { mode: "signup" },
    );
    const grace = (await (await other.client.request("/api/me")).json()) as { id: string; isAdmin: boolean };
    expect(grace.id).not.toBe(again.id);
    expect(again.isAdmin).toBe(true);
    expect(grace.isAdmin).toBe(false);
  });

  it("signs several people in at the same moment, each as themselves", async () => {
    const names = ["Ida Rhodes", "Kay McNulty", "Jean Bartik", "Betty Snyder", "Ruth Teitelbaum", "Fran Bilas"];
    const signedIn = await Promise.all(
      names.map((name) =>
        signInWithBuiltinProvider(
          base(),
          { name, email: `${name.split(" ")[0]!.toLowerCase()}.together@example.org`, password: STRONG_PASSWORD },
          { mode: "signup" },
        ),
      ),
    );
    const seen = await Promise.all(
      signedIn.map(async ({ client }) => ((await (await client.request("/api/me")).json()) as { name: string }).name),
    );
    expect(seen).toEqual(names);
  });

  it("refuses a wrong password with a clear message, and never says that an email is taken", async () => {
    const client = new HttpClient(base());
    const { url } = await client.follow("/api/auth/sign-in/local");
    const uid = url.pathname.split("/").pop();
    const wrong = await client.request(`/oidc/interaction/${uid}/login`, {
      json: { email: "ada@example.org", password: "not-the-password" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: { code: "unauthorized", message: "The email or password is not right." },
    });
    const unknown = await client.request(`/oidc/interaction/${uid}/login`, {
      json: { email: "nobody@example.org", password: "whatever" },
    });
    expect(await unknown.json()).toEqual({
      error: { code: "unauthorized", message: "The email or password is not right." },
    });
    // Without email delivery a new address signs in at once, so a sign-up to a taken one is
    // taken as a sign-in to it: the sign-in's own answer, no "already exists".
    const taken = await client.request(`/oidc/interaction/${uid}/signup`, {
      json: { name: "Ada 2", email: "ADA@example.org", password: "another-long-passphrase-61" },
    });
    expect(taken.status).toBe(401);
    expect(await taken.json()).toEqual({
      error: { code: "unauthorized", message: "The email or password is not right." },
    });
    const weak = await client.request(`/oidc/interaction/${uid}/signup`, {
      json: { name: "Weak", email: "weak@example.org", password: "password1" },
    });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { error: { message: string } }).error.message).toMatch(
      /^This password is too easy to guess\./,
    );
  });

  it("takes a sign-up to a taken email as a sign-in: the right password signs in, a wrong one is told to the owner", async () => {
    const { client } = await signInWithBuiltinProvider(
      base(),
      { name: "Someone Else", email: "ada@example.org", password: STRONG_PASSWORD },
      { mode: "signup" },
    );
    expect(await (await client.request("/api/me")).json()).toMatchObject({ name: "Ada Lovelace" });

    // The wrong password of the test above told Ada, through the outbox (no SMTP_URL here).
    await context.server.app.deps.mailer.settled();
    const mail = await context.server.database.db
      .selectFrom("outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", "ada@example.org")
      .where("subject", "like", "You already have%")
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text_body).toMatch(
      /^Hello Ada Lovelace,\n\nSomeone, perhaps you, tried to create a new Tandem account/,
    );
    expect(mail[0]!.text_body).toContain(`${base()}/login`);
  });

  it("opens the sign-in step on the tab and with the address the app asks for", async () => {
    const client = new HttpClient(context.server.baseUrl);
    const details = async (query: string) => {
      const { url } = await client.follow(`/api/auth/sign-in/local${query}`);
      return (await (await client.request(`${url.pathname}/details`)).json()) as InteractionDetails;
    };
    expect(await details("")).toMatchObject({ screen: "sign-in", loginHint: null });
    // The landing page's "Create account", and signing in again before deleting an account.
    expect(await details("?screen=sign-up")).toMatchObject({ screen: "sign-up", loginHint: null });
    expect(await details("?login_hint=ada%40example.org&next=%2Fdelete-account")).toMatchObject({
      screen: "sign-in",
      loginHint: "ada@example.org",
    });
    expect((await client.request("/api/auth/sign-in/local?screen=admin")).status).toBe(400);
  });

  it("signs out on the server: the old session cookie no longer works", async () => {
    const { client } = await signInWithBuiltinProvider(
      base(),
      { email: "grace@example.org", password: STRONG_PASSWORD },
      { mode: "login" },
    );
    const stolen = client.cookie("tandem_session")!;
    expect((await client.request("/api/auth/logout", { method: "POST" })).status).toBe(204);
    expect(client.cookie("tandem_session")).toBeUndefined();
    const replay = new HttpClient(base());
    replay.setCookie("tandem_session", stolen);
    expect((await replay.request("/api/me")).status).toBe(401);
  });

  it("sends a signed-out visitor of a signed-in-only page to /login with the path in next", async () => {
    // /settings is public (domain/pages.ts); a signed-in-only page arrives with profiles. Check the rule on /api/me.
    const response = await fetch(`${base()}/api/me`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: "unauthorized", message: "User not authenticated" } });
  });

  it("refuses a cross-site write that carries the session cookie", async () => {
    const { client } = await signInWithBuiltinProvider(
      base(),
      { email: "grace@example.org", password: STRONG_PASSWORD },
      { mode: "login" },
    );
    const crossSite = await client.request("/api/auth/logout", {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect((await client.request("/api/me")).status).toBe(200);
  });

  it("ends on /login with a message when the state is unknown or used twice", async () => {
    const client = new HttpClient(base());
    const forged = await client.request("/api/auth/callback/local?code=abc&state=forged&iss=x");
    expect(forged.status).toBe(302);
    const location = new URL(forged.headers.get("location")!, base());
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("error")).toBe(
      "This sign-in has expired or was already used. Please sign in again.",
    );
  });

  // TLS ends at a reverse proxy in front of the server, which speaks plain HTTP to it.
  describe.each(["false", "true"])("behind a TLS proxy (PUBLIC_URL=https://…, TRUST_PROXY=%s)", (trustProxy) => {
    const publicUrl = "https://tasks.example.org";
    const tls = useServer(createDatabase, { WEB_DIST_DIR: web.dir, PUBLIC_URL: publicUrl, TRUST_PROXY: trustProxy });
    const browser = () => new HttpClient(publicUrl, { proxyTo: tls.server.baseUrl });

    it("signs up and in through the built-in provider, with the session in a __Host- Secure cookie", async () => {
      const account = { name: "Tess", email: "tess@example.org", password: STRONG_PASSWORD };
      const first = await signInWithBuiltinProvider(publicUrl, account, {
        mode: "signup",
        next: "/settings",
        client: browser(),
      });
      expect(first.landedOn).toBe("/settings");
      const again = await signInWithBuiltinProvider(publicUrl, account, { mode: "login", client: browser() });
      expect(again.landedOn).toBe("/");
      // The test client keeps a __Host- cookie only as a browser does: Secure, Path=/, no Domain.
      expect(again.client.cookie("__Host-tandem_session")).toBeTruthy();
      expect(await (await again.client.request("/api/me")).json()).toMatchObject({ email: "tess@example.org" });

      // The provider names its endpoints at PUBLIC_URL, whatever forwarded headers a client sends.
      const discovery = await fetch(`${tls.server.baseUrl}/oidc/.well-known/openid-configuration`, {
        headers: { "x-forwarded-proto": "http", "x-forwarded-host": "evil.example" },
      });
      const metadata = (await discovery.json()) as Record<string, unknown>;
      expect(metadata.issuer).toBe(`${publicUrl}/oidc`);
      expect(metadata.authorization_endpoint).toBe(`${publicUrl}/oidc/auth`);
      expect(metadata.token_endpoint).toBe(`${publicUrl}/oidc/token`);
    });
  });
});
