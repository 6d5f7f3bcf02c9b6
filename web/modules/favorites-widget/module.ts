import { lazy } from "react";
import type { Favorites } from "../../../domain/favorites";
import type { WebModule } from "../web-module";
import { favoriteKeys, FAVORITES_MODULE } from "./api";
import { pinsAfter } from "./pins";

/** Tasks pinned to the dashboard (server/modules/favorites-widget/). */
export const favoritesWidget: WebModule = {
  id: FAVORITES_MODULE,
  queryRoots: [favoriteKeys.all[0]],
  onLiveEvent(client, event) {
    if (event === "favorites.changed") void client.invalidateQueries({ queryKey: favoriteKeys.all });
  },
  showQueued(client, operation) {
    client.setQueryData<Favorites>(favoriteKeys.all, (favorites) =>
      favorites ? { taskIds: pinsAfter(favorites.taskIds, operation.request) } : favorites,
    );
  },
  DashboardWidget: lazy(() => import("./FavoritesWidget")),
  TaskAction: lazy(() => import("./PinButton")),
};
