import { expect, it } from "vitest";
import { isNewerThemeChoice, parseTheme, resolveTheme } from "./theme.js";

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

it("lets only a newer theme choice replace the account's; none at all never does", () => {
  expect(isNewerThemeChoice("2026-03-02T10:00:00.000Z", "2026-03-01T10:00:00.000Z")).toBe(true);
  expect(isNewerThemeChoice("2026-03-01T10:00:00.000Z", "2026-03-02T10:00:00.000Z")).toBe(false);
  expect(isNewerThemeChoice("2026-03-01T10:00:00.000Z", "2026-03-01T10:00:00.000Z")).toBe(false);
  expect(isNewerThemeChoice("2026-03-01T10:00:00.000Z", null)).toBe(true);
  expect(isNewerThemeChoice(null, null)).toBe(false);
  expect(isNewerThemeChoice("not a time", null)).toBe(false);
});
