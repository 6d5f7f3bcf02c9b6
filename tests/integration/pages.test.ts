import { describePage } from "../../domain/page-descriptions.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aliasOf, PAGES } from "../../domain/pages.js";
import { createSqliteDatabase, describeEachDialect, type TestDatabase } from "../helpers/databases.js";
import { type RunningServer, startServer } from "../helpers/server.js";
import { createWebFixture } from "../helpers/web-fixture.js";

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
}

describeEachDialect("pages of the web app", (_dialect, createDatabase) => {
  let database: TestDatabase;
  let server: RunningServer;
  let web: ReturnType<typeof createWebFixture>;

  beforeAll(async () => {
    database = await createDatabase();
    web = createWebFixture();
    server = await startServer(database, {
      WEB_DIST_DIR: web.dir,
      PUBLIC_URL: "https://tasks.example.org",
      INSTANCE_NAME: "Our </script><b>Home",
    });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
    web.remove();
  });

  it("serves every page at its hyphenated path and its alias, with the canonical link on the hyphenated one", async () => {
    // Pages behind sign-in redirect a visitor (tested with sign-in); the rest answer 200 to anyone.
    // /blog-post shows the post its ?slug= names (tests/integration/site.test.ts).
    for (const page of PAGES.filter((entry) => entry.access === "public" && entry.path !== "/blog-post")) {
      for (const path of new Set([page.path, aliasOf(page.path)])) {
        const response = await fetch(server.baseUrl + path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("content-type")).toContain("text/html");
        expect(response.headers.get("cache-control")).toBe("no-cache");
        const html = await response.text();
        expect(canonicalOf(html), path).toBe(`https://tasks.example.org${page.path}`);
        expect(html).toContain(`<meta name="description" content="${describePage(page).replaceAll("'", "&#39;")}">`);
      }
    }
  });

  it("answers the spec's second addresses of a page with a 301 to the page itself, keeping the query", async () => {
    const expected: Record<string, string> = {
      "/landing": "/",
      "/cookies-page": "/cookie-policy",
      "/cookiespage": "/cookie-policy",
      "/contact-us": "/contact",
      "/contactus": "/contact",
      "/core-settings": "/settings#appearance",
      "/coresettings": "/settings#appearance",
      "/task-settings": "/settings#tasks",
      "/tasksettings": "/settings#tasks",
      "/category-settings": "/settings#categories",
      "/categorysettings": "/settings#categories",
    };
    for (const [path, target] of Object.entries(expected)) {
      const response = await fetch(server.baseUrl + path, { redirect: "manual" });
      expect(response.status, path).toBe(301);
      expect(response.headers.get("location"), path).toBe(target);
    }
    const withQuery = await fetch(`${server.baseUrl}/contact-us?subject=Invoice%20question`, { redirect: "manual" });
    expect(withQuery.headers.get("location")).toBe("/contact?subject=Invoice%20question");
    const settings = await fetch(`${server.baseUrl}/task-settings?from=mail`, { redirect: "manual" });
    expect(settings.headers.get("location")).toBe("/settings?from=mail#tasks");
    // Followed, a visitor reads the canonical page.
    const landing = await fetch(`${server.baseUrl}/landing`);
    expect(landing.status).toBe(200);
    expect(new URL(landing.url).pathname).toBe("/");
    expect(canonicalOf(await landing.text())).toBe("https://tasks.example.org/");
  });

  it("leaves out the sentences about the operator when nobody configured who they are", async () => {
    const about = await (await fetch(`${server.baseUrl}/about`)).text();
    expect(about).toContain("<h1>About Our &lt;/script&gt;&lt;b&gt;Home</h1>");
    expect(about).not.toContain("Run by");
    expect(about).not.toContain("%%TANDEM_OPERATOR");
    const json = /<script id="instance-config" type="application\/json">(.*?)<\/script>/.exec(about)?.[1];
    expect(JSON.parse(json!)).toMatchObject({ operatorName: null, operatorContact: null });
  });

  it("tolerates a trailing slash", async () => {
    const response = await fetch(`${server.baseUrl}/privacy-policy/`);
    expect(response.status).toBe(200);
    expect(canonicalOf(await response.text())).toBe("https://tasks.example.org/privacy-policy");
  });

  it("answers any other path with the app's not-found page and status 404", async () => {
    for (const path of ["/no-such-page", "/about/team", "/privacy_policy", "/ABOUT"]) {
      const response = await fetch(server.baseUrl + path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain('<div id="root">');
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(canonicalOf(html)).toBeUndefined();
    }
  });

  it("escapes configuration embedded in the page so it cannot inject markup", async () => {
    const html = await (await fetch(`${server.baseUrl}/about`)).text();
    expect(html).not.toContain("</script><b>");
    expect(html).toContain("<title>About Tandem · Our &lt;/script&gt;&lt;b&gt;Home</title>");
    const json = /<script id="instance-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toMatchObject({ name: "Our </script><b>Home", publicUrl: "https://tasks.example.org" });
  });

  it("caches hashed assets for a year and revalidates everything else", async () => {
    const asset = await fetch(server.baseUrl + web.asset);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const script = await fetch(`${server.baseUrl}/theme-init.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toBe("no-cache");

    expect((await fetch(`${server.baseUrl}/assets/missing-123.js`)).status).toBe(404);
  });

  it("sends the build's Brotli copy to a browser that accepts it, and the plain file to one that does not", async () => {
    // Node's fetch decompresses on its own and says "br, gzip"; the answer's text tells which file was read.
    const compressed = await fetch(server.baseUrl + web.asset, { headers: { "accept-encoding": "br" } });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(compressed.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await compressed.text()).toBe("console.log('app, from the .br file')");
    const plain = await fetch(server.baseUrl + web.asset, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe("console.log('app')");
  });
});

describe("before the web app is built", () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createSqliteDatabase();
    server = await startServer(database, { WEB_DIST_DIR: "/nonexistent/web" });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it("says how to build it instead of failing, while the API keeps working", async () => {
    const page = await fetch(`${server.baseUrl}/about`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("npm run build");
    expect((await fetch(`${server.baseUrl}/api/healthz`)).status).toBe(200);
  });
});
