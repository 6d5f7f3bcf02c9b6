import { assistant } from "./assistant/module";
import { calendarSync } from "./calendar-sync/module";
import { digitalCoupons } from "./digital-coupons/module";
import { favoritesWidget } from "./favorites-widget/module";
import { groupTasks } from "./group-tasks/module";
import { taskAnalysis } from "./task-analysis/module";
import { messaging } from "./messaging/module";
import { shopping } from "./shopping/module";
import { taskCategories } from "./task-categories/module";
import { taskDelegation } from "./task-delegation/module";
import type { WebModule } from "./web-module";

/** Every module with web code, one line each (docs/modules.md). */
export const WEB_MODULES: readonly WebModule[] = [
  assistant,
  favoritesWidget,
  groupTasks,
  taskCategories,
  taskDelegation,
  taskAnalysis,
  messaging,
  calendarSync,
  shopping,
  digitalCoupons,
];
