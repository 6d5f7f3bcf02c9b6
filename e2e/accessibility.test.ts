import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { GUIDES } from "../domain/guides";
import { findPage, PAGES } from "../domain/pages";
import { signInWithBuiltinProvider } from "../tests/helpers/sign-in";
import { AppPage } from "./pages/app-page";
import { useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const SCHEMES = ["light", "dark"] as const;
// The guides share one template (GuidePage) and differ only in their text: one stands for all.
const GUIDE_PATHS = new Set<string>(GUIDES.slice(1).map((guide) => `/${guide.slug}`));
const PATHS = [
  ...PAGES.map((page) => page.path).filter((path) => !GUIDE_PATHS.has(path)),
  "/blog/offline-first-never-lose-an-edit",
  "/no-such-page",
];
const PHONE = { width: 390, height: 844 };
/**
 * Text pages of our own content share one template (ContentPage) and its colours: in the dark
 * theme, whose check is about colour only, /about, a guide and a post stand for them.
 */
const SAME_COLOURS_AS_ABOUT = new Set([
  "/privacy-policy",
  "/terms-of-service",
  "/install-instructions",
  "/help",
  "/quick-start",
  "/cookie-policy",
  "/cookies-page",
]);

/**
 * The themes differ in colour only: the markup, names and roles are the same. So every WCAG rule
 * runs in the light theme, and in the dark one the rules about colour (half the time per page).
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Serious and critical WCAG A/AA violations, one readable line per failing element. */
async function seriousViolations(page: Page, colorScheme: "light" | "dark"): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const results = await (colorScheme === "light" ? axe.withTags(WCAG_TAGS) : axe.withRules(COLOUR_RULES)).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(" ")} - ${node.failureSummary ?? violation.help}`,
      ),
    );
}

describe("accessibility", () => {
  const session = useBrowser();
  let sessionCookie = "";

  // Signed-in-only pages are checked as a signed-in user sees them, not as the sign-in page they redirect to.
  beforeAll(async () => {
    const { client } = await signInWithBuiltinProvider(baseUrl, {
      name: "Axe Tester",
      email: `axe-${Date.now()}@example.org`,
      password: "violet-harbour-kettle-93",
    });
    sessionCookie = client.cookie("tandem_session")!;
  });

  async function openRendered(path: string, colorScheme: "light" | "dark", viewport?: typeof PHONE) {
    const context = await session.newContext({ colorScheme, ...(viewport ? { viewport } : {}) });
    if ((findPage(path)?.access ?? "public") !== "public") {
      await context.addCookies([{ name: "tandem_session", value: sessionCookie, url: baseUrl }]);
    }
    const app = new AppPage(await context.newPage(), baseUrl);
    await app.goto(path);
    await app.heading().waitFor();
    expect(new URL(app.page.url()).pathname, "no redirect").toBe(path);
    expect(await app.htmlHasDarkClass(), `${path} is shown in the ${colorScheme} theme`).toBe(colorScheme === "dark");
    return app;
  }

  describe.each(SCHEMES)("%s theme", (colorScheme) => {
    const paths = colorScheme === "light" ? PATHS : PATHS.filter((path) => !SAME_COLOURS_AS_ABOUT.has(path));
    it.each(paths)(`%s has no serious or critical WCAG violation`, async (path) => {
      const app = await openRendered(path, colorScheme);
      expect(await seriousViolations(app.page, colorScheme)).toEqual([]);
    });

    it.each(["/", "/settings", "/profile", "/account-management", "/groups", "/group-settings", "/invitations"])(
      `%s on a 390x844 phone has no serious or critical WCAG violation`,
      async (path) => {
        const app = await openRendered(path, colorScheme, PHONE);
        expect(await seriousViolations(app.page, colorScheme)).toEqual([]);
      },
    );
  });

  it.each(["/", "/settings"])(
    "%s: the first Tab reaches the visible skip link, Enter moves focus to the content",
    async (path) => {
      const app = new AppPage(await session.newPage(), baseUrl);
      await app.goto(path);
      await app.heading().waitFor();

      await app.page.keyboard.press("Tab");
      const focused = await app.page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        const box = element?.getBoundingClientRect();
        return { text: element?.textContent?.trim(), width: box?.width ?? 0, height: box?.height ?? 0 };
      });
      expect(focused.text).toBe("Skip to content");
      // Sighted keyboard users see it once focused (it is visually hidden until then).
      expect(focused.width).toBeGreaterThan(20);
      expect(focused.height).toBeGreaterThan(10);

      await app.page.keyboard.press("Enter");
      await expect.poll(() => app.page.evaluate(() => document.activeElement?.id)).toBe("main");
      // The next Tab continues inside the content, not back in the header.
      await app.page.keyboard.press("Tab");
      expect(
        await app.page.evaluate(() => document.getElementById("main")?.contains(document.activeElement) ?? false),
      ).toBe(true);
    },
  );
});
