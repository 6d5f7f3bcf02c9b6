import { describe, expect, inject, it } from "vitest";
import { PHONE_PATHS, USER_PATHS, useAxe } from "./support/accessibility";
import { useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

// The colour rules in the dark theme on every signed-in page, on a desk and on a phone (the
// visitor's pages are in accessibility-dark-visitor.test.ts; every other rule runs in the light files).
describe("accessibility", () => {
  const session = useBrowser();

  describe("dark theme", () => {
    const axe = useAxe(session, baseUrl, "dark");

    it.each(USER_PATHS)(`%s has no serious or critical WCAG violation`, async (path) => {
      expect(await axe.seriousViolations(path)).toEqual([]);
    });

    it.each(PHONE_PATHS)(`%s on a 390x844 phone has no serious or critical WCAG violation`, async (path) => {
      expect(await axe.seriousViolations(path, true)).toEqual([]);
    });
  });
});
