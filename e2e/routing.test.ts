import { describe, expect, inject, it } from "vitest";
import path from "node:path";
import { aliasOf, documentTitle, findPage, PAGES } from "../domain/pages";
import { readBlogPosts } from "../server/content/content-files";
import { loadSiteContent } from "../server/content/site-content";
import { PROJECT_ROOT } from "../server/env";
import { signInWithBuiltinProvider, STRONG_PASSWORD } from "../tests/helpers/sign-in";
import { AppPage, canonicalHrefInHtml } from "./pages/app-page";
import { NotFoundPage } from "./pages/public-pages";
import { SignInPage } from "./pages/sign-in-page";
import { useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

describe("routing", () => {
  const session = useBrowser();

  const LATEST_POST = readBlogPosts(path.join(PROJECT_ROOT, "content"))[0]!;
  /** The pages of the sitemap, which the build prerenders (the blog post's address stands for /blog-post). */
  const INDEXED = new Set([
    ...loadSiteContent()
      .indexablePaths()
      .map((entry) => entry.path),
    "/blog-post",
  ]);
  /** HTML text with the entities React and the server write decoded. */
  const decoded = (text: string) =>
    text
      .replaceAll("&#x27;", "'")
      .replaceAll("&#39;", "'")
      .replaceAll("&quot;", '"')
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  /** The text of the first h1 in an HTML document, tags stripped and entities decoded. */
  const h1InHtml = (html: string) =>
    decoded(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? "");
  /** The document title the server sent, entities decoded. */
  const titleInHtml = (html: string) => decoded(/<title>(.*?)<\/title>/.exec(html)?.[1] ?? "");

  async function openApp() {
    return new AppPage(await session.newPage(), baseUrl);
  }

  // Pages behind sign-in send a visitor to /login first (tests/integration/outbox.test.ts, pages.test.ts).
  describe.each(PAGES.filter((page) => page.access === "public").map((page) => page.path))("page %s", (path) => {
    const requestPaths = [...new Set([path, aliasOf(path)])];
    // /blog-post shows the post its ?slug= names, canonical at /blog/<slug>.
    const query = path === "/blog-post" ? `?slug=${LATEST_POST.slug}` : "";
    const canonicalPath = path === "/blog-post" ? `/blog/${LATEST_POST.slug}` : path;
    const title = path === "/blog-post" ? `${LATEST_POST.title} · Tandem` : documentTitle(findPage(path), "Tandem");

    it(`serves ${requestPaths.join(" and ")} with status 200, the same h1 and the hyphenated canonical link`, async () => {
      // A visitor only looks here: one context for all these pages, so the app's code loads once.
      const app = new AppPage(await session.pageInSharedContext("visitor"), baseUrl);
      const routerWarnings = hydrateFallbackWarnings(app);
      const headings: string[] = [];
      for (const requested of requestPaths) {
        const response = await app.goto(requested + query);
        expect(response.status(), `status of ${requested}`).toBe(200);
        const sentHtml = await response.text();
        const sent = canonicalHrefInHtml(sentHtml);
        expect(sent, `canonical link sent for ${requested}`).not.toBeNull();
        expect(new URL(sent!).pathname, `canonical link sent for ${requested}`).toBe(canonicalPath);

        const heading = await app.headingText();
        expect(heading, `h1 of ${requested}`).not.toBe("");
        expect(heading, `h1 of ${requested}`).not.toBe("Page not found");
        headings.push(heading);
        // Pages for search engines come with their text: the same h1 is in the HTML the server sent.
        if (INDEXED.has(path)) expect(h1InHtml(sentHtml), `h1 in the HTML of ${requested}`).toBe(heading);

        // Its own title, in the HTML and once the app has rendered.
        expect(titleInHtml(sentHtml), `title sent for ${requested}`).toBe(title);
        expect(await app.page.title(), `title of ${requested}`).toBe(title);

        // After the app has rendered, the head still names the hyphenated path, exactly once.
        const canonical = await app.canonicalHrefs();
        expect(canonical, `canonical links of ${requested} after render`).toHaveLength(1);
        expect(new URL(canonical[0]!).pathname, `canonical of ${requested} after render`).toBe(canonicalPath);
        expect(app.pathname(), "the alias is not redirected").toBe(requested);
      }
      expect(new Set(headings).size, `${requestPaths.join(" and ")} show the same h1: ${headings.join(" | ")}`).toBe(1);
      expect(routerWarnings).toEqual([]);
    });
  });

  /** React Router's warning that it rendered a page before the page's code was in. */
  function hydrateFallbackWarnings(app: AppPage): string[] {
    const warnings: string[] = [];
    app.page.on("console", (message) => {
      if (message.text().includes("HydrateFallback")) warnings.push(`${app.pathname()}: ${message.text()}`);
    });
    return warnings;
  }

  it("renders the sign-in step and a signed-in user's app and public pages without React Router's warnings", async () => {
    const app = await openApp();
    const routerWarnings = hydrateFallbackWarnings(app);
    await app.goto("/api/auth/sign-in/local");
    await new SignInPage(app.page, baseUrl).emailInput().waitFor();
    const { client } = await signInWithBuiltinProvider(baseUrl, {
      name: "Rita Router",
      email: `rita-${Date.now()}@example.org`,
      password: STRONG_PASSWORD,
    });
    await app.page
      .context()
      .addCookies([{ name: "tandem_session", value: client.cookie("tandem_session")!, url: baseUrl }]);
    for (const path of ["/dashboard", "/about", "/settings"]) {
      await app.goto(path);
      await app.heading().waitFor();
    }
    expect(routerWarnings).toEqual([]);
  });

  it("answers an unknown path with 404 and the not-found page", async () => {
    const app = new NotFoundPage(await session.newPage(), baseUrl);
    const response = await app.goto("/no-such-page");
    expect(response.status()).toBe(404);
    expect(await app.headingText()).toBe("Page not found");
    await app.missingPath("/no-such-page").waitFor();
    expect(await app.canonicalHrefs(), "a missing page has no canonical link").toEqual([]);
    expect(await app.page.title()).toBe("Page not found · Tandem");
    // The user gets a way back.
    await app.startPageLink().click();
    await expect.poll(() => app.pathname()).toBe("/");
  });

  it("navigates client-side from the header and footer, updating title and canonical link", async () => {
    const app = await openApp();
    await app.goto("/");
    await app.heading().waitFor();
    // A full page load would drop this marker; client-side navigation keeps it.
    await app.page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await app.mainNavLink("About").click();
    await expect.poll(() => app.headingText()).toBe("About Tandem");
    expect(app.pathname()).toBe("/about");
    expect(await app.page.title()).toBe("About Tandem · Tandem");
    expect(new URL((await app.canonicalHref())!).pathname).toBe("/about");

    await app.footerNavLink("Privacy policy").click();
    await expect.poll(() => app.pathname()).toBe("/privacy-policy");
    await expect.poll(() => app.page.title()).toBe("Privacy policy · Tandem");
    expect(new URL((await app.canonicalHref())!).pathname).toBe("/privacy-policy");

    await app.footerNavLink("Contact").click();
    await expect.poll(() => app.headingText()).toBe("Contact");
    expect(await app.page.title()).toBe("Contact · Tandem");
    expect(new URL((await app.canonicalHref())!).pathname).toBe("/contact");

    await app.logoLink().click();
    await expect.poll(() => app.pathname()).toBe("/");
    await expect.poll(() => app.page.title()).toBe("Tandem");
    expect(new URL((await app.canonicalHref())!).pathname).toBe("/");

    expect(await app.page.evaluate(() => "sameDocument" in window), "no full page reload happened").toBe(true);
  });

  it("goes back with the browser's back button", async () => {
    const app = await openApp();
    await app.goto("/");
    await app.heading().waitFor();
    await app.mainNavLink("About").click();
    await expect.poll(() => app.headingText()).toBe("About Tandem");
    await app.page.goBack();
    await expect.poll(() => app.pathname()).toBe("/");
    await expect.poll(() => app.page.title()).toBe("Tandem");
    expect(new URL((await app.canonicalHref())!).pathname).toBe("/");
  });
});
