import type { ServerModule } from "../server-module.js";
import { categoryRoutes } from "./routes.js";

/**
 * Managing a group's categories: adding, renaming, colours and icons, sharing, order, deleting
 * and cleaning up. Reading them stays with the task manager (server/services/tasks/categories.ts).
 */
export const taskCategories: ServerModule = { id: "task-categories", routes: categoryRoutes };
