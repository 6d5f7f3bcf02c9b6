import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OPEN_REDIRECT_PAYLOADS, SAFE_NEXT_PATHS } from "../tests/helpers/open-redirect-payloads.js";
import { safeNextPath } from "./next-path.js";

const APP = "https://app.example";

/** What the browser does with the answer: resolve it against the page it is on. */
function resolved(next: string): URL {
  return new URL(next, APP);
}

describe("safeNextPath", () => {
  it.each(SAFE_NEXT_PATHS)("keeps the same-origin path %s (as %s)", (path, result) => {
    expect(safeNextPath(path)).toBe(result);
  });

  it("sends every payload of the open-redirect corpus to /", () => {
    expect(OPEN_REDIRECT_PAYLOADS.length).toBeGreaterThanOrEqual(30);
    for (const payload of [...OPEN_REDIRECT_PAYLOADS, "", null, undefined]) {
      expect(safeNextPath(payload), JSON.stringify(payload)).toBe("/");
    }
  });

  it("answers what it already answered when given its own answer", () => {
    for (const [path] of SAFE_NEXT_PATHS) expect(safeNextPath(safeNextPath(path))).toBe(safeNextPath(path));
  });

  // Random strings rarely hit dot segments next to slashes, so half the inputs are made of the
  // pieces open redirects are built from.
  const pieces = fc.constantFrom(
    "/",
    "//",
    "\\",
    ".",
    "..",
    "%2e",
    "%2E",
    "%2f",
    "%5c",
    "%25",
    "%",
    "evil.example",
    "@",
    ":",
    "?",
    "#",
    "\t",
    "\n",
    " ",
    "a",
    "https:",
  );
  const input = fc.oneof(
    fc.string(),
    fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join("")),
  );

  it("never returns anything that leaves the origin, whatever it is given", () => {
    fc.assert(
      fc.property(input, (value) => {
        const url = resolved(safeNextPath(value));
        expect(url.origin).toBe(APP);
        expect(url.pathname.startsWith("//")).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
