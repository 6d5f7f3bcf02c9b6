import { afterAll, beforeAll, expect, it } from "vitest";
import { aliasOf, PAGES } from "../../domain/pages.js";
import { describeEachDialect } from "../helpers/databases.js";
import { OPEN_REDIRECT_PAYLOADS } from "../helpers/open-redirect-payloads.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

const guarded = PAGES.filter((page) => page.access !== "public");

describeEachDialect("page guard on full page loads", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let user: HttpClient;

  beforeAll(async () => {
    user = (await signUp(context.server.baseUrl, "Ada")).client;
  });

  it("has signed-in-only pages to guard", () => {
    expect(guarded.map((page) => page.path)).toEqual(expect.arrayContaining(["/profile", "/account-management"]));
  });

  it("sends a visitor to /login with the page's path and query in next, for both paths of each page", async () => {
    for (const page of guarded) {
      for (const path of new Set([page.path, aliasOf(page.path)])) {
        const response = await fetch(`${context.server.baseUrl}${path}?tab=2&q=a%20b`, { redirect: "manual" });
        expect(response.status, path).toBe(302);
        const location = new URL(response.headers.get("location")!, context.server.baseUrl);
        expect(location.pathname).toBe("/login");
        expect(location.searchParams.get("next")).toBe(`${path}?tab=2&q=a%20b`);
        expect(response.headers.get("cache-control")).toBe("no-store");
      }
    }
  });

  it("serves the pages to a signed-in user at both paths, with the canonical link on the hyphenated one", async () => {
    // The first account on an instance is its admin, so this user may see admin pages too.
    for (const page of guarded) {
      for (const path of new Set([page.path, aliasOf(page.path)])) {
        const response = await user.request(path);
        expect(response.status, path).toBe(200);
        const html = await response.text();
        expect(html, path).toContain(`<link rel="canonical" href="${context.server.baseUrl}${page.path}">`);
      }
    }
  });

  it("answers admin pages with 403 to a signed-in user who is not an admin, and other pages with 200", async () => {
    const member = (await signUp(context.server.baseUrl, "Member")).client;
    for (const page of guarded) {
      expect((await member.request(page.path)).status, page.path).toBe(page.access === "admin" ? 403 : 200);
    }
    expect(guarded.some((page) => page.access === "admin")).toBe(true);
  });

  it("answers /login with its page whatever next says: the server sends nobody anywhere from it", async () => {
    // The page hands next on to the sign-in only through safeNextPath (e2e/sign-in.test.ts), and
    // the sign-in checks it again (sign-in-attacks.test.ts).
    for (const next of OPEN_REDIRECT_PAYLOADS) {
      const response = await fetch(`${context.server.baseUrl}/login?${new URLSearchParams({ next }).toString()}`, {
        redirect: "manual",
      });
      expect(response.status, next).toBe(200);
      expect(response.headers.get("location"), next).toBeNull();
      expect(await response.text(), next).not.toContain("evil.example");
    }
  });

  it("sends a signed-in user on from /login to next, sanitised, unless it reports a failed sign-in", async () => {
    const from = async (query: Record<string, string>) => {
      const response = await user.request(`/login?${new URLSearchParams(query).toString()}`);
      return { status: response.status, location: response.headers.get("location") };
    };
    expect(await from({ next: "/dashboard" })).toEqual({ status: 302, location: "/dashboard" });
    expect(await from({ next: "/task-detail-page?id=abc-123" })).toEqual({
      status: 302,
      location: "/task-detail-page?id=abc-123",
    });
    expect(await from({})).toEqual({ status: 302, location: "/" });
    // Never back to the sign-in page, and never off the site.
    expect(await from({ next: "/login?next=/login" })).toEqual({ status: 302, location: "/" });
    for (const next of OPEN_REDIRECT_PAYLOADS)
      expect(await from({ next }), next).toEqual({ status: 302, location: "/" });
    // A failed sign-in (a second one, or signing in again before deleting the account) says why.
    expect(await from({ next: "/dashboard", error: "The sign-in was cancelled" })).toEqual({
      status: 200,
      location: null,
    });
  });

  it("never guards the sign-in and sign-out routes", async () => {
    for (const path of ["/logout", "/sign-out", "/signout", "/login"]) {
      expect((await fetch(`${context.server.baseUrl}${path}`, { redirect: "manual" })).status, path).toBe(200);
    }
  });
});
