import { describePage } from "./page-descriptions";
import { describe, expect, it } from "vitest";
import {
  aliasOf,
  allPagePaths,
  allRedirectPaths,
  documentTitle,
  findPage,
  IDP_SIGN_IN_PAGE,
  isIdpSignInPath,
  NOT_FOUND_TITLE,
  PAGE_REDIRECTS,
  PAGES,
  redirectTarget,
  SETTINGS_SECTIONS,
} from "./pages.js";

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
      expect(describePage(page).length, page.path).toBeGreaterThanOrEqual(50);
      expect(describePage(page).length, page.path).toBeLessThanOrEqual(160);
    }
  });
});

describe("addresses that lead to another page", () => {
  it("leads each duplicate and each old settings page to its canonical page, by its path and its alias", () => {
    expect(redirectTarget("/landing")).toBe("/");
    expect(redirectTarget("/cookies-page")).toBe("/cookie-policy");
    expect(redirectTarget("/cookiespage")).toBe("/cookie-policy");
    expect(redirectTarget("/contact-us")).toBe("/contact");
    expect(redirectTarget("/contactus")).toBe("/contact");
    expect(redirectTarget("/core-settings")).toBe("/settings#appearance");
    expect(redirectTarget("/coresettings")).toBe("/settings#appearance");
    expect(redirectTarget("/task-settings")).toBe("/settings#tasks");
    expect(redirectTarget("/tasksettings")).toBe("/settings#tasks");
    expect(redirectTarget("/category-settings")).toBe("/settings#categories");
    expect(redirectTarget("/categorysettings")).toBe("/settings#categories");
    expect(redirectTarget("/about")).toBeUndefined();
  });

  it("keeps the query, before the section anchor", () => {
    expect(redirectTarget("/contact-us", "?subject=Hello")).toBe("/contact?subject=Hello");
    expect(redirectTarget("/landing", "?utm_source=mail")).toBe("/?utm_source=mail");
    expect(redirectTarget("/task-settings", "?from=mail")).toBe("/settings?from=mail#tasks");
  });

  it("leads only to pages of the table and to sections /settings has, never to another redirect", () => {
    for (const { from, to } of PAGE_REDIRECTS) {
      const [path, section] = to.split("#");
      expect(findPage(path!), `${from} leads to a page`).toBeDefined();
      expect(findPage(from), `${from} is not a page itself`).toBeUndefined();
      if (section !== undefined) {
        expect(path).toBe("/settings");
        expect(SETTINGS_SECTIONS).toContain(section);
      }
    }
    for (const path of allRedirectPaths()) expect(allPagePaths()).not.toContain(path);
  });
});

describe("page titles", () => {
  it("gives every page of the table its own title, never the not-found title", () => {
    for (const page of PAGES) {
      const title = documentTitle(findPage(page.path), "Tandem");
      expect(title, page.path).not.toContain(NOT_FOUND_TITLE);
      expect(title, page.path).toBe(page.path === "/" ? "Tandem" : `${page.title} · Tandem`);
      expect(documentTitle(findPage(aliasOf(page.path)), "Tandem"), aliasOf(page.path)).toBe(title);
    }
  });

  it("titles differ between pages, except for the two addresses of one thing", () => {
    // The spec gives signing out and a task's page two addresses each; they show the same thing.
    const sameThing = new Set(["/sign-out", "/mobile-task-detail-page"]);
    const titles = PAGES.filter((page) => !sameThing.has(page.path)).map((page) => page.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("names the sign-in step of the built-in provider Sign in", () => {
    expect(isIdpSignInPath("/oidc/interaction/Zx81-abc_DEF")).toBe(true);
    expect(isIdpSignInPath("/oidc/interaction")).toBe(false);
    expect(isIdpSignInPath("/oidc/interaction/a/b")).toBe(false);
    expect(documentTitle(IDP_SIGN_IN_PAGE, "Tandem")).toBe("Sign in · Tandem");
    expect(documentTitle(findPage("/login"), "Tandem")).toBe("Sign in · Tandem");
  });

  it("says Page not found where there is no page", () => {
    expect(documentTitle(findPage("/no-such-page"), "Tandem")).toBe("Page not found · Tandem");
  });
});

describe("layout by audience", () => {
  it("shows public pages in the public layout and signed-in pages in the app layout", () => {
    for (const page of PAGES) {
      if (page.path === "/") continue;
      expect(page.layout, page.path).toBe(page.access === "public" ? "public" : "app");
    }
  });
});
