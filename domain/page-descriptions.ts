import { GUIDE_DESCRIPTIONS } from "./guide-descriptions.js";
import type { GuideSlug } from "./guides.js";
import { IDP_SIGN_IN_PAGE, type PageDefinition, type PagePath } from "./pages.js";

/**
 * What each page is, for search results and shared links (the description meta and og tags).
 * Apart from the page table (domain/pages.ts): the server writes them into each page it sends, and
 * the web app loads them only when it changes pages itself, so they stay out of its first load.
 */
const DESCRIPTIONS: Record<Exclude<PagePath, `/${GuideSlug}`>, string> = {
  "/": "Tasks for you, your family and your team: shared lists that stay in sync, online and off.",
  "/about": "What Tandem is, who builds it, and how a self-hosted instance keeps your tasks under your control.",
  "/privacy-policy": "What this Tandem instance stores in your browser and on its server, why, and for how long.",
  "/install-instructions":
    "How to add Tandem to your home screen or app list on iPhone, iPad, Android, Windows, macOS, Linux and ChromeOS.",
  "/terms-of-service": "The terms under which this Tandem instance is offered to you.",
  "/guides":
    "Practical guides on family routines, delegation, time blocking, time tracking, shopping and staying organized, with or without Tandem.",
  "/blog": "Notes from the people building Tandem: how it works, why it works that way, and how to run it.",
  "/help":
    "Answers about tasks, categories, groups, invitations, locking, working offline, settings, backups, your account and the keyboard shortcuts in Tandem.",
  "/quick-start":
    "Your first ten minutes with Tandem, step by step, from signing in and adding tasks to inviting your family or team and installing the app.",
  "/cookie-policy":
    "The cookies, local storage entries, IndexedDB data and offline caches Tandem keeps in your browser, what each one is for and how long it stays there.",
  "/cookie-settings":
    "Decide what Tandem may keep in this browser beyond what it needs: the offline app for visitors, and review what is always on.",
  "/contact": "Write to the people who run this Tandem instance: questions, problems, requests about your data.",
  "/crawler-access":
    "Which parts of this Tandem instance search engines and other crawlers may fetch, and why the rest is closed to them.",
  "/ads-txt": "The advertising sellers this Tandem instance authorizes, as published in its ads.txt file.",
  "/blog-post": "A post from the Tandem blog: how the app works, why it works that way, and how to run it.",
  "/settings":
    "Appearance, tasks, categories, notifications and backups: your Tandem settings on one page, synced to your account.",
  "/login": "Sign in to Tandem to see your tasks, groups and settings on every device.",
  "/logout": "Sign out of Tandem on this device and clear the data it kept here.",
  "/sign-out": "Sign out of Tandem on this device and clear the data it kept here.",
  "/profile": "Your name, picture, time zone and language as the people you share groups with see them.",
  "/account-management": "How you sign in, the browsers signed in to your account, and your API tokens.",
  "/delete-account": "Delete your account and everything that is only yours.",
  "/goodbye": "Your account has been deleted. Thank you for using Tandem.",
  "/verify-email": "Opened from the confirmation email: confirms the email address of your Tandem account.",
  "/unsubscribe": "Opened from a notification email: stops the emails about one kind of notification.",
  "/reset-password": "Opened from the password reset email: sets a new password for your Tandem account.",
  "/admin": "Administration of this Tandem instance: the mail the instance has sent and keeps in its outbox.",
  "/groups": "Your personal, family and team groups with their members; create a group and answer invitations.",
  "/group-settings": "Rename a group, invite people by email, manage members and ownership, leave or delete the group.",
  "/notifications":
    "What happened in your groups while you were away: invitations, shared and completed tasks, reminders.",
  "/invitations":
    "Invitations to join a family or team group that you received, and the ones you sent and can withdraw.",
  "/family-organization":
    "Share chores, meals, school and appointments with your family in one group everyone can see and update.",
  "/business-organization":
    "One shared task list for your team: projects, meetings and admin work, owned and visible to all members.",
  "/personal-organization":
    "Your personal group: a private task list only you can see, for work, errands and everything in between.",
  "/task-detail-page":
    "One task with its priority, category, deadline, notes and subtasks; lock it or share it with your groups.",
  "/mobile-task-detail-page": "One task on a phone: its priority, category, deadline, notes and subtasks.",
  "/generate-icons":
    "The app icon at every size the web app manifest and the platforms use, with preview and download.",
  "/offline": "Changes made on this device that wait to be sent, and any the server refused, with retry and discard.",
  "/dashboard":
    "Open, due-today, overdue and recently completed tasks of your group or all your groups, by category and member.",
  "/today": "What is overdue and what is due today, across all your groups.",
  "/upcoming": "Your tasks of the next 14 days, day by day, across all your groups.",
  "/modules":
    "What each part of Tandem does, what it needs, and switches to turn it on or off for you or for a group you own.",
  "/group-tasks": "Every task you can see across all your groups, including tasks shared with them, grouped by group.",
  "/task-delegation": "Tasks you asked others to take and tasks others asked you to take: accept, decline or revoke.",
  "/task-assignment":
    "Who does what in each group: assign tasks to members, see what is assigned to you, rotate chores.",
  "/task-volunteering": "Open tasks anyone in the group can claim: the first to claim one takes it.",
  "/task-delegation-settings":
    "Which of delegation, assignment, volunteering and time tracking a group uses, and how chores rotate.",
  "/time-tracking":
    "Timers and time entries on tasks, estimates against actual time, and reports by member, category and week.",
  "/analysis-settings":
    "Completion, overdue trends, time per category, estimate accuracy and suggestions for each group and member.",
  "/isolated-messaging": "Conversations of each of your groups and of their tasks, for the group's members only.",
  "/messaging-settings":
    "Read receipts, and how loudly each conversation of your groups and their tasks notifies you: every message, mentions only or nothing.",
  "/calendar": "Your tasks with deadlines and the calendars you subscribe to, by month, week or as an agenda.",
  "/calendar-settings":
    "Subscribe to your tasks from any calendar app, sync them both ways over CalDAV, and add outside calendars.",
  "/embedded-google-calendar":
    "One of your outside calendars, such as your Google calendar, on its own page by month, week or as an agenda.",
  "/shopping-list":
    "Your group's shopping list, sorted by aisle or the way your family walks each store, with suggestions.",
  "/calendar-auth":
    "The ways to connect a calendar: a secret feed for any app, CalDAV both ways or your Google account, and how each connection is doing.",
  "/google-calendar":
    "Your tasks in Google Calendar, Google's events beside your tasks, and your Google account connected, step by step.",
  "/digital-coupons":
    "Your group's coupons with their codes and barcodes, which still work, what they saved and which fit your shopping list.",
  "/meal-planner":
    "Your group's recipes and the week's meals: import a recipe from a page, plan who cooks, and add what is missing to the shopping list.",
};

/** A page's description: a blog post's own, a guide's, the provider's sign-in step's, or the table's. */
export function describePage(page: Pick<PageDefinition, "path" | "description">): string {
  if (page.description !== undefined) return page.description;
  if (page.path === IDP_SIGN_IN_PAGE.path) return "Sign in or create an account.";
  const guide = GUIDE_DESCRIPTIONS[page.path.slice(1) as GuideSlug] as string | undefined;
  return guide ?? (DESCRIPTIONS as Record<string, string>)[page.path] ?? "";
}
