/**
 * The page table shared by the server (which answers 200 or 404 and writes the canonical link) and
 * the web app (which maps each page to a component). A feature issue adds its pages here; nothing
 * links to a page that is not in this table.
 */
import { type GuideSlug, GUIDES } from "./guides.js";
export type PageAccess = "public" | "app" | "admin";

export interface PageDefinition {
  /** Canonical, hyphenated path. */
  path: string;
  title: string;
  /**
   * A blog post's summary; every other page's is in domain/page-descriptions.ts (describePage),
   * which stays out of the app's first load.
   */
  description?: string;
  access: PageAccess;
  /** Public layout (marketing header/footer) or the app layout (app header, module navigation). */
  layout: "public" | "app";
  /** Pages reached only from an emailed link: kept out of search results (robots noindex). */
  noindex?: boolean;
  /** A blog post's date (YYYY-MM-DD): its page is an article published then. */
  published?: string;
}

/** Each guide is a page of its own at /<slug> (domain/guides.ts, content/<slug>.md). */
const GUIDE_PAGES = GUIDES.map((guide) => ({
  path: `/${guide.slug}` as `/${GuideSlug}`,
  title: guide.title,
  access: "public" as const,
  layout: "public" as const,
}));

export const PAGES = [
  {
    path: "/",
    title: "Tandem",
    access: "public",
    layout: "public",
  },
  {
    path: "/about",
    title: "About Tandem",
    access: "public",
    layout: "public",
  },
  {
    path: "/privacy-policy",
    title: "Privacy policy",
    access: "public",
    layout: "public",
  },
  {
    path: "/install-instructions",
    title: "Install Tandem",
    access: "public",
    layout: "public",
  },
  {
    path: "/terms-of-service",
    title: "Terms of service",
    access: "public",
    layout: "public",
  },
  ...GUIDE_PAGES,
  {
    path: "/guides",
    title: "Guides",
    access: "public",
    layout: "public",
  },
  {
    path: "/blog",
    title: "Blog",
    access: "public",
    layout: "public",
  },
  {
    path: "/help",
    title: "Help",
    access: "public",
    layout: "public",
  },
  {
    path: "/quick-start",
    title: "Quick start",
    access: "public",
    layout: "public",
  },
  {
    path: "/cookie-policy",
    title: "Cookie policy",
    access: "public",
    layout: "public",
  },
  {
    path: "/cookie-settings",
    title: "Cookie settings",
    access: "public",
    layout: "public",
  },
  {
    path: "/contact",
    title: "Contact",
    access: "public",
    layout: "public",
  },
  {
    path: "/crawler-access",
    title: "Crawler access",
    access: "public",
    layout: "public",
  },
  {
    path: "/ads-txt",
    title: "ads.txt",
    access: "public",
    layout: "public",
  },
  {
    // The spec's address of one post, /blog-post?slug=…; its canonical address is /blog/<slug>.
    path: "/blog-post",
    title: "Blog post",
    access: "public",
    layout: "public",
  },
  {
    path: "/settings",
    title: "Settings",
    access: "app",
    layout: "app",
  },
  {
    path: "/login",
    title: "Sign in",
    access: "public",
    layout: "public",
  },
  {
    path: "/logout",
    title: "Signing out",
    access: "public",
    layout: "public",
  },
  {
    path: "/sign-out",
    title: "Signing out",
    access: "public",
    layout: "public",
  },
  {
    path: "/profile",
    title: "Profile",
    access: "app",
    layout: "app",
  },
  {
    path: "/account-management",
    title: "Account",
    access: "app",
    layout: "app",
  },
  {
    path: "/delete-account",
    title: "Delete account",
    access: "app",
    layout: "app",
  },
  {
    path: "/goodbye",
    title: "Goodbye",
    access: "public",
    layout: "public",
  },
  {
    path: "/verify-email",
    title: "Confirm your email address",
    access: "public",
    layout: "public",
    noindex: true,
  },
  {
    path: "/unsubscribe",
    title: "Stop notification emails",
    access: "public",
    layout: "public",
    noindex: true,
  },
  {
    path: "/reset-password",
    title: "Choose a new password",
    access: "public",
    layout: "public",
    noindex: true,
  },
  {
    path: "/admin",
    title: "Administration",
    access: "admin",
    layout: "app",
  },
  {
    path: "/groups",
    title: "Groups",
    access: "app",
    layout: "app",
  },
  {
    path: "/group-settings",
    title: "Group settings",
    access: "app",
    layout: "app",
  },
  {
    path: "/notifications",
    title: "Notifications",
    access: "app",
    layout: "app",
  },
  {
    path: "/invitations",
    title: "Invitations",
    access: "app",
    layout: "app",
  },
  {
    path: "/family-organization",
    title: "Organize your family",
    access: "app",
    layout: "app",
  },
  {
    path: "/business-organization",
    title: "Organize your team",
    access: "app",
    layout: "app",
  },
  {
    path: "/personal-organization",
    title: "Organize yourself",
    access: "app",
    layout: "app",
  },
  {
    path: "/task-detail-page",
    title: "Task",
    access: "app",
    layout: "app",
  },
  {
    path: "/mobile-task-detail-page",
    title: "Task",
    access: "app",
    layout: "app",
  },
  {
    path: "/generate-icons",
    title: "App icons",
    access: "admin",
    layout: "app",
  },
  {
    path: "/offline",
    title: "Offline changes",
    access: "app",
    layout: "app",
  },
  {
    path: "/dashboard",
    title: "Dashboard",
    access: "app",
    layout: "app",
  },
  {
    path: "/today",
    title: "Today",
    access: "app",
    layout: "app",
  },
  {
    path: "/upcoming",
    title: "Upcoming",
    access: "app",
    layout: "app",
  },
  {
    path: "/modules",
    title: "Modules",
    access: "app",
    layout: "app",
  },
  {
    path: "/group-tasks",
    title: "Group tasks",
    access: "app",
    layout: "app",
  },
  {
    path: "/task-delegation",
    title: "Delegation",
    access: "app",
    layout: "app",
  },
  {
    path: "/task-assignment",
    title: "Assignment",
    access: "app",
    layout: "app",
  },
  {
    path: "/task-volunteering",
    title: "Volunteering",
    access: "app",
    layout: "app",
  },
  {
    path: "/task-delegation-settings",
    title: "Delegation settings",
    access: "app",
    layout: "app",
  },
  {
    path: "/time-tracking",
    title: "Time tracking",
    access: "app",
    layout: "app",
  },
  {
    path: "/analysis-settings",
    title: "Task analysis",
    access: "app",
    layout: "app",
  },
  {
    path: "/isolated-messaging",
    title: "Messages",
    access: "app",
    layout: "app",
  },
  {
    path: "/messaging-settings",
    title: "Messaging settings",
    access: "app",
    layout: "app",
  },
  {
    path: "/calendar",
    title: "Calendar",
    access: "app",
    layout: "app",
  },
  {
    path: "/calendar-settings",
    title: "Calendar settings",
    access: "app",
    layout: "app",
  },
  {
    path: "/calendar-auth",
    title: "Connect a calendar",
    access: "app",
    layout: "app",
  },
  {
    path: "/google-calendar",
    title: "Google Calendar",
    access: "app",
    layout: "app",
  },
  {
    path: "/embedded-google-calendar",
    title: "Outside calendar",
    access: "app",
    layout: "app",
  },
  {
    path: "/shopping-list",
    title: "Shopping list",
    access: "app",
    layout: "app",
  },
  {
    path: "/digital-coupons",
    title: "Coupons",
    access: "app",
    layout: "app",
  },
  {
    path: "/meal-planner",
    title: "Meal planner",
    access: "app",
    layout: "app",
  },
] as const satisfies readonly PageDefinition[];

