import type { CategoryColor, CategoryIcon } from "../../../domain/categories";
import type { OperationType, QueuedRequest } from "../../../domain/offline-queue";
import type { CategoryChanges } from "../../api/categories";
import { newOperationId } from "../../api/tasks";
import type { NewOperation } from "../../offline/queue";

const categoriesPath = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}/categories`;
const categoryPath = (groupId: string, id: string) => `${categoriesPath(groupId)}/${encodeURIComponent(id)}`;

/**
 * The queued form of each category write (like task-writes.ts). Every category write of a group
 * shares one entity, so they reach the server strictly in the order they were made: a rename of
 * a category added offline goes after its create, a reorder after the add it includes.
 */
function categoryWrite(
  groupId: string,
  type: OperationType,
  label: string,
  request: (operationId: string) => QueuedRequest,
): NewOperation {
  const operationId = newOperationId();
  return {
    id: operationId,
    type,
    entityType: "category",
    entityId: `categories:${groupId}`,
    groupId,
    label,
    request: request(operationId),
  };
}

export const categoryWrites = {
  create: (groupId: string, input: { name: string; color: CategoryColor; icon?: CategoryIcon }) =>
    categoryWrite(groupId, "create", input.name, (operationId) => ({
      method: "POST",
      path: categoriesPath(groupId),
      body: { ...input, operationId },
    })),

  update: (groupId: string, id: string, label: string, changes: CategoryChanges) =>
    categoryWrite(groupId, "update", changes.name ?? label, (operationId) => ({
      method: "PATCH",
      path: categoryPath(groupId, id),
      body: { ...changes, operationId },
    })),

  remove: (groupId: string, id: string, label: string) =>
    categoryWrite(groupId, "delete", label, (operationId) => ({
      method: "DELETE",
      path: `${categoryPath(groupId, id)}?operationId=${operationId}`,
    })),

  reorder: (groupId: string, ids: string[]) =>
    categoryWrite(groupId, "update", "Order of the categories", (operationId) => ({
      method: "PUT",
      path: `${categoriesPath(groupId)}/order`,
      body: { ids, operationId },
    })),
};

/** A queued category write read back from its request: what the user did, to show it again after a reload. */
export type QueuedCategoryWrite =
  | { kind: "create"; groupId: string; name: string; color: CategoryColor; icon?: CategoryIcon }
  | { kind: "update"; groupId: string; categoryId: string; changes: CategoryChanges }
  | { kind: "delete"; groupId: string; categoryId: string }
  | { kind: "order"; groupId: string; ids: string[] };

const CATEGORY_REQUEST = /^\/api\/groups\/([^/?]+)\/categories(?:\/([^/?]+))?(?:\?|$)/;

/** The inverse of `categoryWrites`: which change a queued request makes, or null for one it did not build. */
export function readCategoryWrite(request: QueuedRequest): QueuedCategoryWrite | null {
  const match = CATEGORY_REQUEST.exec(request.path);
  if (!match) return null;
  const groupId = decodeURIComponent(match[1]!);
  const target = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
  const { operationId: _operationId, ...fields } = (request.body ?? {}) as Record<string, unknown>;
  if (target === undefined) {
    if (request.method !== "POST") return null;
    const { name, color, icon } = fields as { name: string; color: CategoryColor; icon?: CategoryIcon };
    return { kind: "create", groupId, name, color, ...(icon && { icon }) };
  }
  if (request.method === "PUT" && target === "order") {
    return { kind: "order", groupId, ids: (fields.ids as string[] | undefined) ?? [] };
  }
  if (request.method === "PATCH") return { kind: "update", groupId, categoryId: target, changes: fields };
  return request.method === "DELETE" ? { kind: "delete", groupId, categoryId: target } : null;
}
