import type { WebModule } from "../web-module";

/**
 * /shopping-list: a group's Shopping List sorted by aisle and store, with suggestions; /meal-planner:
 * recipes and the week's meals (server/modules/shopping/, docs/shopping.md).
 */
export const shopping: WebModule = {
  id: "shopping",
  queryRoots: ["shopping"],
  pages: {
    "/meal-planner": () => import("./meals/MealPlannerPage"),
  },
  // The handlers load with the first event: this file loads with every page.
  onLiveEvent(client, event) {
    if (event.startsWith("meals."))
      void import("./meals/live-events").then(({ handleMealsEvent }) => handleMealsEvent(client, event));
  },
};
