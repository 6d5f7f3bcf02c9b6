import type { FastifyPluginAsync } from "fastify";
import type { ServerModule } from "../server-module.js";
import { shoppingListMigrations } from "./list/migrations.js";
import { shoppingListRoutes } from "./list/routes.js";
import { purchaseTaskWrites } from "./list/task-writes.js";
import { mealsMigrations } from "./meals/migrations.js";
import { mealsRoutes } from "./meals/routes.js";

/**
 * Household helpers on a group's shared Shopping List category (docs/shopping.md): the list sorted
 * by aisle and by each store's learned walking order, with suggestions, in list/; recipes and the
 * weekly meal plan in meals/. Each part registers its routes and migrations here.
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(shoppingListRoutes);
  await app.register(mealsRoutes);
};

export const shopping: ServerModule = {
  id: "shopping",
  migrations: { ...shoppingListMigrations, ...mealsMigrations },
  routes,
  taskWrites: [purchaseTaskWrites],
};
