import type { PagePath } from "./pages.js";

/**
 * The module registry. Navigation is built from it, so a feature that adds a page adds a menu
 * item here, and switching a module off (not built yet) can remove its entries without touching
 * other code. Menu items may only name pages that exist (checked by a unit test).
 */
export type ModuleType = "TASKS" | "MESSAGING" | "CORE" | "UI";

/**
 * Where the navigation puts an item: "views" first (Today, Upcoming), "groups" with the user's
 * groups (the item at "/" stands for each group's own list, the others follow the groups),
 * "pages" last.
 */
export type MenuSection = "views" | "groups" | "pages";

export const MENU_SECTIONS: readonly MenuSection[] = ["views", "groups", "pages"];

/** The phone bar holds this many items around its Add button; every other item is under More. */
export const BAR_ITEMS = 3;

export interface MenuItem {
  label: string;
  path: PagePath;
  /** lucide icon name, resolved by the web app. */
  icon:
    | "sun"
    | "calendar-days"
    | "settings"
    | "shield"
    | "users"
    | "mail"
    | "layout-dashboard"
    | "layers"
    | "list-todo"
    | "blocks"
    | "handshake"
    | "timer"
    | "chart-column"
    | "messages-square"
    | "calendar"
    | "shopping-cart"
    | "utensils"
    | "ticket";
  section: MenuSection;
  /** Place within its section, lowest first, whichever module adds the item. */
  order: number;
  /**
   * Its place on the phone bar, left to right (the Add button sits after the second); only the
   * first BAR_ITEMS items with a place are on it, the rest are under More.
   */
  bar?: number;
  /** Shown to instance admins only (the page itself is guarded on the server too). */
  adminOnly?: boolean;
}

export type ModuleIcon =
  | "list-todo"
  | "layers"
  | "tags"
  | "settings"
  | "star"
  | "sparkles"
  | "handshake"
  | "chart-column"
  | "messages-square"
  | "calendar"
  | "shopping-cart"
  | "utensils"
  | "ticket";

/** INSTALLING, UPDATING and ERROR are a module being put in place or broken: off for everyone, like INACTIVE. */
export type ModuleStatus = "ACTIVE" | "INACTIVE" | "INSTALLING" | "UPDATING" | "ERROR";

export interface ModuleDefinition {
  id: string;
  name: string;
  version: string;
  type: ModuleType;
  status: ModuleStatus;
  /** lucide icon name of the module on /modules, resolved by that page. */
  icon: ModuleIcon;
  isCore: boolean;
  /** On for a user who never switched it (and whose group did not). */
  enabledByDefault: boolean;
  dependencies: readonly string[];
  order: number;
  routes: readonly PagePath[];
  menuItems: readonly MenuItem[];
}

