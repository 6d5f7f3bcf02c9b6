import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeNextPath } from "./next-path.js";

describe("safeNextPath", () => {
  it.each(["/", "/settings", "/task-detail-page?id=abc-123", "/groups#invites", "/a/b?x=%2F"])(
    "keeps the same-origin path %s",
    (path) => {
      expect(safeNextPath(path)).toBe(path);
    },
  );

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "%2F%2Fevil.example",
    "/%2F/evil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "/\tevil",
    "settings",
    "",
    null,
    undefined,
  ])("sends %s to /", (path) => {
    expect(safeNextPath(path)).toBe("/");
  });

  it("never returns anything that leaves the origin, whatever it is given", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = safeNextPath(input);
        const url = new URL(result, "https://app.example");
        expect(url.origin).toBe("https://app.example");
        expect(result.startsWith("/") && !result.startsWith("//") && !result.startsWith("/\\")).toBe(true);
      }),
    );
  });
});
