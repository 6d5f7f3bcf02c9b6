import type { ServerModule } from "../server-module.js";
import { calendarMigrations } from "./migrations.js";
import { calendarRoutes } from "./routes.js";

/** Tasks in any calendar app: secret ICS feeds (docs/calendar.md). */
export const calendarSync: ServerModule = {
  id: "calendar-sync",
  migrations: calendarMigrations,
  routes: calendarRoutes,
};
