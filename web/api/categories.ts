import type { CategoryColor, CategoryIcon } from "../../domain/categories";
import { apiFetch } from "./http";

/**
 * The category clean-up. Reading and the query keys live with the tasks (listCategories,
 * categoryKeys); the other writes go through the offline queue (modules/task-categories/category-writes.ts).
 */
const categories = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}/categories`;

export interface CategoryChanges {
  name?: string;
  color?: CategoryColor;
  icon?: CategoryIcon;
  shared?: boolean;
}

/** Tasks of problematic or missing categories move to "other"; problematic categories go. */
export const cleanUpCategories = (groupId: string) =>
  apiFetch<{ migratedTasks: number; removedCategories: number }>(`${categories(groupId)}/cleanup`, {
    method: "POST",
  });
