import type { ServerModule } from "../server-module.js";
import { favoritesMigrations } from "./migrations.js";
import { favoriteRoutes } from "./routes.js";

/** Tasks pinned to the dashboard, per user, in their order, live on the user's devices. */
export const favoritesWidget: ServerModule = {
  id: "favorites-widget",
  migrations: favoritesMigrations,
  routes: favoriteRoutes,
};
