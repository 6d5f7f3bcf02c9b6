import { describe, expect, inject, it } from "vitest";
import { signInWithBuiltinProvider, STRONG_PASSWORD } from "../tests/helpers/sign-in";
import { AppPage } from "./pages/app-page";
import { useAxe, VISITOR_PATHS } from "./support/accessibility";
import { useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

// Every WCAG A/AA rule on every page a visitor sees, light and dark; the signed-in pages are
// checked in accessibility-user.test.ts and accessibility-phone.test.ts.
describe("accessibility of a visitor's pages", () => {
  const session = useBrowser();
  const axe = useAxe(session, baseUrl);

  it.each(VISITOR_PATHS)(`%s has no serious or critical WCAG violation in either theme`, async (path) => {
    expect(await axe.seriousViolations(path)).toEqual({ light: [], dark: [] });
  });

  // "/" in the public layout, /settings in the app's (signed in).
  it.each(["/", "/settings"])(
    "%s: the first Tab reaches the visible skip link, Enter moves focus to the content",
    async (path) => {
      const app = new AppPage(await session.newPage(), baseUrl);
      if (path === "/settings") {
        const { client } = await signInWithBuiltinProvider(baseUrl, {
          name: "Skip Tester",
          email: `skip-${Date.now()}@example.org`,
          password: STRONG_PASSWORD,
        });
        const cookie = client.cookie("tandem_session")!;
        await app.page.context().addCookies([{ name: "tandem_session", value: cookie, url: baseUrl }]);
      }
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
