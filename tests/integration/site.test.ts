import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRAWLER_RULES, robotsTxt } from "../../domain/crawlers.js";
import { GUIDES } from "../../domain/guides.js";
import { aliasOf, PAGE_REDIRECTS, PAGES } from "../../domain/pages.js";
import { readBlogPosts } from "../../server/content/content-files.js";
import { loadConfig, PROJECT_ROOT } from "../../server/env.js";
import { createSqliteDatabase, type TestDatabase } from "../helpers/databases.js";
import { type RunningServer, startServer } from "../helpers/server.js";
import { createWebFixture } from "../helpers/web-fixture.js";

const PUBLIC_URL = "https://tasks.example.org";
const posts = readBlogPosts(path.join(PROJECT_ROOT, "content"));

/** The guides, the blog, and the files search engines and feed readers ask for. */
describe("the public site", () => {
  let database: TestDatabase;
  let server: RunningServer;
  let web: ReturnType<typeof createWebFixture>;
  const get = (pathname: string) => fetch(server.baseUrl + pathname);
  const titleOf = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];
  const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];

  beforeAll(async () => {
    database = await createSqliteDatabase();
    web = createWebFixture();
    server = await startServer(database, { WEB_DIST_DIR: web.dir, PUBLIC_URL, OPERATOR_NAME: "Family <Miller>" });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
    web.remove();
  });

  it("serves each guide at its path and alias with its own title and description", async () => {
    for (const guide of GUIDES) {
      for (const pathname of [`/${guide.slug}`, aliasOf(`/${guide.slug}`)]) {
        const response = await get(pathname);
        expect(response.status, pathname).toBe(200);
        const html = await response.text();
        expect(titleOf(html)).toBe(`${guide.title.replaceAll("'", "&#39;")} · Tandem`);
        expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/${guide.slug}`);
      }
    }
  });

  it("serves each published post at /blog/<slug> and /blog-post?slug=, both canonical at /blog/<slug>", async () => {
    expect(posts.length).toBeGreaterThanOrEqual(6);
    for (const post of posts) {
      for (const pathname of [`/blog/${post.slug}`, `/blog-post?slug=${post.slug}`, `/blogpost?slug=${post.slug}`]) {
        const response = await get(pathname);
        expect(response.status, pathname).toBe(200);
        const html = await response.text();
        expect(titleOf(html), pathname).toBe(`${post.title.replaceAll("'", "&#39;")} · Tandem`);
        expect(canonicalOf(html), pathname).toBe(`${PUBLIC_URL}/blog/${post.slug}`);
      }
    }
  });

  it("describes public pages to link previews and search engines: Open Graph tags and schema.org data", async () => {
    const ogOf = (html: string, property: string) =>
      new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];
    const dataOf = (html: string) => {
      const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
      return json ? (JSON.parse(json) as Record<string, unknown>) : undefined;
    };
    const guide = GUIDES[0];
    const guideHtml = await (await get(`/${guide.slug}`)).text();
    expect(ogOf(guideHtml, "og:type")).toBe("article");
    expect(ogOf(guideHtml, "og:url")).toBe(`${PUBLIC_URL}/${guide.slug}`);
    expect(dataOf(guideHtml)).toMatchObject({ "@type": "Article", url: `${PUBLIC_URL}/${guide.slug}` });

    const post = posts[0]!;
    const postHtml = await (await get(`/blog/${post.slug}`)).text();
    expect(ogOf(postHtml, "article:published_time")).toBe(post.date);
    expect(dataOf(postHtml)).toMatchObject({
      "@type": "BlogPosting",
      datePublished: post.date,
      author: { "@type": "Organization", name: "Family <Miller>" },
    });
    // The operator's name is data, never markup.
    expect(postHtml).not.toContain("<Miller>");

    const home = await (await get("/")).text();
    expect(ogOf(home, "og:type")).toBe("website");
    expect(dataOf(home)).toMatchObject({ "@type": "WebSite", url: PUBLIC_URL });
    // A page that does not exist is not shared: no preview tags.
    expect(ogOf(await (await get("/no-such-page")).text(), "og:title")).toBeUndefined();
  });

  it("answers an unknown, draft or missing post with the not-found page", async () => {
    for (const pathname of ["/blog/no-such-post", "/blog-post", "/blog-post?slug=../about", "/blog/Offline"]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
      expect(await response.text()).toContain('<meta name="robots" content="noindex">');
    }
  });

  it("lists every public page and post in the sitemap, and points crawlers at it from robots.txt", async () => {
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const guide of GUIDES) expect(locations).toContain(`${PUBLIC_URL}/${guide.slug}`);
    for (const post of posts) expect(locations).toContain(`${PUBLIC_URL}/blog/${post.slug}`);
    for (const pathname of ["/", "/about", "/guides", "/blog", "/privacy-policy", "/terms-of-service"]) {
      expect(locations).toContain(PUBLIC_URL + pathname);
    }
    for (const pathname of ["/cookie-policy", "/cookie-settings", "/contact"]) {
      expect(locations).toContain(PUBLIC_URL + pathname);
    }
    // Pages for signed-in people, and steps of a flow, are not for search results.
    for (const pathname of ["/settings", "/login", "/blog-post", "/verify-email", "/dashboard"]) {
      expect(locations).not.toContain(PUBLIC_URL + pathname);
    }
    // Each page once: the addresses that lead to another page are not listed beside it.
    expect(new Set(locations).size).toBe(locations.length);
    for (const { from } of PAGE_REDIRECTS) {
      expect(locations).not.toContain(PUBLIC_URL + from);
      expect(locations).not.toContain(PUBLIC_URL + aliasOf(from));
    }
    // Every listed address answers 200.
    for (const location of locations)
      expect((await get(location!.slice(PUBLIC_URL.length))).status, location).toBe(200);
    expect(PAGES.length).toBeGreaterThan(0);

    expect(await (await get("/robots.txt")).text()).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it("serves robots.txt from the rules /crawler-access explains, and an ads.txt that says no seller is authorized", async () => {
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toBe(robotsTxt(PUBLIC_URL));
    for (const rule of CRAWLER_RULES.disallow) expect(robots).toContain(`Disallow: ${rule.path}`);
    const ads = await get("/ads.txt");
    expect(ads.headers.get("content-type")).toContain("text/plain");
    expect(await ads.text()).toBe("# This instance sells no advertising.\n");
    for (const pathname of ["/crawler-access", "/crawleraccess", "/ads-txt", "/adstxt"]) {
      expect((await get(pathname)).status, pathname).toBe(200);
    }
  });

  it("serves the configured ads.txt lines, and refuses to start with a malformed one", async () => {
    const adsDatabase = await createSqliteDatabase();
    const adsServer = await startServer(adsDatabase, {
      WEB_DIST_DIR: web.dir,
      ADS_TXT: "# sellers of Example Family Media|google.com, pub-1234567890, DIRECT, f08c47fec0942fa0",
    });
    try {
      expect(await (await fetch(`${adsServer.baseUrl}/ads.txt`)).text()).toBe(
        "# sellers of Example Family Media\ngoogle.com, pub-1234567890, DIRECT, f08c47fec0942fa0\n",
      );
    } finally {
      await adsServer.close();
      await adsDatabase.drop();
    }
    expect(() => loadConfig({ ADS_TXT: "google.com pub-1 DIRECT" })).toThrow(/ADS_TXT/);
  });

  it("offers the blog as an Atom feed, newest post first, with the operator as author", async () => {
    const response = await get("/blog/feed.xml");
    expect(response.headers.get("content-type")).toContain("application/atom+xml");
    const xml = await response.text();
    expect(xml).toContain("<name>Family &lt;Miller&gt;</name>");
    const links = [...xml.matchAll(/<entry>\s*<title>[^<]*<\/title>\s*<link href="([^"]+)"/g)].map((match) => match[1]);
    expect(links).toEqual(posts.map((post) => `${PUBLIC_URL}/blog/${post.slug}`));
  });
});
