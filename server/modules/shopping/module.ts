import type { FastifyPluginAsync } from "fastify";
import type { ServerModule } from "../server-module.js";
import { mealsMigrations } from "./meals/migrations.js";
import { mealsRoutes } from "./meals/routes.js";

/**
 * Household helpers on a group's shared Shopping List category (docs/shopping.md): the list sorted
 * by aisle and by each store's learned walking order, with suggestions, in list/; recipes and the
 * weekly meal plan in meals/. Each part registers its routes and migrations here.
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(mealsRoutes);
};

export const shopping: ServerModule = {
  id: "shopping",
  migrations: { ...mealsMigrations },
  routes,
};
