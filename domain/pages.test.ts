import { describe, expect, it } from "vitest";
import { aliasOf, allPagePaths, findPage, PAGES } from "./pages.js";

describe("page table", () => {
  it("makes the hyphen-less alias of a path", () => {
    expect(aliasOf("/terms-of-service")).toBe("/termsofservice");
    expect(aliasOf("/about")).toBe("/about");
  });

  it("finds every page by its path and by its alias", () => {
    for (const page of PAGES) {
      expect(findPage(page.path)).toBe(page);
      expect(findPage(aliasOf(page.path))).toBe(page);
    }
  });

  it("tolerates a trailing slash and nothing else", () => {
    expect(findPage("/privacy-policy/")?.path).toBe("/privacy-policy");
    expect(findPage("/privacy_policy")).toBeUndefined();
    expect(findPage("/Privacy-Policy")).toBeUndefined();
    expect(findPage("/privacy-policy/extra")).toBeUndefined();
    expect(findPage("")).toBeUndefined();
  });

  it("has unique paths, and no alias collides with another page", () => {
    const paths = allPagePaths();
    expect(new Set(paths).size).toBe(paths.length);
    const owners = new Map<string, string>();
    for (const page of PAGES) {
      for (const path of [page.path, aliasOf(page.path)]) {
        expect(owners.get(path) ?? page.path).toBe(page.path);
        owners.set(path, page.path);
      }
    }
  });

  it("gives every page a title and a description for search results", () => {
    for (const page of PAGES) {
      expect(page.title.length).toBeGreaterThan(2);
      expect(page.description.length).toBeGreaterThanOrEqual(50);
      expect(page.description.length).toBeLessThanOrEqual(160);
    }
  });
});
