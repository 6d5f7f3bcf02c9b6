/** The meal planner's query keys, under the shopping module's root (web/modules/web-module.ts, queryRoots). */
export const mealKeys = {
  all: ["shopping", "meals"] as const,
  recipes: (groupId: string) => ["shopping", "meals", "recipes", groupId] as const,
  week: (groupId: string, week: string) => ["shopping", "meals", "week", groupId, week] as const,
  suggestions: (groupId: string, date: string) => ["shopping", "meals", "suggestions", groupId, date] as const,
};
