import type { ServerModule } from "../server-module.js";
import { messagingMigrations } from "./migrations.js";
import { messagingRoutes } from "./routes.js";

/** Conversations of a group and of its tasks, for the group's current members only (docs/messaging.md). */
export const messagingModule: ServerModule = {
  id: "messaging",
  migrations: messagingMigrations,
  routes: messagingRoutes,
};
