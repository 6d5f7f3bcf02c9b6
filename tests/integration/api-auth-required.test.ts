import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { allPagePaths, allRedirectPaths } from "../../domain/pages.js";
import { sessionCookieName } from "../../server/services/sign-in/sessions.js";
import { describeEachDialect, type TestDatabase } from "../helpers/databases.js";
import { type CollectedRoute, collectRoutes, sampleUrl } from "../helpers/routes.js";
import { type RunningServer, startServer } from "../helpers/server.js";
import { signInWithBuiltinProvider, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

/**
 * Routes that answer without credentials on purpose, as "METHOD /pattern" exactly as registered
 * (a GET entry covers the HEAD route Fastify adds for it), each with the reason. Every other
 * route, including any added later, must answer 401 to a caller without valid credentials: the
 * routes are read from the running app, not from this file. Pages and the files of the web build
 * are public too, and are taken from the page table (with the addresses that lead to a page) and
 * the build (see isPublic below).
 */
const PUBLIC_ROUTES: Record<string, string> = {
  // Operations.
  "GET /api/healthz": "liveness and database probes of load balancers and orchestrators",
  "POST /api/log-error": "errors happen on public pages too (docs/decisions.md); own body and rate limits",
  // (Not /metrics: admin-only by default, METRICS_ACCESS=admin, so it is checked like any other route.)

  // The OpenAPI document and its UI.
  "GET /api/docs": "API documentation UI",
  "GET /api/docs/json": "OpenAPI document",
  "GET /api/docs/yaml": "OpenAPI document",
  "GET /api/docs/static/*": "assets of the documentation UI",
  "GET /api/docs/static/index.html": "documentation UI",
  "GET /api/docs/static/swagger-initializer.js": "documentation UI",

  // The public site: for readers, search engines and feed readers, and its contact form.
  "GET /blog/:slug": "a blog post, a public page whose path carries the post",
  "GET /blog/feed.xml": "the blog's Atom feed",
  "GET /robots.txt": "what crawlers may fetch",
  "GET /sitemap.xml": "the public pages, for search engines",
  "GET /ads.txt": "the authorized advertising sellers (none by default)",
  "POST /api/contact": "the contact form is for visitors too; own body and rate limits, a hidden field against bots",

  // Signing in and out: by definition before (or after) there is a session.
  "GET /api/auth/issuers": "the sign-in page lists the sign-in options",
  "GET /api/auth/sign-in/:issuerId": "starts a sign-in at an issuer",
  "GET /api/auth/callback/:issuerId": "the issuer's redirect back; checked by state, PKCE, nonce and iss",
  "GET /api/auth/session": "answers {user: null} when signed out, so the app never logs a 401 (decisions.md)",
  "POST /api/auth/logout": "signing out without a session is not an error",

  // Emailed links of local accounts: the token in the link is the credential.
  "POST /api/auth/verify-email": "opened from the email, possibly in another browser",
  "POST /api/auth/forgot-password": "asked for by someone who cannot sign in; same answer for any email",
  "POST /api/auth/reset-password/check": "reset link: shows whose password it changes",
  "POST /api/auth/reset-password": "reset link: sets the new password",
  "POST /api/notifications/unsubscribe": "a notification email's unsubscribe link: its signed token is the credential",

  // CalDAV discovery (RFC 6764) comes before any sign-in: a redirect to /dav/, which asks for an app password.
  "GET /.well-known/caldav": "CalDAV discovery: a redirect to /dav/",
  "PROPFIND /.well-known/caldav": "CalDAV discovery as some calendar apps ask for it",
  // Calendar apps subscribe to an address and cannot sign in: its 256-bit secret is the credential.
  "GET /api/calendar/feed/:file": "a secret ICS feed (docs/calendar.md); 404 for any address not made and kept",

  // The built-in identity provider: OAuth endpoints and its sign-in step, secured by the protocol
  // and the provider's own cookies, never by the app's session.
  "GET /oidc/*": "discovery, JWKS, authorization, userinfo",
  "POST /oidc/*": "token, revocation, form posts of the provider",
  "OPTIONS /oidc/*": "CORS preflight of the provider's endpoints",
  "GET /oidc/interaction/:uid": "the provider's sign-in page",
  "GET /oidc/interaction/:uid/details": "what the sign-in page shows",
  "POST /oidc/interaction/:uid/login": "password sign-in (rate limited per address and account)",
  "POST /oidc/interaction/:uid/signup": "account creation",
  "POST /oidc/interaction/:uid/abort": "cancelling the sign-in",
};

const key = (route: Pick<CollectedRoute, "method" | "url">) => `${route.method} ${route.url}`;
/** The allow-list entry that covers a route: HEAD routes are covered by their GET entry. */
const entryFor = (route: CollectedRoute) =>
  key(route) in PUBLIC_ROUTES
    ? key(route)
    : route.method === "HEAD" && `GET ${route.url}` in PUBLIC_ROUTES
      ? `GET ${route.url}`
      : undefined;

interface Attempt {
  route: string;
  status: number;
  body: string;
}

describeEachDialect("every route but the public ones requires credentials", (_dialect, createDatabase) => {
  const web = createWebFixture();
  const pages = new Set([...allPagePaths(), ...allRedirectPaths()]);
  // Files of the web build are served by @fastify/static, one route each.
  const buildFiles = new Set(
    fs
      .readdirSync(web.dir, { recursive: true, encoding: "utf8" })
      .filter((file) => fs.statSync(path.join(web.dir, file)).isFile())
      .map((file) => `/${file.split(path.sep).join("/")}`),
  );
  const isPublic = (route: CollectedRoute) =>
    entryFor(route) !== undefined ||
    ((route.method === "GET" || route.method === "HEAD") && (pages.has(route.url) || buildFiles.has(route.url)));

  const context = {} as {
    database: TestDatabase;
    server: RunningServer;
    routes: CollectedRoute[];
    protectedRoutes: CollectedRoute[];
    sessionCookie: string;
    signedOutCookie: string;
    apiToken: string;
    revokedToken: string;
  };
  let address = 0;

  beforeAll(async () => {
    context.database = await createDatabase();
    // The built-in provider is on (the default with no OIDC_ISSUERS), so its routes exist too.
    const { result, routes } = await collectRoutes(() =>
      startServer(context.database, {
        WEB_DIST_DIR: web.dir,
        // Each request below comes from an address of its own (X-Forwarded-For), so no route's
        // rate limit, however tight, answers 429 before the credentials are checked.
        TRUST_PROXY: "true",
      }),
    );
    context.server = result;
    context.routes = routes;
    context.protectedRoutes = routes.filter((route) => !isPublic(route));

    const base = context.server.baseUrl;
    const cookieName = sessionCookieName(context.server.config.https);
    const account = { name: "Ada", email: "ada@example.org", password: STRONG_PASSWORD };
    const { client } = await signInWithBuiltinProvider(base, account, { mode: "signup" });
    context.sessionCookie = `${cookieName}=${client.cookie(cookieName)}`;

    const create = async (name: string) => {
      const response = await client.request("/api/tokens", { json: { name } });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; token: string };
    };
    context.apiToken = (await create("valid")).token;
    const revoked = await create("revoked");
    expect((await client.request(`/api/tokens/${revoked.id}`, { method: "DELETE" })).status).toBe(204);
    context.revokedToken = revoked.token;

    // A session that existed and was signed out: its cookie is worth nothing afterwards.
    const { client: leaving } = await signInWithBuiltinProvider(base, account, { mode: "login" });
    context.signedOutCookie = `${cookieName}=${leaving.cookie(cookieName)}`;
    expect((await leaving.request("/api/auth/logout", { method: "POST" })).status).toBe(204);
  });

  afterAll(async () => {
    await context.server?.close();
    await context.database?.drop();
    web.remove();
  });

  /**
   * Calls each route (default: every protected one) with the given headers; returns the answers
   * that were not expected (default: a 401 with the JSON error body), so a failure lists them all.
   */
  async function attempt(
    headers: Record<string, string>,
    {
      routes = context.protectedRoutes,
      expected = (status: number): boolean => status === 401,
    }: { routes?: CollectedRoute[]; expected?: (status: number) => boolean } = {},
  ) {
    const failures: Attempt[] = [];
    for (const route of routes) {
      address += 1;
      const unsafe = !["GET", "HEAD", "OPTIONS"].includes(route.method);
      const response = await fetch(`${context.server.baseUrl}${sampleUrl(route.url)}`, {
        method: route.method,
        redirect: "manual",
        headers: {
          "x-forwarded-for": `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
          // Same-origin, as the app's own pages call the API (a cross-site write is refused earlier, with 403).
          origin: context.server.baseUrl,
          ...(unsafe ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        // A plausible body: the credentials are checked before it is read, whatever it holds.
        ...(unsafe ? { body: "{}" } : {}),
      });
      const body = await response.text();
      const wellFormed =
        route.method === "HEAD" ||
        (response.headers.get("content-type")?.startsWith("application/json") === true && isApiError(body));
      if (!expected(response.status) || (response.status === 401 && !wellFormed)) {
        failures.push({ route: key(route), status: response.status, body: body.slice(0, 200) });
      }
    }
    return failures;
  }

  it("reads the routes from the app, protected ones included", () => {
    const keys = context.protectedRoutes.map(key);
    // A sanity check of the enumeration itself, with routes that exist since sign-in was built.
    expect(keys).toEqual(
      expect.arrayContaining(["GET /api/me", "HEAD /api/me", "POST /api/tokens", "DELETE /api/tokens/:id"]),
    );
  });

  it("has no stale or contradictory entries in the allow-list", () => {
    const registered = new Map(context.routes.map((route) => [key(route), route]));
    const stale = Object.keys(PUBLIC_ROUTES).filter((entry) => !registered.has(entry));
    expect(stale, "allow-listed routes that no longer exist").toEqual([]);
    // A route that declares it needs sign-in must not be on the list of public ones.
    const declared = Object.keys(PUBLIC_ROUTES).filter((entry) => registered.get(entry)?.auth !== undefined);
    expect(declared, "allow-listed routes that declare config.auth").toEqual([]);
    const missingPages = [...pages].filter((page) => !registered.has(`GET ${page}`));
    expect(missingPages, "pages of the page table without a route").toEqual([]);
    const missingFiles = [...buildFiles].filter((file) => !registered.has(`GET ${file}`));
    expect(missingFiles, "files of the web build without a route").toEqual([]);
  });

  it("answers 401 with a JSON error to every other route called without credentials", async () => {
    expect(await attempt({})).toEqual([]);
  });

  it("answers 401 to a forged session cookie", async () => {
    const cookieName = sessionCookieName(context.server.config.https);
    expect(await attempt({ cookie: `${cookieName}=${randomBytes(32).toString("base64url")}` })).toEqual([]);
  });

  it("answers 401 to the cookie of a signed-out session", async () => {
    expect(await attempt({ cookie: context.signedOutCookie })).toEqual([]);
  });

  it("answers 401 to a forged Bearer token", async () => {
    expect(await attempt({ authorization: `Bearer tdm_${randomBytes(32).toString("base64url")}` })).toEqual([]);
  });

  it("answers 401 to a revoked Bearer token, even next to a valid session cookie", async () => {
    expect(await attempt({ authorization: `Bearer ${context.revokedToken}` })).toEqual([]);
    expect(await attempt({ authorization: `Bearer ${context.revokedToken}`, cookie: context.sessionCookie })).toEqual(
      [],
    );
  });

  it("lets valid credentials past the check (so the 401s above are about the credentials)", async () => {
    // Reads only: writes with valid credentials would change the account the other tests use.
    const reads = context.protectedRoutes.filter((route) => route.method === "GET" || route.method === "HEAD");
    expect(reads.length).toBeGreaterThan(0);
    const passed = { routes: reads, expected: (status: number) => status !== 401 };
    expect(await attempt({ cookie: context.sessionCookie }, passed)).toEqual([]);
    expect(await attempt({ authorization: `Bearer ${context.apiToken}` }, passed)).toEqual([]);
  });
});

function isApiError(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    return (
      parsed.error?.code === "unauthorized" && typeof parsed.error.message === "string" && parsed.error.message !== ""
    );
  } catch {
    return false;
  }
}
