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
  description: string;
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
  description: guide.description,
  access: "public" as const,
  layout: "public" as const,
}));

export const PAGES = [
  {
    path: "/",
    title: "Tandem",
    description: "Tasks for you, your family and your team: shared lists that stay in sync, online and off.",
    access: "public",
    layout: "public",
  },
  {
    path: "/about",
    title: "About Tandem",
    description: "What Tandem is, who builds it, and how a self-hosted instance keeps your tasks under your control.",
    access: "public",
    layout: "public",
  },
  {
    path: "/privacy-policy",
    title: "Privacy policy",
    description: "What this Tandem instance stores in your browser and on its server, why, and for how long.",
    access: "public",
    layout: "public",
  },
  {
    path: "/install-instructions",
    title: "Install Tandem",
    description:
      "How to add Tandem to your home screen or app list on iPhone, iPad, Android, Windows, macOS, Linux and ChromeOS.",
    access: "public",
    layout: "public",
  },
  {
    path: "/terms-of-service",
    title: "Terms of service",
    description: "The terms under which this Tandem instance is offered to you.",
    access: "public",
    layout: "public",
  },
  ...GUIDE_PAGES,
  {
    path: "/guides",
    title: "Guides",
    description:
      "Practical guides on family routines, delegation, time blocking, time tracking, shopping and staying organized, with or without Tandem.",
    access: "public",
    layout: "public",
  },
  {
    path: "/blog",
    title: "Blog",
    description: "Notes from the people building Tandem: how it works, why it works that way, and how to run it.",
    access: "public",
    layout: "public",
  },
  {
    path: "/help",
    title: "Help",
    description:
      "Answers about tasks, categories, groups, invitations, locking, working offline, settings, backups, your account and the keyboard shortcuts in Tandem.",
    access: "public",
    layout: "public",
  },
  {
    path: "/quick-start",
    title: "Quick start",
    description:
      "Your first ten minutes with Tandem, step by step, from signing in and adding tasks to inviting your family or team and installing the app.",
    access: "public",
    layout: "public",
  },
  {
    path: "/cookie-policy",
    title: "Cookie policy",
    description:
      "The cookies, local storage entries, IndexedDB data and offline caches Tandem keeps in your browser, what each one is for and how long it stays there.",
    access: "public",
    layout: "public",
  },
  {
    path: "/cookie-settings",
    title: "Cookie settings",
    description:
      "Decide what Tandem may keep in this browser beyond what it needs: the offline app for visitors, and review what is always on.",
    access: "public",
    layout: "public",
  },
  {
    path: "/contact",
    title: "Contact",
    description: "Write to the people who run this Tandem instance: questions, problems, requests about your data.",
    access: "public",
    layout: "public",
  },
  {
    path: "/crawler-access",
    title: "Crawler access",
    description:
      "Which parts of this Tandem instance search engines and other crawlers may fetch, and why the rest is closed to them.",
    access: "public",
    layout: "public",
  },
  {
    path: "/ads-txt",
    title: "ads.txt",
    description: "The advertising sellers this Tandem instance authorizes, as published in its ads.txt file.",
    access: "public",
    layout: "public",
  },
  {
    // The spec's address of one post, /blog-post?slug=…; its canonical address is /blog/<slug>.
    path: "/blog-post",
    title: "Blog post",
    description: "A post from the Tandem blog: how the app works, why it works that way, and how to run it.",
    access: "public",
    layout: "public",
  },
  {
    path: "/settings",
    title: "Settings",
    description:
      "Appearance, tasks, categories, notifications and backups: your Tandem settings on one page, synced to your account.",
    access: "app",
    layout: "app",
  },
  {
    path: "/login",
    title: "Sign in",
    description: "Sign in to Tandem to see your tasks, groups and settings on every device.",
    access: "public",
    layout: "public",
  },
  {
    path: "/logout",
    title: "Signing out",
    description: "Sign out of Tandem on this device and clear the data it kept here.",
    access: "public",
    layout: "public",
  },
  {
    path: "/sign-out",
    title: "Signing out",
    description: "Sign out of Tandem on this device and clear the data it kept here.",
    access: "public",
    layout: "public",
  },
  {
    path: "/profile",
    title: "Profile",
    description: "Your name, picture, time zone and language as the people you share groups with see them.",
    access: "app",
    layout: "app",
  },
  {
    path: "/account-management",
    title: "Account",
    description: "How you sign in, the browsers signed in to your account, and your API tokens.",
    access: "app",
    layout: "app",
  },
  {
    path: "/delete-account",
    title: "Delete account",
    description: "Delete your account and everything that is only yours.",
    access: "app",
    layout: "app",
  },
  {
    path: "/goodbye",
    title: "Goodbye",
    description: "Your account has been deleted. Thank you for using Tandem.",
    access: "public",
    layout: "public",
  },
  {
    path: "/verify-email",
    title: "Confirm your email address",
    description: "Opened from the confirmation email: confirms the email address of your Tandem account.",
    access: "public",
    layout: "public",
    noindex: true,
  },
  {
    path: "/unsubscribe",
    title: "Stop notification emails",
    description: "Opened from a notification email: stops the emails about one kind of notification.",
    access: "public",
    layout: "public",
    noindex: true,
  },
  {
    path: "/reset-password",
    title: "Choose a new password",
    description: "Opened from the password reset email: sets a new password for your Tandem account.",
    access: "public",
    layout: "public",
    noindex: true,
  },
  {
    path: "/admin",
    title: "Administration",
    description: "Administration of this Tandem instance: the mail the instance has sent and keeps in its outbox.",
    access: "admin",
    layout: "app",
  },
  {
    path: "/groups",
    title: "Groups",
    description: "Your personal, family and team groups with their members; create a group and answer invitations.",
    access: "app",
    layout: "app",
  },
  {
    path: "/group-settings",
    title: "Group settings",
    description: "Rename a group, invite people by email, manage members and ownership, leave or delete the group.",
    access: "app",
    layout: "app",
  },
  {
    path: "/notifications",
    title: "Notifications",
    description:
      "What happened in your groups while you were away: invitations, shared and completed tasks, reminders.",
    access: "app",
    layout: "app",
  },
  {
    path: "/invitations",
    title: "Invitations",
    description:
      "Invitations to join a family or team group that you received, and the ones you sent and can withdraw.",
    access: "app",
    layout: "app",
  },
  {
    path: "/family-organization",
    title: "Organize your family",
    description:
      "Share chores, meals, school and appointments with your family in one group everyone can see and update.",
    access: "app",
    layout: "app",
  },
  {
    path: "/business-organization",
    title: "Organize your team",
    description:
      "One shared task list for your team: projects, meetings and admin work, owned and visible to all members.",
    access: "app",
    layout: "app",
  },
  {
    path: "/personal-organization",
    title: "Organize yourself",
    description:
      "Your personal group: a private task list only you can see, for work, errands and everything in between.",
    access: "app",
    layout: "app",
  },
  {
    path: "/task-detail-page",
    title: "Task",
    description:
      "One task with its priority, category, deadline, notes and subtasks; lock it or share it with your groups.",
    access: "app",
    layout: "app",
  },
  {
    path: "/mobile-task-detail-page",
    title: "Task",
    description: "One task on a phone: its priority, category, deadline, notes and subtasks.",
    access: "app",
    layout: "app",
  },
  {
    path: "/generate-icons",
    title: "App icons",
    description: "The app icon at every size the web app manifest and the platforms use, with preview and download.",
    access: "admin",
    layout: "app",
  },
  {
    path: "/offline",
    title: "Offline changes",
    description:
      "Changes made on this device that wait to be sent, and any the server refused, with retry and discard.",
    access: "app",
    layout: "app",
  },
  {
    path: "/dashboard",
    title: "Dashboard",
    description:
      "Open, due-today, overdue and recently completed tasks of your group or all your groups, by category and member.",
    access: "app",
    layout: "app",
  },
  {
    path: "/today",
    title: "Today",
    description: "What is overdue and what is due today, across all your groups.",
    access: "app",
    layout: "app",
  },
  {
    path: "/upcoming",
    title: "Upcoming",
    description: "Your tasks of the next 14 days, day by day, across all your groups.",
    access: "app",
    layout: "app",
  },
  {
    path: "/modules",
    title: "Modules",
    description:
      "What each part of Tandem does, what it needs, and switches to turn it on or off for you or for a group you own.",
    access: "app",
    layout: "app",
  },
  {
    path: "/group-tasks",
    title: "Group tasks",
    description: "Every task you can see across all your groups, including tasks shared with them, grouped by group.",
    access: "app",
    layout: "app",
  },
  {
    path: "/task-delegation",
    title: "Delegation",
    description: "Tasks you asked others to take and tasks others asked you to take: accept, decline or revoke.",
    access: "app",
    layout: "app",
  },
  {
    path: "/task-assignment",
    title: "Assignment",
    description: "Who does what in each group: assign tasks to members, see what is assigned to you, rotate chores.",
    access: "app",
    layout: "app",
  },
  {
    path: "/task-volunteering",
    title: "Volunteering",
    description: "Open tasks anyone in the group can claim: the first to claim one takes it.",
    access: "app",
    layout: "app",
  },
  {
    path: "/task-delegation-settings",
    title: "Delegation settings",
    description: "Which of delegation, assignment, volunteering and time tracking a group uses, and how chores rotate.",
    access: "app",
    layout: "app",
  },
  {
    path: "/time-tracking",
    title: "Time tracking",
    description:
      "Timers and time entries on tasks, estimates against actual time, and reports by member, category and week.",
    access: "app",
    layout: "app",
  },
  {
    path: "/analysis-settings",
    title: "Task analysis",
    description:
      "Completion, overdue trends, time per category, estimate accuracy and suggestions for each group and member.",
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
  description: "Sign in or create an account.",
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
