import type { QueryClient } from "@tanstack/react-query";
import type { Category } from "../../../domain/categories";
import {
  addCategory,
  type CategoryChanges,
  cleanUpCategories,
  deleteCategory,
  reorderCategories,
  updateCategory,
} from "../../api/categories";
import { errorMessage } from "../../api/http";
import { categoryKeys } from "../../api/tasks";
import { notify } from "../../stores/notifier";

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function setList(
  client: QueryClient,
  groupId: string,
  update: (list: Category[]) => Category[],
): Category[] | undefined {
  const before = client.getQueryData<Category[]>(categoryKeys.group(groupId));
  if (before) client.setQueryData(categoryKeys.group(groupId), update(before));
  return before;
}

const refresh = (client: QueryClient, groupId: string) =>
  client.invalidateQueries({ queryKey: categoryKeys.group(groupId) });

/** Spec §5: an empty name is ignored without a word; otherwise the spec's toasts. Returns the new category. */
export async function addGroupCategory(
  client: QueryClient,
  groupId: string,
  name: string,
): Promise<Category | string | null> {
  if (!name.trim()) return null;
  try {
    const created = await addCategory(groupId, { name: name.trim() });
    setList(client, groupId, (list) => (list.some((item) => item.id === created.id) ? list : [...list, created]));
    notify.success("Category added successfully", { description: created.name });
    return created;
  } catch (error) {
    notify.error("Failed to add category", { description: errorMessage(error) });
    return errorMessage(error);
  }
}

/**
 * Renames, recolours, changes the icon or the sharing: shown at once, put back if the server
 * refuses. `messages` are the toasts of this kind of change.
 */
export async function changeGroupCategory(
  client: QueryClient,
  category: Category,
  changes: CategoryChanges,
  messages: { success?: string; failure: string },
): Promise<boolean> {
  const before = setList(client, category.groupId, (list) =>
    list.map((item) =>
      item.id === category.id
        ? { ...item, ...changes, ...(changes.name !== undefined && { label: changes.name }) }
        : item,
    ),
  );
  try {
    const saved = await updateCategory(category.groupId, category.id, changes);
    setList(client, category.groupId, (list) => list.map((item) => (item.id === saved.id ? saved : item)));
    if (messages.success) notify.success(messages.success, { id: `category-${category.id}` });
    return true;
  } catch (error) {
    if (before) client.setQueryData(categoryKeys.group(category.groupId), before);
    notify.error(messages.failure, { description: errorMessage(error) });
    void refresh(client, category.groupId);
    return false;
  }
}

export async function deleteGroupCategory(client: QueryClient, category: Category): Promise<boolean> {
  try {
    const { movedTasks } = await deleteCategory(category.groupId, category.id);
    setList(client, category.groupId, (list) => list.filter((item) => item.id !== category.id));
    notify.success("Category deleted", {
      description:
        movedTasks > 0 ? `${plural(movedTasks, "task")} moved to Other Tasks.` : `${category.name} had no tasks.`,
    });
    return true;
  } catch (error) {
    notify.error("Failed to delete category", { description: errorMessage(error) });
    return false;
  }
}

/** The latest order wanted per group; sends run one after another and only the newest is sent. */
const wantedOrder = new Map<string, string[]>();
const sending = new Set<string>();

/** Shows the new order at once and saves it; a burst of moves (arrow keys) sends only the last one. */
export function reorderGroupCategories(client: QueryClient, groupId: string, ids: string[]): void {
  setList(client, groupId, (list) => {
    const byId = new Map(list.map((item) => [item.id, item]));
    return ids.flatMap((id, order) => {
      const item = byId.get(id);
      return item ? [{ ...item, order }] : [];
    });
  });
  wantedOrder.set(groupId, ids);
  if (sending.has(groupId)) return;
  sending.add(groupId);
  void (async () => {
    try {
      for (let next = wantedOrder.get(groupId); next; next = wantedOrder.get(groupId)) {
        wantedOrder.delete(groupId);
        await reorderCategories(groupId, next);
      }
      notify.success("Categories reordered successfully", { id: "categories-reordered" });
    } catch (error) {
      wantedOrder.delete(groupId);
      notify.error("Failed to reorder categories", { description: errorMessage(error) });
      void refresh(client, groupId);
    } finally {
      sending.delete(groupId);
    }
  })();
}

/** Spec §5 cleanup with the spec's toasts; `quiet` (the automatic run) says nothing when there was nothing to do. */
export async function cleanUpGroupCategories(
  client: QueryClient,
  groupId: string,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<boolean> {
  try {
    const { migratedTasks, removedCategories } = await cleanUpCategories(groupId);
    if (migratedTasks > 0) notify.success(`Migrated ${plural(migratedTasks, "task")} to valid categories`);
    if (removedCategories > 0) {
      notify.success(`Cleaned up ${plural(removedCategories, "unknown category", "unknown categories")}`);
    }
    if (migratedTasks === 0 && removedCategories === 0 && !quiet) {
      notify.info("Nothing to clean up", { description: "Every task has a valid category." });
    }
    // Moved tasks arrive as tasks.changed, like any other change.
    void refresh(client, groupId);
    return true;
  } catch (error) {
    // The automatic run is spec §5's migration of problematic ids; the button is the clean-up.
    const message = quiet ? "Failed to migrate tasks to valid categories" : "Failed to clean up unknown categories";
    notify.error(message, { description: errorMessage(error) });
    return false;
  }
}
