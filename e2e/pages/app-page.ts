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

  /**
   * Loads a path in a browser whose JavaScript is off: the page is what the server sent, and no
   * app will take it over, so this waits for the document's load alone.
   */
  async gotoWithoutScripts(path: string): Promise<void> {
    await this.page.goto(this.baseUrl + path);
  }

  /** Loads an absolute address on this site (a link from an email, say) and waits for the app. */
  async openUrl(url: string): Promise<void> {
    await this.page.goto(url);
    await this.appTookOver();
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

  /** Waits until the page's h1 says `name`. */
  async waitForHeading(name: string | RegExp): Promise<void> {
    await this.page.getByRole("heading", { name, level: 1 }).waitFor();
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

  /** A link of the public site's header ("Guides", "Blog", "About"), by its exact name. */
  mainNavLink(name: string): Locator {
    return this.mainNav().getByRole("link", { name, exact: true });
  }

  /** A link of the footer's list ("Privacy policy", "Cookie settings"…), by its exact name. */
  footerNavLink(name: string): Locator {
    return this.footerNav().getByRole("link", { name, exact: true });
  }

  /** The logo in the header, which leads home. */
  logoLink(): Locator {
    return this.header().getByRole("link", { name: "Tandem" });
  }

  /**
   * The signed-in app's navigation on screen: the sidebar from 1024 px (Today, Upcoming, the
   * groups, Dashboard…), the bar at the bottom below (Today, Tasks, Add, Upcoming, More).
   */
  appMenu(): Locator {
    return this.page.getByRole("navigation", { name: "App" });
  }

  appMenuLinks(): Locator {
    return this.appMenu().getByRole("link");
  }

  /**
   * An item of the navigation by its name (a count may follow it: "Today, 3 due today or
   * overdue"). "Tasks" is the way to the current group's list ("/"): on the sidebar, which lists
   * every group, that is the current group's link.
   */
  appMenuLink(name: string): Locator {
    if (name === "Tasks") return this.tasksLink();
    return this.appMenu().getByRole("link", { name: new RegExp(`^${escapeRegExp(name)}(,|$)`) });
  }

  /** The link to the current group's list: Tasks on the phone bar, the current group on the sidebar. */
  tasksLink(): Locator {
    return this.appMenu()
      .getByRole("link", { name: "Tasks", exact: true })
      .or(this.appMenu().getByRole("list", { name: "Your groups" }).locator("a[aria-current]"));
  }

  /** The items marked as the current page, by name; the current group's list counts as "Tasks" (tasksLink). */
  currentAppMenuItems(): Promise<string[]> {
    return this.appMenu()
      .locator("[aria-current=page]")
      .evaluateAll((items) =>
        items.map((item) => {
          const list = item.closest("ul[aria-labelledby]");
          const listName = list && document.getElementById(list.getAttribute("aria-labelledby")!)?.textContent;
          if (listName === "Your groups") return "Tasks";
          const label = item.cloneNode(true) as Element;
          label.querySelectorAll("[aria-hidden=true]").forEach((hidden) => hidden.remove());
          return (label.textContent ?? "").trim();
        }),
      );
  }

  /** The header's link to the user's profile, named after them. */
  profileLink(name: string | RegExp): Locator {
    return this.header().getByRole("link", { name });
  }

  /** The user's picture in the header. */
  avatar(): Locator {
    return this.header()
      .getByRole("link", { name: /your profile/ })
      .locator("img");
  }

  /** The header's bell, named "Notifications" with the unread count when there is one. */
  notificationBell(): Locator {
    return this.page.getByRole("link", { name: /^Notifications/ });
  }

  signOutLink(): Locator {
    return this.page.getByRole("link", { name: "Sign out" });
  }

  /** The header's "Sign in" link, shown to a visitor. */
  signInLink(): Locator {
    return this.header().getByRole("link", { name: "Sign in" });
  }

  /** Every "Sign in" link, anywhere on the page (for checking there is none). */
  anySignInLink(): Locator {
    return this.page.getByRole("link", { name: "Sign in" });
  }

  /** The notice that the device is offline. */
  offlineStatus(): Locator {
    return this.page.getByRole("status").filter({ hasText: "Offline" });
  }

  /** The header's sync pill ("Offline · 2 to sync", "1 refused"), which links to /offline. */
  syncIndicator(name: string | RegExp): Locator {
    return this.page.getByRole("link", { name });
  }

  /** Text shown anywhere on the page (a message, a label, a line of a list). */
  text(text: string | RegExp, options: { exact?: boolean } = {}): Locator {
    return this.page.getByText(text, options);
  }

  dialog(name: string): Locator {
    return this.page.getByRole("dialog", { name });
  }

  /** A toast (sonner) whose text contains `text`. */
  toast(text: string | RegExp): Locator {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }

  /** Every toast on screen. */
  toasts(): Locator {
    return this.page.locator("[data-sonner-toast]");
  }

  /** A button of a toast: its action ("Reload", "Remove it") or "Close toast". */
  toastButton(text: string | RegExp, button: string): Locator {
    return this.toast(text).getByRole("button", { name: button });
  }

  /** The stack the toasts appear in; its data-x-position and data-y-position say where. */
  toaster(): Locator {
    return this.page.locator("[data-sonner-toaster]");
  }

  /** A keyboard shortcut typed outside any field. */
  async pressShortcut(key: string): Promise<void> {
    await this.page.locator("body").press(key);
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

/** A page of the signed-in app, opened by path and recognised by its h1. */
export abstract class AppScreen extends AppPage {
  abstract readonly path: string;
  /** The name of the page's h1. */
  abstract readonly headingName: string;

  /** Loads the page and waits for the app, without waiting for its heading (it may answer otherwise). */
  async visit(search = ""): Promise<void> {
    await this.goto(`${this.path}${search}`);
  }

  async open(search = ""): Promise<void> {
    await this.visit(search);
    await this.waitFor();
  }

  async waitFor(): Promise<void> {
    await this.page.getByRole("heading", { name: this.headingName, level: 1 }).waitFor();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The server writes the canonical link into the HTML it sends; this reads it without the app's help. */
export function canonicalHrefInHtml(html: string): string | null {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
}
