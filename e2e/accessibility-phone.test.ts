import { describe, expect, inject, it } from "vitest";
import { PHONE_PATHS, useAxe } from "./support/accessibility";
import { useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

// The pages whose layout a phone changes most, light and dark, on a 390x844 screen.
describe("accessibility on a phone", () => {
  const session = useBrowser();
  const axe = useAxe(session, baseUrl);

  it.each(PHONE_PATHS)(
    `%s on a 390x844 phone has no serious or critical WCAG violation in either theme`,
    async (path) => {
      expect(await axe.seriousViolations(path, true)).toEqual({ light: [], dark: [] });
    },
  );
});
