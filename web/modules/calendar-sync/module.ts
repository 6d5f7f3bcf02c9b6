import type { WebModule } from "../web-module";
import { CALENDAR_QUERY_ROOT } from "./keys";

/**
 * /calendar: tasks with deadlines by month, week or agenda; /calendar-settings: secret feeds for
 * calendar apps (server/modules/calendar-sync/, docs/calendar.md).
 */
export const calendarSync: WebModule = {
  id: "calendar-sync",
  queryRoots: [CALENDAR_QUERY_ROOT],
  pages: {
    "/calendar": () => import("./CalendarPage"),
    "/calendar-settings": () => import("./CalendarSettingsPage"),
  },
};
