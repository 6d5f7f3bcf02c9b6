import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUIDES } from "../domain/guides";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import { confirmEmail } from "../tests/helpers/email";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../tests/helpers/sign-in";
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
    await page.goto(`${server.baseUrl}/landing`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Guides" }).click();
    await page.getByRole("heading", { name: "Guides", level: 1 }).waitFor();
    const first = GUIDES[0];
    await page.getByRole("link", { name: new RegExp(`^${first.title}`) }).click();
    await page.getByRole("heading", { name: first.title, level: 1 }).waitFor();
    expect(await page.locator("article h2").count()).toBeGreaterThan(2);
    await page.getByRole("navigation", { name: "More guides" }).getByRole("link").first().click();
    await page.getByRole("heading", { name: GUIDES[1].title, level: 1 }).waitFor();
    expect(await page.title()).toBe(`${GUIDES[1].title} · Tandem`);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
    const newest = page.getByRole("main").getByRole("listitem").first().getByRole("heading", { level: 2 });
    const title = (await newest.textContent())!;
    await newest.getByRole("link").click();
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/blog\/[a-z0-9-]+$/);
    expect(await page.title()).toBe(`${title} · Tandem`);
  });

  it("is readable without JavaScript, and the app takes over a prerendered page without moving it", async () => {
    const guide = GUIDES[2];
    const noScript = await session.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(`${server.baseUrl}/${guide.slug}`);
    expect(await plain.getByRole("heading", { level: 1 }).textContent()).toBe(guide.title);
    expect(await plain.locator("article p").count()).toBeGreaterThan(5);
    expect(await plain.getByText("Tandem is run by The Millers.").count()).toBe(1);
    await plain.goto(`${server.baseUrl}/blog`);
    expect(await plain.getByRole("main").getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(6);

    const page = await session.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(`${server.baseUrl}/${guide.slug}`, { waitUntil: "networkidle" });
    // The app is running: client-side navigation works from the prerendered page.
    await page.getByRole("navigation", { name: "More guides" }).getByRole("link").first().click();
    await page.getByRole("heading", { name: GUIDES[3].title, level: 1 }).waitFor();
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  });

  it("keeps a visitor's browser free of the offline app until they allow it on /cookie-settings, and removes it again", async () => {
    const context = await session.newContext({ serviceWorkers: "allow" });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/landing`, { waitUntil: "networkidle" });
    const stored = () =>
      page.evaluate(async () => ({
        workers: (await navigator.serviceWorker.getRegistrations()).length,
        caches: (await caches.keys()).length,
        keys: Object.keys(localStorage).sort(),
      }));
    expect(await stored()).toEqual({ workers: 0, caches: 0, keys: [] });

    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    const offline = page.getByRole("switch", { name: "Keep the app on this device for offline use" });
    await offline.click();
    await page.getByText("Saved. The app is kept on this device").waitFor();
    await expect.poll(async () => (await stored()).caches, { timeout: 20_000 }).toBeGreaterThan(0);
    expect((await stored()).keys).toEqual(["cookieConsent", "serviceWorkerRegistration"]);

    await offline.click();
    await page.getByText("Saved. The offline app and its files were removed").waitFor();
    expect(await stored()).toEqual({ workers: 0, caches: 0, keys: ["cookieConsent"] });
    await context.close();
  });

  it("sends a visitor's message to the operator, confirms it, and shows it to the admin", async () => {
    const page = await session.newPage();
    await page.goto(`${server.baseUrl}/contact-us`);
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByRole("button", { name: "Send message" }).click();
    // Checked before anything is sent, with the reason next to each field.
    await form.getByText("Tell us your name").waitFor();
    await form.getByLabel("Your name").fill("Vera Visitor");
    await form.getByLabel("Your email address").fill("vera@example.org");
    await form.getByLabel("Subject (optional)").fill("Running it at school");
    await form.getByLabel("Message").fill("Could our school run an instance for each class?");
    await form.getByRole("button", { name: "Send message" }).click();
    const confirmation = page.getByRole("status").filter({ hasText: "your message was sent" });
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
    const adminPage = await context.newPage();
    await adminPage.goto(`${server.baseUrl}/admin`);
    const received = adminPage.getByRole("article", { name: "Message from Vera Visitor" });
    await received.getByText("Could our school run an instance for each class?").waitFor();
    await received.getByRole("link", { name: "vera@example.org" }).waitFor();
  });
});
