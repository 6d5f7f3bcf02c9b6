import { lazy } from "react";
import type { WebModule } from "../web-module";

/**
 * /calendar: tasks with deadlines and outside calendars' events by month, week or agenda;
 * /calendar-settings: secret feeds, CalDAV app passwords and outside calendars; /calendar-auth
 * and /google-calendar: the ways to connect a calendar, Google's step by step;
 * /embedded-google-calendar: one outside calendar on its own
 * (server/modules/calendar-sync/, docs/calendar.md).
 */
export const calendarSync: WebModule = {
  id: "calendar-sync",
  // CALENDAR_QUERY_ROOT of keys.ts, written out: importing it would bring every key into the first load.
  queryRoots: ["calendar"],
  pages: {
    "/calendar": () => import("./CalendarPage"),
    "/calendar-settings": () => import("./CalendarSettingsPages"),
    "/calendar-auth": () => import("./CalendarSettingsPages"),
    "/google-calendar": () => import("./CalendarSettingsPages"),
    "/embedded-google-calendar": () => import("./EmbeddedCalendarPage"),
  },
  // "Add to calendar" in a task's editor (the events POST).
  TaskAction: lazy(() => import("./TaskCalendarAction")),
};
