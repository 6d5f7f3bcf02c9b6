import { describe, expect, inject, it } from "vitest";
import { useAxe, VISITOR_PATHS } from "./support/accessibility";
import { useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

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
]);

// The colour rules in the dark theme on the pages a visitor sees; every other rule runs in the light files.
describe("accessibility", () => {
  const session = useBrowser();

  describe("dark theme", () => {
    const axe = useAxe(session, baseUrl, "dark");

    it.each(VISITOR_PATHS.filter((path) => !SAME_COLOURS_AS_ABOUT.has(path)))(
      `%s has no serious or critical WCAG violation`,
      async (path) => {
        expect(await axe.seriousViolations(path)).toEqual([]);
      },
    );
  });
});
