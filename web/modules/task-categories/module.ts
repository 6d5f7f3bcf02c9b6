import { lazy } from "react";
import type { WebModule } from "../web-module";

/**
 * Managing a group's categories in the Categories section of /settings (server/modules/task-categories/).
 * Reading them stays the task manager's: every task list shows its categories, and their live
 * event and offline writes (entity type "category") are the core's.
 */
export const taskCategories: WebModule = {
  id: "task-categories",
  queryRoots: [],
  offlineEntities: ["category"],
  // The category code loads only for a device with a category change queued.
  async showQueued(client, operation, userId) {
    (await import("./category-actions")).showQueuedCategoryWrite(client, operation, userId);
  },
  settings: { section: "categories", Component: lazy(() => import("./CategorySettings")) },
};
