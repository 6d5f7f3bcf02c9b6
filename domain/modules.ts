import type { PagePath } from "./pages.js";

/**
 * The module registry. Navigation is built from it, so a feature that adds a page adds a menu
 * item here, and switching a module off (not built yet) can remove its entries without touching
 * other code. Menu items may only name pages that exist (checked by a unit test).
 */
export type ModuleType = "TASKS" | "MESSAGING" | "CORE" | "UI";

export interface MenuItem {
  label: string;
  path: PagePath;
  /** lucide icon name, resolved by the web app. */
  icon: "settings" | "shield" | "users" | "mail" | "layout-dashboard" | "list-checks" | "list-todo";
  /** Shown to instance admins only (the page itself is guarded on the server too). */
  adminOnly?: boolean;
}

export interface ModuleDefinition {
  id: string;
  name: string;
  description: string;
  version: string;
  type: ModuleType;
  isCore: boolean;
  dependencies: readonly string[];
  order: number;
  routes: readonly PagePath[];
  menuItems: readonly MenuItem[];
}

export const MODULES: readonly ModuleDefinition[] = [
  {
    id: "task-manager",
    name: "Task manager",
    description: "Tasks, subtasks, priorities and deadlines.",
    version: "1.0.0",
    type: "CORE",
    isCore: true,
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
      // "/" is the signed-in user's task list of the current group (visitors get the landing page).
      { label: "Tasks", path: "/", icon: "list-todo" },
      { label: "Dashboard", path: "/dashboard", icon: "layout-dashboard" },
      { label: "Groups", path: "/groups", icon: "users" },
      { label: "Invitations", path: "/invitations", icon: "mail" },
    ],
  },
  {
    id: "group-tasks",
    name: "Group tasks",
    description: "Every task of all your groups in one list, including tasks shared with them.",
    version: "1.0.0",
    type: "TASKS",
    isCore: false,
    dependencies: ["task-manager"],
    order: 10,
    routes: ["/group-tasks"],
    menuItems: [{ label: "Group tasks", path: "/group-tasks", icon: "list-checks" }],
  },
  {
    id: "task-categories",
    name: "Task categories",
    description: "A group's categories: names, colours, icons, sharing, order and clean-up.",
    version: "1.0.0",
    type: "TASKS",
    isCore: false,
    dependencies: ["task-manager"],
    order: 20,
    // Its page is the Categories section of /settings (the spec's /category-settings leads there).
    routes: ["/settings"],
    menuItems: [],
  },
  {
    id: "core-settings",
    name: "Settings",
    description: "Appearance and preferences.",
    version: "1.0.0",
    type: "CORE",
    isCore: true,
    dependencies: [],
    order: 100,
    routes: ["/settings", "/admin", "/generate-icons"],
    menuItems: [
      { label: "Settings", path: "/settings", icon: "settings" },
      { label: "Admin", path: "/admin", icon: "shield", adminOnly: true },
    ],
  },
];

/**
 * Menu items in module order; `enabled` decides which modules count (all of them until per-user
 * toggles exist), and admin-only items appear for instance admins.
 */
export function menuItems(
  enabled: (module: ModuleDefinition) => boolean = () => true,
  { isAdmin = false }: { isAdmin?: boolean } = {},
): MenuItem[] {
  return [...MODULES]
    .filter(enabled)
    .sort((a, b) => a.order - b.order)
    .flatMap((module) => module.menuItems)
    .filter((item) => isAdmin || !item.adminOnly);
}
