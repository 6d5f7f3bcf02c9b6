import { expect, it } from "vitest";
import { MODULE_DESCRIPTIONS } from "./module-descriptions.js";
import { BAR_ITEMS, type MenuItem, menuItems, MODULES, splitForBar } from "./modules.js";
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

it("orders the navigation by section, then by each item's order whichever module adds it", () => {
  expect(menuItems(undefined, { isAdmin: true }).map((item) => `${item.section}:${item.label}`)).toEqual([
    "views:Today",
    "views:Upcoming",
    "views:Calendar",
    "groups:Tasks",
    "groups:Manage groups",
    "pages:Dashboard",
    "pages:Group tasks",
    "pages:Messages",
    "pages:Delegation",
    "pages:Shopping",
    "pages:Meals",
    "pages:Time tracking",
    "pages:Analysis",
    "pages:Coupons",
    "pages:Invitations",
    "pages:Settings",
    "pages:Modules",
    "pages:Admin",
  ]);
});

it("puts Today, Tasks and Upcoming on the phone bar in their places, everything else under More", () => {
  const { bar, more } = splitForBar(menuItems());
  expect(bar.map((item) => item.path)).toEqual(["/today", "/", "/upcoming"]);
  expect(more.map((item) => item.path)).toEqual([
    "/calendar",
    "/groups",
    "/dashboard",
    "/group-tasks",
    "/isolated-messaging",
    "/task-delegation",
    "/shopping-list",
    "/meal-planner",
    "/time-tracking",
    "/analysis-settings",
    "/digital-coupons",
    "/invitations",
    "/settings",
    "/modules",
  ]);

  // A module asking for a place when the bar is full goes under More, not off the screen.
  const extra: MenuItem = { label: "Timer", path: "/dashboard", icon: "layers", section: "pages", order: 5, bar: 4 };
  const crowded = splitForBar([...menuItems(), extra]);
  expect(crowded.bar).toHaveLength(BAR_ITEMS);
  expect(crowded.more).toContain(extra);
});

it("says in a sentence what every module does, for /modules", () => {
  for (const module of MODULES) {
    expect(MODULE_DESCRIPTIONS[module.id]?.length ?? 0, module.id).toBeGreaterThan(20);
  }
  expect(Object.keys(MODULE_DESCRIPTIONS).sort()).toEqual(MODULES.map((module) => module.id).sort());
});
