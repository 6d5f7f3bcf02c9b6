import { type ComponentType, createElement } from "react";
import type { LoaderFunction } from "react-router";
import type { ContentDocument } from "../scenes/content/ContentPage";
import type { PagePath } from "../../domain/pages";
import { WEB_MODULES } from "../modules/registry";

/** A page's module: its component, and a loader when the page needs data before it can render. */
export type PageModule = { default: ComponentType; loader?: LoaderFunction };
type ContentModule = { default: ContentDocument };

/** A guide's page: the guide layout around its document, both loaded when the route is. */
function guide(load: () => Promise<ContentModule>): () => Promise<PageModule> {
  return async () => {
    const [{ default: document }, { GuidePage }] = await Promise.all([load(), import("../scenes/content/GuidePage")]);
    return { default: () => createElement(GuidePage, { document }) };
  };
}

/** The core's pages; a module's pages are in its folder (web/modules/web-module.ts). */
const CORE_PAGES: Partial<Record<PagePath, () => Promise<PageModule>>> = {
  "/": () => import("../scenes/tasks/HomePage"),
  "/about": () => import("../scenes/content/AboutPage"),
  "/privacy-policy": () => import("../scenes/content/PrivacyPolicyPage"),
  "/terms-of-service": () => import("../scenes/content/TermsOfServicePage"),
  "/install-instructions": () => import("../scenes/content/InstallInstructionsPage"),
  "/settings": () => import("../scenes/settings/SettingsPage"),
  "/login": () => import("../scenes/auth/LoginPage"),
  "/logout": () => import("../scenes/auth/LogoutPage"),
  "/sign-out": () => import("../scenes/auth/LogoutPage"),
  "/profile": () => import("../scenes/account/ProfilePage"),
  "/account-management": () => import("../scenes/account/AccountManagementPage"),
  "/delete-account": () => import("../scenes/account/DeleteAccountPage"),
  "/goodbye": () => import("../scenes/account/GoodbyePage"),
  "/verify-email": () => import("../scenes/auth/VerifyEmailPage"),
  "/reset-password": () => import("../scenes/auth/ResetPasswordPage"),
  "/admin": () => import("../scenes/admin/AdminPage"),
  "/generate-icons": () => import("../scenes/admin/GenerateIconsPage"),
  "/groups": () => import("../scenes/groups/GroupsPage"),
  "/group-settings": () => import("../scenes/groups/GroupSettingsPage"),
  "/invitations": () => import("../scenes/groups/InvitationsPage"),
  "/notifications": () => import("../scenes/notifications/NotificationsPage"),
  "/unsubscribe": () => import("../scenes/notifications/UnsubscribePage"),
  "/family-organization": () => import("../scenes/groups/FamilyOrganizationPage"),
  "/business-organization": () => import("../scenes/groups/BusinessOrganizationPage"),
  "/personal-organization": () => import("../scenes/groups/PersonalOrganizationPage"),
  "/task-detail-page": () => import("../scenes/tasks/TaskDetailPage"),
  "/mobile-task-detail-page": () => import("../scenes/tasks/MobileTaskDetailPage"),
  "/dashboard": () => import("../scenes/dashboard/DashboardPage"),
  "/offline": () => import("../scenes/offline/OfflinePage"),
  "/modules": () => import("../scenes/modules/ModulesPage"),
  "/today": () => import("../scenes/tasks/TodayPage"),
  "/upcoming": () => import("../scenes/tasks/UpcomingPage"),
  "/guides": () => import("../scenes/content/GuidesPage"),
  "/blog": () => import("../scenes/blog/BlogPage"),
  "/blog-post": () => import("../scenes/blog/BlogPostPage"),
  "/crawler-access": () => import("../scenes/content/CrawlerAccessPage"),
  "/help": () => import("../scenes/content/HelpPage"),
  "/quick-start": () => import("../scenes/content/QuickStartPage"),
  "/cookie-policy": () => import("../scenes/content/CookiePolicyPage"),
  "/cookie-settings": () => import("../scenes/content/CookieSettingsPage"),
  "/contact": () => import("../scenes/contact/ContactPage"),
  "/ads-txt": () => import("../scenes/content/AdsTxtPage"),
  // Each guide: its text (content/<slug>.md) and the guide layout, loaded together.
  "/ai-task-management": guide(() => import("virtual:content/ai-task-management")),
  "/digital-couponing2025": guide(() => import("virtual:content/digital-couponing2025")),
  "/digital-couponing-for-beginners": guide(() => import("virtual:content/digital-couponing-for-beginners")),
  "/digital-organization-tools": guide(() => import("virtual:content/digital-organization-tools")),
  "/effective-family-routines": guide(() => import("virtual:content/effective-family-routines")),
  "/family-task-management": guide(() => import("virtual:content/family-task-management")),
  "/science-of-productivity": guide(() => import("virtual:content/science-of-productivity")),
  "/smart-shopping-ai": guide(() => import("virtual:content/smart-shopping-ai")),
  "/store-layout-organization": guide(() => import("virtual:content/store-layout-organization")),
  "/task-delegation-guide": guide(() => import("virtual:content/task-delegation-guide")),
  "/time-blocking-techniques": guide(() => import("virtual:content/time-blocking-techniques")),
  "/time-tracking-guide": guide(() => import("virtual:content/time-tracking-guide")),
  "/time-tracking-instructions": guide(() => import("virtual:content/time-tracking-instructions")),
};

/**
 * The component of every page in domain/pages.ts, loaded on demand: the core's and the modules'.
 * A page with none, or with two, fails web/routes/page-components.test.ts (and the build, for an
 * app page: scripts/vite-plugin-preload-map.ts).
 */
export const PAGE_COMPONENTS: Partial<Record<PagePath, () => Promise<PageModule>>> = {
  ...CORE_PAGES,
  ...Object.assign({}, ...WEB_MODULES.map((module) => module.pages ?? {})),
};

/** Where each page's component comes from: "core" or a module's id (for the test). */
export function pageOwners(): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  const add = (path: string, owner: string) => owners.set(path, [...(owners.get(path) ?? []), owner]);
  for (const path of Object.keys(CORE_PAGES)) add(path, "core");
  for (const module of WEB_MODULES) for (const path of Object.keys(module.pages ?? {})) add(path, module.id);
  return owners;
}