/**
 * The built-in identity provider's sign-in step (/oidc/interaction/:uid): served like a page,
 * but its path carries the interaction id, so it is not in the table above.
 */
export const IDP_SIGN_IN_PAGE: PageDefinition = {
  path: "/oidc/interaction",
  title: "Sign in",
  access: "public",
  layout: "public",
  noindex: true,
};

/** Whether a path is a step of the built-in provider's sign-in (/oidc/interaction/<uid>). */
export function isIdpSignInPath(pathname: string): boolean {
  return /^\/oidc\/interaction\/[^/]+\/?$/.test(pathname);
}

/** The sections of /settings, each an anchor (/settings#tasks) with a heading of its own. */
export const SETTINGS_SECTIONS = ["appearance", "tasks", "categories", "notifications", "backup", "account"] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/**
 * Addresses of the specification that show what another page shows: each answers with its
 * canonical page (a 301 from the server, a replacing navigation in the app), keeping the query.
 * Their hyphen-less aliases lead to the same place. The three settings pages are sections of
 * /settings now (docs/decisions.md, "Public site").
 */
export const PAGE_REDIRECTS = [
  { from: "/landing", to: "/" },
  { from: "/cookies-page", to: "/cookie-policy" },
  { from: "/contact-us", to: "/contact" },
  { from: "/core-settings", to: "/settings#appearance" },
  { from: "/task-settings", to: "/settings#tasks" },
  { from: "/category-settings", to: "/settings#categories" },
  // The modules have no settings of their own beyond their switches, which /modules holds.
  { from: "/module-settings", to: "/modules" },
] as const satisfies readonly { from: string; to: `/${string}` }[];

