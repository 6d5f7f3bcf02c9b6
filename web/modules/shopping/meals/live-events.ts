import type { QueryClient } from "@tanstack/react-query";
import { mealKeys } from "./keys";

/**
 * "meals.changed" (server/modules/shopping/meals/access.ts): a member changed the group's recipes
 * or plan; what this device shows of the meal planner is fetched again. Loaded with the first event.
 */
export function handleMealsEvent(client: QueryClient, event: string): void {
  if (event === "meals.changed") void client.invalidateQueries({ queryKey: mealKeys.all });
}
