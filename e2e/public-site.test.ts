import { GUIDE_DESCRIPTIONS } from "../domain/guide-descriptions";
import { describePage } from "../domain/page-descriptions";
import { findPage } from "../domain/pages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUIDES } from "../domain/guides";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import { confirmEmail } from "../tests/helpers/email";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../tests/helpers/sign-in";
import { AdminPage } from "./pages/admin-page";
import { BlogPage, ContactPage, CookieSettingsPage, GuidePage, GuidesPage, LandingPage } from "./pages/public-pages";
import { useBrowser } from "./support/session";

const ADMIN_EMAIL = "site-admin@example.org";

/** The public site in the browser: reading the guides and the blog, and the contact form end to end. */
describe("public site", () => {
  const session = useBrowser();
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createSqliteDatabase();
    server = await startServer(database, { ADMIN_EMAILS: ADMIN_EMAIL, OPERATOR_NAME: "The Millers" });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("goes from the header to a guide and on to another, and from the blog to a post", async () => {
    const page = await session.newPage();
    const landing = new LandingPage(page, server.baseUrl);
    await landing.goto("/");
    await landing.mainNavLink("Guides").click();
    const guides = new GuidesPage(page, server.baseUrl);
    await guides.waitFor();
    const first = GUIDES[0];
    await guides.guideLink(first.title).click();
    const guide = new GuidePage(page, server.baseUrl);
    await guide.waitForHeading(first.title);
    expect(await guide.sectionHeadings().count()).toBeGreaterThan(2);
    await guide.nextGuideLink().click();
    await guide.waitForHeading(GUIDES[1].title);
    expect(await page.title()).toBe(`${GUIDES[1].title} · Tandem`);
    // The head follows the app's own page changes: what search results and shared links read.
    const description = () => page.locator('meta[name="description"]').getAttribute("content");
    await expect.poll(description).toBe(GUIDE_DESCRIPTIONS[GUIDES[1].slug]);

    await guide.mainNavLink("Blog").click();
    const blog = new BlogPage(page, server.baseUrl);
    const title = (await blog.newestPostHeading().textContent())!;
    await blog.newestPostLink().click();
    await blog.waitForHeading(title);
    expect(new URL(page.url()).pathname).toMatch(/^\/blog\/[a-z0-9-]+$/);
    expect(await page.title()).toBe(`${title} · Tandem`);
    await guide.mainNavLink("About").click();
    await expect.poll(description).toBe(describePage(findPage("/about")!));
  });

  it("is readable without JavaScript, and the app takes over a prerendered page without moving it", async () => {
    const guide = GUIDES[2];
    const noScript = await session.newContext({ javaScriptEnabled: false });
    const plain = new GuidePage(await noScript.newPage(), server.baseUrl);
    await plain.gotoWithoutScripts(`/${guide.slug}`);
    expect(await plain.heading().textContent()).toBe(guide.title);
    expect(await plain.paragraphs().count()).toBeGreaterThan(5);
    expect(await plain.text("Tandem is run by The Millers.").count()).toBe(1);
    const plainBlog = new BlogPage(plain.page, server.baseUrl);
    await plainBlog.gotoWithoutScripts("/blog");
    expect(await plainBlog.postHeadings().count()).toBeGreaterThanOrEqual(6);

    const page = await session.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    const guidePage = new GuidePage(page, server.baseUrl);
    await guidePage.goto(`/${guide.slug}`, { waitUntil: "networkidle" });
    // The app is running: client-side navigation works from the prerendered page.
    await guidePage.nextGuideLink().click();
    await guidePage.waitForHeading(GUIDES[3].title);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  });

  it("keeps a visitor's browser free of the offline app until they allow it on /cookie-settings, and removes it again", async () => {
    const context = await session.newContext({ serviceWorkers: "allow" });
    // The worker's downloads wait until the visitor has taken the app off again: it is still filling
    // its caches then, and must leave none behind.
    let releaseDownloads!: () => void;
    const downloadsHeld = new Promise<void>((resolve) => (releaseDownloads = resolve));
    await context.route("**/*", async (route) => {
      if (route.request().serviceWorker()) await downloadsHeld;
      await route.fallback();
    });
    const page = await context.newPage();
    const landing = new LandingPage(page, server.baseUrl);
    await landing.goto("/", { waitUntil: "networkidle" });
    const stored = () =>
      page.evaluate(async () => ({
        workers: (await navigator.serviceWorker.getRegistrations()).length,
        caches: (await caches.keys()).length,
        keys: Object.keys(localStorage).sort(),
      }));
    expect(await stored()).toEqual({ workers: 0, caches: 0, keys: [] });

    await landing.footerNavLink("Cookie settings").click();
    const cookieSettings = new CookieSettingsPage(page, server.baseUrl);
    const offline = cookieSettings.offlineSwitch();
    await offline.click();
    await cookieSettings.text("Saved. The app is kept on this device").waitFor();
    await expect
      .poll(async () => (await stored()).keys, { timeout: 20_000 })
      .toEqual(["cookieConsent", "serviceWorkerRegistration"]);
    expect((await stored()).workers).toBe(1);

    await offline.click();
    await cookieSettings.text("Removing the offline app from this device").waitFor();
    releaseDownloads();
    await context.unrouteAll({ behavior: "wait" });
    // The worker still installing downloads the app's files before it stops; the page waits for
    // that (at most 30 s, CookieSettingsPage.tsx), which a busy machine takes more than 10 s for.
    await cookieSettings.text("Saved. The offline app and its files were removed").waitFor({ timeout: 30_000 });
    expect(await stored()).toEqual({ workers: 0, caches: 0, keys: ["cookieConsent"] });
    await context.close();
  });

  it("sends a visitor's message to the operator, confirms it, and shows it to the admin", async () => {
    const contact = new ContactPage(await session.newPage(), server.baseUrl);
    await contact.open();
    await contact.send();
    // Checked before anything is sent, with the reason next to each field.
    await contact.fieldError("Tell us your name").waitFor();
    await contact.fill({
      name: "Vera Visitor",
      email: "vera@example.org",
      subject: "Running it at school",
      message: "Could our school run an instance for each class?",
    });
    await contact.send();
    const confirmation = contact.sent();
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain("The Millers will answer at vera@example.org");

    const { client } = await signUp(server.baseUrl, "Sam Site", ADMIN_EMAIL);
    await confirmEmail(server.database.db, client, ADMIN_EMAIL);
    const admin = await signInWithBuiltinProvider(
      server.baseUrl,
      { email: ADMIN_EMAIL, password: STRONG_PASSWORD },
      { mode: "login" },
    );
    const context = await session.newContext();
    await context.addCookies([
      { name: "tandem_session", value: admin.client.cookie("tandem_session")!, url: server.baseUrl },
    ]);
    const adminPage = new AdminPage(await context.newPage(), server.baseUrl);
    await adminPage.open();
    await adminPage.contactMessageText("Vera Visitor", "Could our school run an instance for each class?").waitFor();
    await adminPage.contactMessageReplyLink("Vera Visitor", "vera@example.org").waitFor();
  });
});
