import type { ComponentType } from "react";
import type { PagePath } from "../../domain/pages";

type PageModule = { default: ComponentType };

/**
 * The component of every page in domain/pages.ts, loaded on demand. The Record type makes a page
 * without a component a compile error.
 */
export const PAGE_COMPONENTS: Record<PagePath, () => Promise<PageModule>> = {
  "/": () => import("../scenes/tasks/HomePage"),
  "/landing": () => import("../scenes/landing/LandingPage"),
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
  "/family-organization": () => import("../scenes/groups/FamilyOrganizationPage"),
  "/business-organization": () => import("../scenes/groups/BusinessOrganizationPage"),
  "/personal-organization": () => import("../scenes/groups/PersonalOrganizationPage"),
  "/task-detail-page": () => import("../scenes/tasks/TaskDetailPage"),
  "/mobile-task-detail-page": () => import("../scenes/tasks/MobileTaskDetailPage"),
  "/dashboard": () => import("../scenes/dashboard/DashboardPage"),
  "/offline": () => import("../scenes/offline/OfflinePage"),
  "/group-tasks": () => import("../scenes/group-tasks/GroupTasksPage"),
  "/core-settings": () => import("../scenes/settings/CoreSettingsPage"),
  "/task-settings": () => import("../scenes/settings/TaskSettingsPage"),
  "/category-settings": () => import("../scenes/settings/CategorySettingsPage"),
};
