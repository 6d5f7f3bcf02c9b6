import { afterAll, expect, it } from "vitest";
import { describeEachDialect } from "../helpers/databases.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";
import { withoutInitialData } from "../../domain/initial-data.js";

/**
 * What a page's HTML carries beyond its head (for speed on a slow phone): the session, so
 * the app needs no round trip to know whose page it is; for a signed-in user's app page, the
 * app's frame painted before any JavaScript, and the app's code asked for at once.
 */
describeEachDialect("the page shell", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, {
    WEB_DIST_DIR: web.dir,
    INSTANCE_NAME: "Millers $& <Home>",
    OPERATOR_NAME: "The <b>Millers</b>",
  });

  it("tells the app whose page it is, paints a signed-in user's app frame from the HTML and asks for its code at once", async () => {
    const sessionOf = (html: string) =>
      JSON.parse(/<script id="session" type="application\/json">(.*?)<\/script>/.exec(html)![1]!) as {
        user: { name: string } | null;
      };
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);

    const visitor = await fetch(`${context.server.baseUrl}/`);
    const visitorHtml = await visitor.text();
    expect(sessionOf(visitorHtml).user).toBeNull();
    // The landing page's prerendered text, without the app's code.
    expect(visitorHtml).toContain('<div id="root"><main><h1>Welcome</h1>');
    expect(preloads(visitorHtml)).toEqual([]);

    const { client } = await signUp(context.server.baseUrl, "Paige Preload");
    const home = await client.request("/");
    // It names the user and carries their data: nothing may keep it, not even their browser's history.
    expect(home.headers.get("cache-control")).toBe("private, no-store");
    const homeHtml = await home.text();
    expect(sessionOf(homeHtml).user?.name).toBe("Paige Preload");
    expect(homeHtml).toMatch(/<div id="root"><div class="flex min-h-dvh flex-col" aria-busy="true"><header/);
    expect(homeHtml).toContain('<p role="status" class="text-ink-muted">Loading…</p>');
    expect(preloads(homeHtml)).toEqual([
      "/assets/AppLayout-1.js",
      "/assets/db-1.js",
      "/assets/HomePage-1.js",
      "/assets/TaskListPage-1.js",
    ]);
    const settings = await (await client.request("/settings")).text();
    expect(preloads(settings)).toEqual(["/assets/AppLayout-1.js", "/assets/db-1.js", "/assets/SettingsPage-1.js"]);
    // A public page keeps its own layout: no app frame, no app code, even for a signed-in reader.
    // (Visitors get its prerendered text, below.)
    const about = await (await client.request("/about")).text();
    expect(about).toContain('<div id="root"></div>');
    expect(preloads(about)).toEqual([]);
    expect(sessionOf(about).user?.name).toBe("Paige Preload");
  });

  it("shows the not-found page in the chrome of whoever looks: the app's frame signed in, the public page's for a visitor", async () => {
    const visitor = await fetch(`${context.server.baseUrl}/no-such-page`);
    expect(visitor.status).toBe(404);
    const visitorHtml = await visitor.text();
    expect(visitorHtml).toContain('<div id="root"></div>');
    expect(visitorHtml).not.toContain("modulepreload");
    expect(visitorHtml).toContain("<title>Page not found · Millers $&amp; &lt;Home&gt;</title>");

    const { client } = await signUp(context.server.baseUrl, "Nora Notfound");
    const response = await client.request("/no-such-page");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toMatch(/<div id="root"><div class="flex min-h-dvh flex-col" aria-busy="true"><header/);
    expect(html).toContain('<link rel="modulepreload" href="/assets/AppLayout-1.js">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain("<title>Page not found · Millers $&amp; &lt;Home&gt;</title>");
    // A blog post that does not exist stays in the blog's public layout.
    const post = await client.request("/blog/no-such-post");
    expect(post.status).toBe(404);
    expect(await post.text()).toContain('<div id="root"></div>');
  });

  it("carries the data a signed-in page shows first, the same as the API answers, and none for a visitor", async () => {
    const initialDataOf = (html: string) => {
      const match = /<script id="initial-data" type="application\/json">([^<]*)<\/script>/.exec(html);
      return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
    };
    expect(initialDataOf(await (await fetch(`${context.server.baseUrl}/`)).text())).toBeNull();

    const { client } = await signUp(context.server.baseUrl, "Ida Initial");
    const api = async (route: string) => (await client.request(route)).json();
    const groups = (await api("/api/groups")) as { id: string; isPersonal: boolean }[];
    const personal = groups.find((group) => group.isPersonal)!;
    // A title that would end a <script> element, were it not escaped.
    const title = "Buy milk </script><script>alert(1)</script>";
    expect((await client.request("/api/tasks", { json: { groupId: personal.id, title } })).status).toBe(201);
    await client.request("/api/settings", { method: "PATCH", json: { showConfetti: false } });

    const before = Date.now();
    const homeHtml = await (await client.request("/")).text();
    const after = Date.now();
    expect(homeHtml).not.toContain("<script>alert(1)");
    // The service worker's offline copy of the page leaves the data out.
    expect(withoutInitialData(homeHtml)).not.toContain("initial-data");
    expect(withoutInitialData(homeHtml)).toContain('<script id="session"');
    const { generatedAt, ...home } = initialDataOf(homeHtml)!;
    // When the server read it: the app dates the cache entries from then.
    expect(generatedAt).toBeGreaterThanOrEqual(before);
    expect(generatedAt).toBeLessThanOrEqual(after);
    expect(home).toEqual({
      groups: await api("/api/groups"),
      settings: await api("/api/settings"),
      home: {
        groupId: personal.id,
        tasks: await api(`/api/groups/${personal.id}/tasks`),
        categories: await api(`/api/groups/${personal.id}/categories`),
      },
    });
    expect((home.home as { tasks: { tasks: { title: string }[] } }).tasks.tasks.map((task) => task.title)).toEqual([
      title,
    ]);
    expect((home.settings as { showConfetti: boolean }).showConfetti).toBe(false);
    // Other app pages show no task list first: their layout's data only.
    expect(initialDataOf(await (await client.request("/settings")).text())).toMatchObject({
      groups: await api("/api/groups"),
      settings: await api("/api/settings"),
      home: null,
    });
    // A public page is not the app.
    expect(initialDataOf(await (await client.request("/about")).text())).toBeNull();
  });

  it("sends visitors a public page's prerendered text, with the configured names escaped in place of the build's tokens", async () => {
    const html = await (await fetch(`${context.server.baseUrl}/about`)).text();
    expect(html).toContain(
      '<div id="root"><main><h1>About Millers $&amp; &lt;Home&gt;</h1><p><span data-operator="name">Run by The &lt;b&gt;Millers&lt;/b&gt;.</span></p></main></div>',
    );
    // The title keeps "$&" as text too.
    expect(html).toContain("<title>About Tandem · Millers $&amp; &lt;Home&gt;</title>");
    // Made per request, compressed per request.
    const compressed = await fetch(`${context.server.baseUrl}/about`, { headers: { "accept-encoding": "br" } });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(compressed.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await compressed.text()).toContain("<h1>About Millers");
    // The built-in provider is on (no OIDC_ISSUERS): the landing page offers to create an account.
    const landing = await (await fetch(`${context.server.baseUrl}/`)).text();
    expect(landing).toContain('<a href="/api/auth/sign-in/local?screen=sign-up" data-builtin-sign-in="">');
    expect(landing).toContain('"builtinSignIn":true');
    // A page the build did not prerender is rendered by the browser.
    expect(await (await fetch(`${context.server.baseUrl}/terms-of-service`)).text()).toContain('<div id="root"></div>');
  });
});
