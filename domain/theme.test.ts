import { expect, it } from "vitest";
import { parseTheme, resolveTheme } from "./theme.js";

it("defaults to the system theme for anything not stored or not recognised", () => {
  expect(parseTheme(null)).toBe("system");
  expect(parseTheme("purple")).toBe("system");
  expect(parseTheme("dark")).toBe("dark");
});

it("resolves the system preference through the OS setting and keeps explicit choices", () => {
  expect(resolveTheme("system", true)).toBe("dark");
  expect(resolveTheme("system", false)).toBe("light");
  expect(resolveTheme("light", true)).toBe("light");
  expect(resolveTheme("dark", false)).toBe("dark");
});
