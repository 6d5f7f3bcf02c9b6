import { lazy } from "react";
import type { Favorites } from "../../../domain/favorites";
import type { WebModule } from "../web-module";
import { favoriteKeys, FAVORITES_MODULE } from "./api";

/** Tasks pinned to the dashboard (server/modules/favorites-widget/). */
export const favoritesWidget: WebModule = {
  id: FAVORITES_MODULE,
  queryRoots: [favoriteKeys.all[0]],
  onLiveEvent(client, event) {
    if (event === "favorites.changed") void client.invalidateQueries({ queryKey: favoriteKeys.all });
  },
  // Loaded only for a device with a pin change queued: the registry loads with every page.
  async showQueued(client, operation) {
    const { pinsAfter } = await import("./pins");
    client.setQueryData<Favorites>(favoriteKeys.all, (favorites) =>
      favorites ? { taskIds: pinsAfter(favorites.taskIds, operation.request) } : favorites,
    );
  },
  DashboardWidget: lazy(() => import("./FavoritesWidget")),
  TaskAction: lazy(() => import("./PinButton")),
};
