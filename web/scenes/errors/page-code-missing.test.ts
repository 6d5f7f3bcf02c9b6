import { describe, expect, it } from "vitest";
import { isPageCodeMissing } from "./page-code-missing";

describe("isPageCodeMissing", () => {
  it("knows each browser's words for a page's code that could not be fetched", () => {
    const url = "https://tandem.example/assets/AboutPage-abc123.js";
    expect(isPageCodeMissing(new TypeError(`Failed to fetch dynamically imported module: ${url}`))).toBe(true);
    expect(isPageCodeMissing(new TypeError(`error loading dynamically imported module: ${url}`))).toBe(true);
    expect(isPageCodeMissing(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isPageCodeMissing(new Error("Unable to preload CSS for /assets/AboutPage-abc123.css"))).toBe(true);
  });

  it("leaves every other error to the error page", () => {
    expect(isPageCodeMissing(new TypeError("Cannot read properties of undefined (reading 'title')"))).toBe(false);
    expect(isPageCodeMissing("Failed to fetch dynamically imported module")).toBe(false);
    expect(isPageCodeMissing(null)).toBe(false);
  });
});
