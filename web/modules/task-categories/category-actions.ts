import type { QueryClient } from "@tanstack/react-query";
import type { Category } from "../../../domain/categories";
import { CATEGORY_MESSAGES, categoryIdFromName, nextCategoryColor } from "../../../domain/category-rules";
import { type CategoryChanges, cleanUpCategories } from "../../api/categories";
import { errorMessage } from "../../api/http";
import { categoryKeys } from "../../api/tasks";
import { submit } from "../../offline/queue";
import { notify } from "../../stores/notifier";
import type { QueuedOperation } from "../../../domain/offline-queue";
import { categoryWrites, type QueuedCategoryWrite, readCategoryWrite } from "./category-writes";

/**
 * Every category change: shown at once, saved through the offline queue, then
 * replaced by the server's answer or put back. A change that must wait for the network stays on
 * this device and says so with a warning.
 */

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

function savedLocally(): void {
  notify.warning("Category saved locally but failed to sync to cloud", { id: "category-saved-locally" });
}

const replaceById = (list: Category[], category: Category) =>
  list.map((item) => (item.id === category.id ? category : item));

/** A category added on this device, as the server will make it (its id comes from its name). */
function localCategory(
  list: Category[],
  write: Extract<QueuedCategoryWrite, { kind: "create" }>,
  id: string,
  ownerId: string,
): Category {
  return {
    id,
    groupId: write.groupId,
    name: write.name,
    label: write.name,
    icon: write.icon ?? "folder",
    color: write.color,
    order: Math.max(-1, ...list.map((item) => item.order)) + 1,
    shared: false,
    ownerId,
    aiGenerated: false,
    lastUsed: null,
  };
}

/**
 * A group's categories as this device shows them once `write` is made: at once when the user
 * makes it, and after a reload while it waits in the offline queue (showQueuedCategoryWrite).
 * `ownerId` is the owner of a category it adds.
 */
function categoriesAfter(list: Category[], write: QueuedCategoryWrite, ownerId: string): Category[] {
  switch (write.kind) {
    case "create": {
      const id = categoryIdFromName(write.name);
      if (!id) return list;
      return [...list.filter((item) => item.id !== id), localCategory(list, write, id, ownerId)];
    }
    case "update": {
      const { changes } = write;
      return list.map((item) =>
        item.id === write.categoryId
          ? { ...item, ...changes, ...(changes.name !== undefined && { label: changes.name }) }
          : item,
      );
    }
    case "delete":
      return list.filter((item) => item.id !== write.categoryId);
    case "order": {
      const byId = new Map(list.map((item) => [item.id, item]));
      return write.ids.flatMap((id, order) => {
        const item = byId.get(id);
        return item ? [{ ...item, order }] : [];
      });
    }
  }
}

/**
 * Shows a category write still in the offline queue in the query cache, as it showed when the
 * user made it (like showQueuedTaskWrite). An add already listed is not added again.
 */
export function showQueuedCategoryWrite(client: QueryClient, operation: QueuedOperation, ownerId: string): void {
  const write = readCategoryWrite(operation.request);
  if (!write) return;
  if (
    write.kind === "create" &&
    client
      .getQueryData<Category[]>(categoryKeys.group(write.groupId))
      ?.some((item) => item.id === categoryIdFromName(write.name))
  ) {
    return;
  }
  setList(client, write.groupId, (list) => categoriesAfter(list, write, ownerId));
}

/**
 * An empty name is ignored without a word; otherwise a toast says how it went. The id comes from
 * the name, as the server makes it, so a category added offline keeps its id. Returns the new
 * category, or the reason it could not be added.
 */
export async function addGroupCategory(
  client: QueryClient,
  groupId: string,
  name: string,
  ownerId: string,
): Promise<Category | string | null> {
  const trimmed = name.trim();
  const id = categoryIdFromName(trimmed);
  if (!id) return null;
  const current = client.getQueryData<Category[]>(categoryKeys.group(groupId)) ?? [];
  if (current.some((item) => item.id === id)) {
    notify.error("Failed to add category", { description: CATEGORY_MESSAGES.exists });
    return CATEGORY_MESSAGES.exists;
  }
  const color = nextCategoryColor(current.map((item) => item.color));
  const write: QueuedCategoryWrite = { kind: "create", groupId, name: trimmed, color };
  const local = localCategory(current, write, id, ownerId);
  setList(client, groupId, (list) => categoriesAfter(list, write, ownerId));
  try {
    const result = await submit<Category>(categoryWrites.create(groupId, { name: trimmed, color }));
    if (result.queued) {
      savedLocally();
      return local;
    }
    setList(client, groupId, (list) => replaceById(list, result.body));
    notify.success("Category added successfully", { description: result.body.label });
    return result.body;
  } catch (error) {
    setList(client, groupId, (list) => list.filter((item) => item.id !== id));
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
    categoriesAfter(list, { kind: "update", groupId: category.groupId, categoryId: category.id, changes }, ""),
  );
  try {
    const result = await submit<Category>(
      categoryWrites.update(category.groupId, category.id, category.label, changes),
    );
    if (result.queued) {
      savedLocally();
      return true;
    }
    setList(client, category.groupId, (list) => replaceById(list, result.body));
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
  const before = setList(client, category.groupId, (list) =>
    categoriesAfter(list, { kind: "delete", groupId: category.groupId, categoryId: category.id }, ""),
  );
  try {
    const result = await submit<{ movedTasks: number }>(
      categoryWrites.remove(category.groupId, category.id, category.label),
    );
    if (result.queued) {
      // Its tasks show under Other Tasks already (an unknown category falls back to it).
      savedLocally();
      return true;
    }
    const { movedTasks } = result.body;
    notify.success("Category deleted", {
      description:
        movedTasks > 0 ? `${plural(movedTasks, "task")} moved to Other Tasks.` : `${category.label} had no tasks.`,
    });
    return true;
  } catch (error) {
    if (before) client.setQueryData(categoryKeys.group(category.groupId), before);
    notify.error("Failed to delete category", { description: errorMessage(error) });
    void refresh(client, category.groupId);
    return false;
  }
}

/** The latest order wanted per group; saves run one after another and only the newest is saved. */
const wantedOrder = new Map<string, string[]>();
const sending = new Set<string>();

/** Shows the new order at once and saves it; a burst of moves (arrow keys) sends only the last one. */
export function reorderGroupCategories(client: QueryClient, groupId: string, ids: string[]): void {
  setList(client, groupId, (list) => categoriesAfter(list, { kind: "order", groupId, ids }, ""));
  wantedOrder.set(groupId, ids);
  if (sending.has(groupId)) return;
  sending.add(groupId);
  void (async () => {
    try {
      let queued = false;
      for (let next = wantedOrder.get(groupId); next; next = wantedOrder.get(groupId)) {
        wantedOrder.delete(groupId);
        const result = await submit<Category[]>(categoryWrites.reorder(groupId, next));
        queued ||= result.queued;
      }
      if (queued) savedLocally();
      else notify.success("Categories reordered successfully", { id: "categories-reordered" });
    } catch (error) {
      wantedOrder.delete(groupId);
      notify.error("Failed to reorder categories", { description: errorMessage(error) });
      void refresh(client, groupId);
    } finally {
      sending.delete(groupId);
    }
  })();
}

/** The cleanup, with toasts of what it did; `quiet` (the automatic run) says nothing when there was nothing to do. */
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
    // The automatic run is the migration of problematic ids; the button is the clean-up.
    const message = quiet ? "Failed to migrate tasks to valid categories" : "Failed to clean up unknown categories";
    notify.error(message, { description: errorMessage(error) });
    return false;
  }
}
