import type { WebModule } from "../web-module";

/**
 * /shopping-list: a group's Shopping List sorted by aisle and store, with suggestions; /meal-planner:
 * recipes and the week's meals (server/modules/shopping/, docs/shopping.md).
 */
export const shopping: WebModule = {
  id: "shopping",
  queryRoots: ["shopping"],
  pages: {},
};
