import type { SharedGroupType } from "../../../domain/groups";

/**
 * Categories a new group may start with besides the defaults every group gets
 * (DEFAULT_CATEGORIES): the things families and teams most often keep lists for.
 */
export const SUGGESTED_CATEGORIES: Record<SharedGroupType, readonly string[]> = {
  family: ["Chores", "Meals", "School", "Appointments", "Errands"],
  team: ["Projects", "Meetings", "Admin", "Clients"],
};

export const GROUP_NAME_PLACEHOLDERS: Record<SharedGroupType, string> = {
  family: "e.g. The Millers",
  team: "e.g. Design team",
};