export type PagePath = (typeof PAGES)[number]["path"];

/** The spec's second path for every page: the same path with the hyphens removed. */
export function aliasOf(path: string): string {
  return path.replaceAll("-", "");
}

const byPath = new Map<string, PageDefinition>();
for (const page of PAGES) {
  byPath.set(page.path, page);
  byPath.set(aliasOf(page.path), page);
}

/** Trailing slashes are tolerated ("/about/"); everything else must match exactly. */
function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
}

/** The page a request path shows, or undefined for the not-found page. */
export function findPage(pathname: string): PageDefinition | undefined {
  return byPath.get(normalise(pathname));
}

/** Every path that serves a page: canonical paths and their aliases, without duplicates. */
export function allPagePaths(): string[] {
  return [...byPath.keys()];
}

const redirects = new Map<string, string>();
for (const { from, to } of PAGE_REDIRECTS) {
  redirects.set(from, to);
  redirects.set(aliasOf(from), to);
}

/** Every path that leads to another page (PAGE_REDIRECTS and their aliases). */
export function allRedirectPaths(): string[] {
  return [...redirects.keys()];
}

/**
 * Where a redirecting path leads, with the request's query (`search`, "" or "?…") kept and the
 * target's section anchor after it; undefined when the path is not one of PAGE_REDIRECTS.
 */
export function redirectTarget(pathname: string, search = ""): string | undefined {
  const to = redirects.get(normalise(pathname));
  if (to === undefined) return undefined;
  const hashAt = to.indexOf("#");
  return hashAt === -1 ? to + search : to.slice(0, hashAt) + search + to.slice(hashAt);
}

/** The web app's not-found page title, shared so the server's 404 HTML and the app agree. */
export const NOT_FOUND_TITLE = "Page not found";

/**
 * The document title of a page, the same in the server's HTML and after the app navigates:
 * "<page> · <instance>", the instance's name alone on the start page, "Page not found · <instance>"
 * where there is no page.
 */
export function documentTitle(page: Pick<PageDefinition, "path" | "title"> | undefined, instanceName: string): string {
  if (!page) return `${NOT_FOUND_TITLE} · ${instanceName}`;
  return page.path === "/" ? instanceName : `${page.title} · ${instanceName}`;
}