export const MODULES: readonly ModuleDefinition[] = [
  {
    id: "task-manager",
    name: "Task manager",
    version: "1.0.0",
    type: "CORE",
    status: "ACTIVE",
    icon: "list-todo",
    isCore: true,
    enabledByDefault: true,
    dependencies: [],
    order: 0,
    // Groups and invitations are part of the core: every task lives in a group.
    routes: [
      "/dashboard",
      // The offline queue of every task write; reached from the offline indicator, not the menu.
      "/offline",
      "/groups",
      "/group-settings",
      "/invitations",
      "/family-organization",
      "/business-organization",
      "/personal-organization",
    ],
    menuItems: [
      { label: "Today", path: "/today", icon: "sun", section: "views", order: 10, bar: 1 },
      // "/" is the signed-in user's task list of the current group (visitors get the landing page).
      { label: "Tasks", path: "/", icon: "list-todo", section: "groups", order: 10, bar: 2 },
      { label: "Upcoming", path: "/upcoming", icon: "calendar-days", section: "views", order: 20, bar: 3 },
      { label: "Manage groups", path: "/groups", icon: "users", section: "groups", order: 90 },
      { label: "Dashboard", path: "/dashboard", icon: "layout-dashboard", section: "pages", order: 10 },
      { label: "Invitations", path: "/invitations", icon: "mail", section: "pages", order: 30 },
    ],
  },
  {
    id: "favorites-widget",
    name: "Favourites",
    version: "1.0.0",
    type: "UI",
    status: "ACTIVE",
    icon: "star",
    isCore: false,
    enabledByDefault: true,
    dependencies: ["task-manager"],
    order: 5,
    // A widget on the dashboard and a pin on each task's page: no page of its own.
    routes: [],
    menuItems: [],
  },
  {
    id: "group-tasks",
    name: "Group tasks",
    version: "1.0.0",
    type: "TASKS",
    status: "ACTIVE",
    icon: "layers",
    isCore: false,
    enabledByDefault: true,
    dependencies: ["task-manager"],
    order: 10,
    routes: ["/group-tasks"],
    menuItems: [{ label: "Group tasks", path: "/group-tasks", icon: "layers", section: "pages", order: 20 }],
  },
  {
    id: "task-categories",
    name: "Task categories",
    version: "1.0.0",
    type: "TASKS",
    status: "ACTIVE",
    icon: "tags",
    isCore: false,
    enabledByDefault: true,
    dependencies: ["task-manager"],
    order: 20,
    // Its page is the Categories section of /settings (the spec's /category-settings leads there).
    routes: ["/settings"],
    menuItems: [],
  },
  {
    id: "task-delegation",
    name: "Delegation and time",
    version: "1.0.0",
    type: "TASKS",
    status: "ACTIVE",
    icon: "handshake",
    isCore: false,
    enabledByDefault: true,
    dependencies: ["task-manager"],
    order: 15,
    // /task-delegation is the module's default page; a group owner switches its parts per group
    // on /task-delegation-settings.
    routes: [
      "/task-delegation",
      "/task-assignment",
      "/task-volunteering",
      "/task-delegation-settings",
      "/time-tracking",
    ],
    menuItems: [
      { label: "Delegation", path: "/task-delegation", icon: "handshake", section: "pages", order: 22 },
      { label: "Time tracking", path: "/time-tracking", icon: "timer", section: "pages", order: 24 },
    ],
  },
  {
    id: "task-analysis",
    name: "Task analysis",
    version: "1.0.0",
    type: "TASKS",
    status: "ACTIVE",
    icon: "chart-column",
    isCore: false,
    enabledByDefault: true,
    dependencies: ["task-manager", "task-delegation"],
    order: 25,
    routes: ["/analysis-settings"],
    menuItems: [{ label: "Analysis", path: "/analysis-settings", icon: "chart-column", section: "pages", order: 26 }],
  },
  {
    id: "assistant",
    name: "Assistant",
    version: "1.0.0",
    type: "UI",
    status: "ACTIVE",
    icon: "sparkles",
    isCore: false,
    enabledByDefault: true,
    dependencies: ["task-manager"],
    order: 30,
    // A panel on every signed-in page: no page of its own.
    routes: [],
    menuItems: [],
  },
  {
    id: "messaging",
    name: "Messaging",
    version: "1.0.0",
    type: "MESSAGING",
    status: "ACTIVE",
    icon: "messages-square",
    isCore: false,
    enabledByDefault: true,
    dependencies: ["task-manager"],
    order: 35,
    // /messaging-settings is reached from the Messages page, not the menu.
    routes: ["/isolated-messaging", "/messaging-settings"],
    menuItems: [
      { label: "Messages", path: "/isolated-messaging", icon: "messages-square", section: "pages", order: 21 },
    ],
  },
  {
    id: "calendar-sync",
    name: "Calendar",
    version: "1.0.0",
    type: "TASKS",
    status: "ACTIVE",
    icon: "calendar",
    isCore: false,
    enabledByDefault: true,
    dependencies: ["task-manager"],
    order: 40,
    // /calendar-settings is reached from the Calendar page, /calendar-auth and /google-calendar
    // from the settings, /embedded-google-calendar by its address (a bookmark of one outside
    // calendar): none from the menu.
    routes: ["/calendar", "/calendar-settings", "/calendar-auth", "/google-calendar", "/embedded-google-calendar"],
    menuItems: [{ label: "Calendar", path: "/calendar", icon: "calendar", section: "views", order: 30 }],
  },
  {
    id: "shopping",
    name: "Shopping & meals",
    version: "1.0.0",
    type: "TASKS",
    status: "ACTIVE",
    icon: "shopping-cart",
    isCore: false,
    enabledByDefault: true,
    dependencies: ["task-manager"],
    order: 45,
    routes: ["/shopping-list", "/meal-planner"],
    menuItems: [
      { label: "Shopping", path: "/shopping-list", icon: "shopping-cart", section: "pages", order: 22 },
      { label: "Meals", path: "/meal-planner", icon: "utensils", section: "pages", order: 23 },
    ],
  },
  {
    id: "digital-coupons",
    name: "Coupons",
    version: "1.0.0",
    type: "TASKS",
    status: "ACTIVE",
    icon: "ticket",
    isCore: false,
    enabledByDefault: true,
    dependencies: ["task-manager"],
    order: 46,
    routes: ["/digital-coupons"],
    menuItems: [{ label: "Coupons", path: "/digital-coupons", icon: "ticket", section: "pages", order: 28 }],
  },
  {
    id: "core-settings",
    name: "Settings",
    version: "1.0.0",
    type: "CORE",
    status: "ACTIVE",
    icon: "settings",
    isCore: true,
    enabledByDefault: true,
    dependencies: [],
    order: 100,
    routes: ["/settings", "/modules", "/admin", "/generate-icons"],
    menuItems: [
      { label: "Settings", path: "/settings", icon: "settings", section: "pages", order: 90 },
      { label: "Modules", path: "/modules", icon: "blocks", section: "pages", order: 95 },
      { label: "Admin", path: "/admin", icon: "shield", section: "pages", order: 100, adminOnly: true },
    ],
  },
];

/**
 * Menu items by section, then by their order (module order on a tie); `enabled` decides which
 * modules count (all of them until per-user toggles exist), and admin-only items appear for
 * instance admins.
 */
export function menuItems(
  enabled: (module: ModuleDefinition) => boolean = () => true,
  { isAdmin = false }: { isAdmin?: boolean } = {},
): MenuItem[] {
  return [...MODULES]
    .filter(enabled)
    .sort((a, b) => a.order - b.order)
    .flatMap((module) => module.menuItems)
    .filter((item) => isAdmin || !item.adminOnly)
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        MENU_SECTIONS.indexOf(a.item.section) - MENU_SECTIONS.indexOf(b.item.section) ||
        a.item.order - b.item.order ||
        a.index - b.index,
    )
    .map(({ item }) => item);
}

/** The phone bar's items (left to right) and the rest, which More lists. */
export function splitForBar(items: readonly MenuItem[]): { bar: MenuItem[]; more: MenuItem[] } {
  const bar = items
    .filter((item) => item.bar !== undefined)
    .sort((a, b) => (a.bar ?? 0) - (b.bar ?? 0))
    .slice(0, BAR_ITEMS);
  return { bar, more: items.filter((item) => !bar.includes(item)) };
}
