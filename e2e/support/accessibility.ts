import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { beforeAll, expect } from "vitest";
import { GUIDES } from "../../domain/guides";
import { findPage, PAGES } from "../../domain/pages";
import { signInWithBuiltinProvider } from "../../tests/helpers/sign-in";
import { AppPage } from "../pages/app-page";
import type { BrowserSession } from "./session";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
// The guides share one template (GuidePage) and differ only in their text: one stands for all.
const GUIDE_PATHS = new Set<string>(GUIDES.slice(1).map((guide) => `/${guide.slug}`));

/** Every page of the page table, as a visitor or its signed-in user sees it. */
export const PATHS = [
  ...PAGES.map((page) => page.path).filter((path) => !GUIDE_PATHS.has(path)),
  "/blog/offline-first-never-lose-an-edit",
  "/no-such-page",
];

const signedIn = (path: string) => (findPage(path)?.access ?? "public") !== "public";

/**
 * The pages a visitor sees and those only a signed-in user does: the checks are split in files
 * along this line (and the phone's), so files of similar length share the browser suite's workers.
 */
export const VISITOR_PATHS = PATHS.filter((path) => !signedIn(path));
export const USER_PATHS = PATHS.filter(signedIn);

/** The signed-in pages whose layout a phone changes most. */
export const PHONE_PATHS = [
  "/",
  "/settings",
  "/profile",
  "/account-management",
  "/groups",
  "/group-settings",
  "/invitations",
];
const PHONE = { width: 390, height: 844 };

/**
 * The themes differ in colour only: the markup, names and roles are the same. So every WCAG rule
 * runs in the light theme, and in the dark one the rules about colour, on the same page: the
 * colour scheme is switched in place instead of the page being loaded a second time.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

export type ColorScheme = "light" | "dark";

/** A page's serious and critical violations in each theme, one readable line per failing element. */
export interface ThemeViolations {
  light: string[];
  dark: string[];
}

/** Switches the page's colour scheme; the app follows it (its theme is "System") without a reload. */
async function showIn(page: Page, colorScheme: ColorScheme): Promise<void> {
  // Colours read mid-transition would be neither theme's: the switch happens at once.
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  await page.emulateMedia({ colorScheme });
  const app = new AppPage(page, "");
  await expect
    .poll(() => app.htmlHasDarkClass(), { message: `${page.url()} follows the ${colorScheme} scheme` })
    .toBe(colorScheme === "dark");
}

/**
 * Serious and critical WCAG A/AA violations of the page as it is now, one readable line per
 * failing element: every rule, or the rules about colour alone.
 */
export async function seriousViolationsNow(page: Page, rules: "every" | "colour" = "every"): Promise<string[]> {
  // Legacy mode runs axe in the page itself; the default also opens a blank page per check to
  // combine frames' results, which pages without frames of another origin have no use for.
  // Only the violations are read: axe then works out no node lists for passes and the rest.
  const axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
  const results = await (rules === "every" ? axe.withTags(WCAG_TAGS) : axe.withRules(COLOUR_RULES)).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(" ")} - ${node.failureSummary ?? violation.help}`,
      ),
    );
}

/**
 * Every WCAG A/AA rule in the light theme, then the colour rules in the dark one, on the page as it
 * is now (opened in the light scheme), without loading it again.
 */
export async function violationsInBothThemes(page: Page): Promise<ThemeViolations> {
  expect(await new AppPage(page, "").htmlHasDarkClass(), `${page.url()} opens in the light theme`).toBe(false);
  const light = await seriousViolationsNow(page, "every");
  await showIn(page, "dark");
  const dark = await seriousViolationsNow(page, "colour");
  await showIn(page, "light");
  return { light, dark };
}

/**
 * Opens pages for axe, signed in as a user of their own where a page needs one. Call at the top of
 * a describe block that has a BrowserSession.
 */
export function useAxe(session: BrowserSession, baseUrl: string) {
  let sessionCookie = "";
  // Signed-in-only pages are checked as a signed-in user sees them, not as the sign-in page they redirect to.
  beforeAll(async () => {
    const { client } = await signInWithBuiltinProvider(baseUrl, {
      name: "Axe Tester",
      email: `axe-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`,
      password: "violet-harbour-kettle-93",
    });
    sessionCookie = client.cookie("tandem_session")!;
  });

  async function openRendered(path: string, phone: boolean): Promise<AppPage> {
    const asUser = signedIn(path);
    // Pages are only looked at here: one context per kind of visit, so the app's code loads once.
    const page = await session.pageInSharedContext(`${phone ? "phone" : "desk"} ${asUser ? "user" : "visitor"}`, {
      colorScheme: "light",
      ...(phone ? { viewport: PHONE } : {}),
    });
    if (asUser && !(await page.context().cookies(baseUrl)).some((cookie) => cookie.name === "tandem_session")) {
      await page.context().addCookies([{ name: "tandem_session", value: sessionCookie, url: baseUrl }]);
    }
    const app = new AppPage(page, baseUrl);
    await app.goto(path);
    await app.heading().waitFor();
    expect(new URL(app.page.url()).pathname, "no redirect").toBe(path);
    return app;
  }

  /** Every WCAG A/AA rule in the light theme, then the colour rules in the dark one, on one visit of `path`. */
  async function seriousViolations(path: string, phone = false): Promise<ThemeViolations> {
    return violationsInBothThemes((await openRendered(path, phone)).page);
  }

  return { seriousViolations };
}
