import type { Category, CategoryColor, CategoryIcon } from "../../domain/categories";
import { apiFetch } from "./http";

/** Category writes of a group (reading and the query keys live with the tasks: listCategories, categoryKeys). */
const categories = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}/categories`;
const category = (groupId: string, id: string) => `${categories(groupId)}/${encodeURIComponent(id)}`;

export interface CategoryChanges {
  name?: string;
  color?: CategoryColor;
  icon?: CategoryIcon;
  shared?: boolean;
}

export const addCategory = (groupId: string, body: { name: string; color?: CategoryColor; icon?: CategoryIcon }) =>
  apiFetch<Category>(categories(groupId), { method: "POST", body });

export const updateCategory = (groupId: string, id: string, changes: CategoryChanges) =>
  apiFetch<Category>(category(groupId, id), { method: "PATCH", body: changes });

export const deleteCategory = (groupId: string, id: string) =>
  apiFetch<{ movedTasks: number }>(category(groupId, id), { method: "DELETE" });

export const reorderCategories = (groupId: string, ids: string[]) =>
  apiFetch<Category[]>(`${categories(groupId)}/order`, { method: "PUT", body: { ids } });

/** Spec §5: tasks of problematic or missing categories move to "other"; problematic categories go. */
export const cleanUpCategories = (groupId: string) =>
  apiFetch<{ migratedTasks: number; removedCategories: number }>(`${categories(groupId)}/cleanup`, {
    method: "POST",
  });
