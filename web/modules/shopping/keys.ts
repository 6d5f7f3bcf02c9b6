/** The root of every shopping query key: kept on the device for an offline start (module.ts names it). */
export const SHOPPING_QUERY_ROOT = "shopping";

export const shoppingKeys = {
  all: [SHOPPING_QUERY_ROOT] as const,
  state: (groupId: string) => [SHOPPING_QUERY_ROOT, "state", groupId] as const,
  suggestions: (groupId: string) => [SHOPPING_QUERY_ROOT, "suggestions", groupId] as const,
};
