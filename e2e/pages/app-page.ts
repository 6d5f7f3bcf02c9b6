import type { Locator, Page, Response } from "playwright-core";

export type ThemeLabel = "Light" | "Dark" | "System";

/** The Tandem web app as a user sees it: header, theme switch, page heading, document head. */
export class AppPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  /**
   * Loads a path, waits until the app has taken the page over, and returns the HTTP response of
   * the document. A public page arrives with its prerendered text, so its heading is there before
   * the app is: a click in between would be a plain link's full page load. With
   * `waitUntil: "commit"` it returns as soon as the document starts to arrive.
   */
  async goto(path: string, options: Parameters<Page["goto"]>[1] = {}): Promise<Response> {
    const response = await this.page.goto(this.baseUrl + path, options);
    if (!response) throw new Error(`no response for ${path}`);
    if (options.waitUntil !== "commit") await this.appTookOver();
    return response;
  }

  /** Resolves once React has rendered into #root (at once on a page that is not the app's). */
  async appTookOver(): Promise<void> {
    await this.page.waitForFunction(() => {
      const root = document.getElementById("root");
      // createRoot marks its container with a "__reactContainer$…" property.
      return !root || Object.keys(root).some((key) => key.startsWith("__reactContainer$"));
    });
  }

  /** The page's main heading (h1). */
  heading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  /** Text of the h1 once the app has rendered it. */
  async headingText(): Promise<string> {
    return ((await this.heading().textContent()) ?? "").trim();
  }

  header(): Locator {
    return this.page.getByRole("banner");
  }

  mainNav(): Locator {
    return this.page.getByRole("navigation", { name: "Main" });
  }

  footerNav(): Locator {
    return this.page.getByRole("navigation", { name: "Footer" });
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  /** Every canonical link in the document head (there should be exactly one on a page). */
  canonicalHrefs(): Promise<string[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute("href") ?? ""),
    );
  }

  async canonicalHref(): Promise<string | null> {
    return (await this.canonicalHrefs())[0] ?? null;
  }

  /** The compact Light/Dark/System switch in the header. */
  get themeSwitch(): Locator {
    return this.header().getByRole("group", { name: "Theme" });
  }

  themeOption(label: ThemeLabel): Locator {
    return this.themeSwitch.getByRole("radio", { name: label, exact: true });
  }

  /** Clicks an option of the header switch as a user does: on its icon (the radio itself is visually hidden). */
  async chooseTheme(label: ThemeLabel): Promise<void> {
    const radio = this.page.getByRole("radio", { name: label, exact: true });
    await this.themeSwitch.locator("label").filter({ has: radio }).click();
  }

  /** The big radio cards of the Appearance section on /settings. */
  async chooseSettingsThemeCard(label: ThemeLabel): Promise<void> {
    const cards = this.page.getByRole("main").getByRole("group", { name: "Theme" });
    const radio = this.page.getByRole("radio", { name: new RegExp(`^${label}\\b`) });
    await cards.locator("label").filter({ has: radio }).click();
  }

  htmlHasDarkClass(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.classList.contains("dark"));
  }

  storedTheme(): Promise<string | null> {
    return this.page.evaluate(() => window.localStorage.getItem("theme"));
  }

  /** The colour the page background is painted in (the canvas tone is set on <html>). */
  canvasColour(): Promise<string> {
    return this.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  }
}

/** The server writes the canonical link into the HTML it sends; this reads it without the app's help. */
export function canonicalHrefInHtml(html: string): string | null {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
}
