import { expect, it } from "vitest";
import { menuItems, MODULES } from "./modules.js";
import { findPage } from "./pages.js";

it("links menu items and module routes only to pages that exist", () => {
  for (const module of MODULES) {
    for (const path of [...module.routes, ...module.menuItems.map((item) => item.path)]) {
      expect(findPage(path), `${module.id} -> ${path}`).toBeDefined();
    }
  }
});

it("names only known modules as dependencies", () => {
  const ids = new Set(MODULES.map((module) => module.id));
  for (const module of MODULES) for (const dependency of module.dependencies) expect(ids).toContain(dependency);
});

it("builds the navigation in module order, leaving out modules that are switched off", () => {
  expect(menuItems().map((item) => item.path)).toContain("/settings");
  expect(menuItems((module) => module.id !== "core-settings").map((item) => item.path)).not.toContain("/settings");
});

it("shows admin-only items to instance admins alone, and only on admin pages", () => {
  expect(menuItems().map((item) => item.path)).not.toContain("/admin");
  expect(menuItems(undefined, { isAdmin: true }).map((item) => item.path)).toContain("/admin");
  for (const item of menuItems(undefined, { isAdmin: true }).filter((entry) => entry.adminOnly)) {
    expect(findPage(item.path)?.access).toBe("admin");
  }
});
