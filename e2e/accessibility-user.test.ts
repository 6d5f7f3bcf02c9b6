import { describe, expect, inject, it } from "vitest";
import { USER_PATHS, useAxe } from "./support/accessibility";
import { useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

// Every WCAG A/AA rule on every signed-in page at a desk's width, light and dark (the visitor's
// pages are in accessibility-visitor.test.ts, a phone's in accessibility-phone.test.ts).
describe("accessibility of the signed-in pages", () => {
  const session = useBrowser();
  const axe = useAxe(session, baseUrl);

  it.each(USER_PATHS)(`%s has no serious or critical WCAG violation in either theme`, async (path) => {
    expect(await axe.seriousViolations(path)).toEqual({ light: [], dark: [] });
  });
});
