import type { WebModule } from "../web-module";

/**
 * /shopping-list: a group's Shopping List sorted by aisle and store, with suggestions; /meal-planner:
 * recipes and the week's meals (server/modules/shopping/, docs/shopping.md).
 */
export const shopping: WebModule = {
  id: "shopping",
  // SHOPPING_QUERY_ROOT of keys.ts, written out: this file loads with every page.
  queryRoots: ["shopping"],
  onLiveEvent(client, event, groupId) {
    // Meals: their handlers load with the first event (this file loads with every page).
    if (event.startsWith("meals.")) {
      void import("./meals/live-events").then(({ handleMealsEvent }) => handleMealsEvent(client, event));
      return;
    }
    // Stores, their orders or the corrections changed on another member's device.
    void client.invalidateQueries({ queryKey: groupId ? ["shopping", "state", groupId] : ["shopping"] });
  },
  pages: {
    "/shopping-list": () => import("./list/ShoppingListPage"),
    "/meal-planner": () => import("./meals/MealPlannerPage"),
  },
};
