import { assistant } from "./assistant/module.js";
import { calendarSync } from "./calendar-sync/module.js";
import { digitalCoupons } from "./digital-coupons/module.js";
import { favoritesWidget } from "./favorites-widget/module.js";
import { messagingModule } from "./messaging/module.js";
import type { ServerModule } from "./server-module.js";
import { shopping } from "./shopping/module.js";
import { taskAnalysis } from "./task-analysis/module.js";
import { taskCategories } from "./task-categories/module.js";
import { taskDelegation } from "./task-delegation/module.js";

/**
 * Every module with server code, one line each (docs/modules.md). Its definition (name,
 * dependencies, pages, menu) is in domain/modules.ts under the same id.
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  favoritesWidget,
  taskCategories,
  assistant,
  taskDelegation,
  taskAnalysis,
  messagingModule,
  calendarSync,
  shopping,
  digitalCoupons,
];
