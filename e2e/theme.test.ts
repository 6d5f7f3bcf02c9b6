import type { BrowserContext, Route } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signInWithBuiltinProvider, STRONG_PASSWORD } from "../tests/helpers/sign-in";
import { AppPage } from "./pages/app-page";
import { SettingsPage } from "./pages/settings-pages";
import { useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

/** web/styles.css: --tone-canvas of the dark and the light theme. */
const DARK_CANVAS = "rgb(11, 16, 32)";
const LIGHT_CANVAS = "rgb(248, 250, 252)";

/** Stores a theme before the first visit, as a returning user would have it (and keeps later choices). */
async function presetStoredTheme(context: BrowserContext, theme: string) {
  await context.addInitScript((value) => {
    if (window.localStorage.getItem("theme") === null) window.localStorage.setItem("theme", value);
  }, theme);
}

describe("theme", () => {
  const session = useBrowser();

  async function openApp(colorScheme: "light" | "dark") {
    return new AppPage(await session.newPage({ colorScheme }), baseUrl);
  }

  it("follows a dark system preference by default", async () => {
    const app = await openApp("dark");
    await app.goto("/");
    await app.heading().waitFor();
    expect(await app.storedTheme()).toBeNull();
    expect(await app.htmlHasDarkClass()).toBe(true);
    expect(await app.canvasColour()).toBe(DARK_CANVAS);
    expect(await app.themeOption("System").isChecked()).toBe(true);
  });

  it("follows a light system preference by default", async () => {
    const app = await openApp("light");
    await app.goto("/");
    await app.heading().waitFor();
    expect(await app.storedTheme()).toBeNull();
    expect(await app.htmlHasDarkClass()).toBe(false);
    expect(await app.canvasColour()).toBe(LIGHT_CANVAS);
    expect(await app.themeOption("System").isChecked()).toBe(true);
  });

  it("saves Dark chosen in the header switch and keeps it after a reload", async () => {
    const app = await openApp("light");
    await app.goto("/");
    await app.chooseTheme("Dark");

    await expect.poll(() => app.htmlHasDarkClass()).toBe(true);
    expect(await app.storedTheme()).toBe("dark");
    expect(await app.canvasColour()).toBe(DARK_CANVAS);

    await app.page.reload();
    await app.heading().waitFor();
    expect(await app.htmlHasDarkClass()).toBe(true);
    expect(await app.themeOption("Dark").isChecked()).toBe(true);
    expect(await app.canvasColour()).toBe(DARK_CANVAS);
  });

  it("paints a saved dark theme before the app's JavaScript has run (no light flash)", async () => {
    const context = await session.newContext({ colorScheme: "light" });
    await presetStoredTheme(context, "dark");
    const page = await context.newPage();
    const app = new AppPage(page, baseUrl);

    // Hold every JavaScript bundle until the assertions below are done (or 1.5 s at the latest).
    let held!: () => void;
    const firstScriptHeld = new Promise<void>((resolve) => (held = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^/]+\.js$/, async (route: Route) => {
      held();
      await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 1_500))]);
      await route.continue().catch(() => {});
    });

    await app.goto("/", { waitUntil: "commit" });
    await firstScriptHeld;
    await page.waitForFunction(
      () => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.sheet instanceof CSSStyleSheet,
    );
    const beforeApp = await page.evaluate(() => ({
      // React marks the container it renders into; "/" is prerendered, so children alone prove nothing.
      appRendered: Object.keys(document.getElementById("root") ?? {}).some((key) => key.startsWith("__reactContainer")),
      dark: document.documentElement.classList.contains("dark"),
      canvas: getComputedStyle(document.documentElement).backgroundColor,
    }));
    release();

    expect(beforeApp.appRendered, "the app must still be held back while we look").toBe(false);
    expect(beforeApp.dark).toBe(true);
    expect(beforeApp.canvas).toBe(DARK_CANVAS);

    // Once the app runs (the heading is in the prerendered HTML already, so wait for the switch
    // to show the stored choice) it keeps the theme.
    await expect.poll(() => app.themeOption("Dark").isChecked()).toBe(true);
    expect(await app.htmlHasDarkClass()).toBe(true);
  });

  it("follows the system live while the preference is System, and stops when a theme is chosen", async () => {
    const app = await openApp("light");
    await app.goto("/");
    await app.heading().waitFor();
    await app.page.evaluate(() => Object.assign(window, { sameDocument: true }));
    expect(await app.htmlHasDarkClass()).toBe(false);

    await app.page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => app.htmlHasDarkClass()).toBe(true);
    expect(await app.canvasColour()).toBe(DARK_CANVAS);

    await app.page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => app.htmlHasDarkClass()).toBe(false);
    expect(await app.canvasColour()).toBe(LIGHT_CANVAS);
    expect(await app.page.evaluate(() => "sameDocument" in window), "switched without a reload").toBe(true);

    // An explicit choice wins over the system.
    await app.chooseTheme("Light");
    await app.page.emulateMedia({ colorScheme: "dark" });
    await app.page.waitForFunction(() => window.matchMedia("(prefers-color-scheme: dark)").matches);
    // Give the app the frames it needed above to react to the change; it must not, this time.
    await app.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await app.htmlHasDarkClass()).toBe(false);
    expect(await app.storedTheme()).toBe("light");
  });

  it("shows the account's newer theme on a device opened after a while, and never sends back the device's older one", async () => {
    const { client } = await signInWithBuiltinProvider(baseUrl, {
      name: "Theo Theme",
      email: `theo-${Date.now()}@example.org`,
      password: STRONG_PASSWORD,
    });
    // Chosen on another device yesterday; this one last chose dark a week ago.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const patched = await client.request("/api/settings", {
      method: "PATCH",
      json: { theme: "light", themeUpdatedAt: yesterday },
    });
    expect(patched.status).toBe(200);
    const context = await session.newContext({ colorScheme: "dark" });
    await context.addInitScript((at) => {
      if (window.localStorage.getItem("theme") !== null) return;
      window.localStorage.setItem("theme", "dark");
      window.localStorage.setItem("themeChosenAt", at);
    }, lastWeek);
    await context.addCookies([{ name: "tandem_session", value: client.cookie("tandem_session")!, url: baseUrl }]);
    const page = await context.newPage();
    const sentThemes: unknown[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH" && request.url().endsWith("/api/settings"))
        sentThemes.push((request.postDataJSON() as { theme?: unknown }).theme);
    });
    const app = new AppPage(page, baseUrl);
    await app.goto("/");
    await expect.poll(() => app.themeOption("Light").isChecked()).toBe(true);
    expect(await app.htmlHasDarkClass()).toBe(false);
    expect(await app.storedTheme()).toBe("light");
    // A moment for any write the app would make after taking the account's theme.
    await page.evaluate(() => fetch("/api/settings").then((response) => response.json()));
    expect(sentThemes).toEqual([]);
    expect(await (await client.request("/api/settings")).json()).toMatchObject({
      theme: "light",
      themeUpdatedAt: yesterday,
    });

    // A choice made here now is newer than the account's: it becomes the account's.
    await app.chooseTheme("Dark");
    await expect
      .poll(async () => ((await (await client.request("/api/settings")).json()) as { theme: string }).theme)
      .toBe("dark");
  });

  it("switches the theme with the radio cards on the settings page", async () => {
    const { client } = await signInWithBuiltinProvider(baseUrl, {
      name: "Cora Cards",
      email: `cora-${Date.now()}@example.org`,
      password: STRONG_PASSWORD,
    });
    const app = await openApp("light");
    await app.page
      .context()
      .addCookies([{ name: "tandem_session", value: client.cookie("tandem_session")!, url: baseUrl }]);
    const settings = new SettingsPage(app.page, baseUrl);
    await settings.open();
    // The settings page has one theme choice (the header keeps its quick switch).
    expect(await settings.themeChoices().count()).toBe(1);
    const status = settings.themeStatus();

    await app.chooseSettingsThemeCard("Dark");
    await expect.poll(() => app.htmlHasDarkClass()).toBe(true);
    expect(await app.storedTheme()).toBe("dark");
    expect(await status.textContent()).toContain("Showing the dark theme now.");
    expect(await app.themeOption("Dark").isChecked(), "the header switch shows the same choice").toBe(true);

    await app.chooseSettingsThemeCard("Light");
    await expect.poll(() => app.htmlHasDarkClass()).toBe(false);
    expect(await app.storedTheme()).toBe("light");
    expect(await status.textContent()).toContain("Showing the light theme now.");

    await app.chooseSettingsThemeCard("System");
    expect(await app.storedTheme()).toBe("system");
    await app.page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => app.htmlHasDarkClass()).toBe(true);
    expect(await status.textContent()).toContain("Showing the dark theme now.");
  });
});
