import type { EntityType, OperationType, QueuedRequest } from "../../../domain/offline-queue";
import type { Task } from "../../../domain/tasks";
import { newOperationId, type PreparedTask, type TaskChanges } from "../../api/tasks";
import type { NewOperation } from "../../offline/queue";

const taskPath = (id: string) => `/api/tasks/${encodeURIComponent(id)}`;

/**
 * One queued write of a task: a fresh operationId that makes the server apply it once (in the
 * body, or the query of a request without one), the task's id as the entity (so a task's writes
 * go in order, subtasks after the task's create) and a label for /offline.
 */
function taskWrite(
  task: Pick<Task, "id" | "groupId">,
  type: OperationType,
  label: string,
  request: (operationId: string) => QueuedRequest,
  entityType: EntityType = "task",
): NewOperation {
  const operationId = newOperationId();
  return {
    id: operationId,
    type,
    entityType,
    entityId: task.id,
    groupId: task.groupId,
    label,
    request: request(operationId),
  };
}

/** The request of a write without a body carries its operationId in the query. */
const withOperationId = (path: string, operationId: string) => `${path}?operationId=${operationId}`;

/** The queued form of each task write: the request exactly as the API takes it. */
export const taskWrites = {
  create: (prepared: PreparedTask): NewOperation => ({
    id: prepared.operationId,
    type: "create",
    entityType: "task",
    entityId: prepared.id,
    groupId: prepared.groupId,
    label: prepared.title.trim(),
    request: { method: "POST", path: "/api/tasks", body: prepared },
  }),

  update: (task: Task, changes: TaskChanges) =>
    taskWrite(task, "update", changes.title?.trim() || task.title, (operationId) => ({
      method: "PATCH",
      path: taskPath(task.id),
      body: { ...changes, operationId },
    })),

  remove: (task: Task) =>
    taskWrite(task, "delete", task.title, (operationId) => ({
      method: "DELETE",
      path: withOperationId(taskPath(task.id), operationId),
    })),

  lock: (task: Task, locked: boolean) =>
    taskWrite(task, "update", `${locked ? "Lock" : "Unlock"} ${task.title}`, (operationId) => ({
      method: "PUT",
      path: `${taskPath(task.id)}/lock`,
      body: { locked, operationId },
    })),

  share: (task: Task, group: { id: string; name: string }, shared: boolean) =>
    taskWrite(
      task,
      "update",
      `${shared ? "Share" : "Stop sharing"} ${task.title} with ${group.name}`,
      (operationId) => ({
        method: shared ? "PUT" : "DELETE",
        path: withOperationId(`${taskPath(task.id)}/shares/${encodeURIComponent(group.id)}`, operationId),
      }),
    ),

  /** A subtask write: `path` below the task's own, e.g. /subtasks/<id>. */
  subtask: (
    task: Task,
    type: OperationType,
    method: QueuedRequest["method"],
    path: string,
    body?: Record<string, unknown>,
  ) =>
    taskWrite(
      task,
      type,
      `Subtask of ${task.title}`,
      (operationId) =>
        method === "DELETE"
          ? { method, path: withOperationId(`${taskPath(task.id)}${path}`, operationId) }
          : { method, path: `${taskPath(task.id)}${path}`, body: { ...body, operationId } },
      "subtask",
    ),
};

/** A queued task write read back from its request: what the user did, to show it again after a reload. */
export type QueuedTaskWrite =
  | { kind: "create"; task: PreparedTask }
  | { kind: "update"; taskId: string; changes: TaskChanges }
  | { kind: "delete"; taskId: string }
  | { kind: "lock"; taskId: string; locked: boolean }
  | { kind: "share"; taskId: string; groupId: string; shared: boolean }
  | { kind: "add-subtask"; taskId: string; subtask: { id: string; title: string } }
  | { kind: "change-subtask"; taskId: string; subtaskId: string; changes: { title?: string; completed?: boolean } }
  | { kind: "delete-subtask"; taskId: string; subtaskId: string }
  | { kind: "order-subtasks"; taskId: string; ids: string[] };

/** The body of a queued request without its operationId: the fields the user set. */
function fieldsOf(body: unknown): Record<string, unknown> {
  const { operationId: _operationId, ...fields } = (body ?? {}) as Record<string, unknown>;
  return fields;
}

const TASK_REQUEST = /^\/api\/tasks\/([^/?]+)(?:\/(lock|shares|subtasks)(?:\/([^/?]+))?)?(?:\?|$)/;

/** The inverse of `taskWrites`: which change a queued request makes, or null for one it did not build. */
export function readTaskWrite(request: QueuedRequest): QueuedTaskWrite | null {
  if (request.method === "POST" && request.path === "/api/tasks") {
    return { kind: "create", task: request.body as PreparedTask };
  }
  const match = TASK_REQUEST.exec(request.path);
  if (!match) return null;
  const [, encodedId, part, encodedTarget] = match;
  const taskId = decodeURIComponent(encodedId!);
  const target = encodedTarget === undefined ? undefined : decodeURIComponent(encodedTarget);
  const fields = fieldsOf(request.body);
  switch (part) {
    case undefined:
      if (request.method === "PATCH") return { kind: "update", taskId, changes: fields as TaskChanges };
      return request.method === "DELETE" ? { kind: "delete", taskId } : null;
    case "lock":
      return { kind: "lock", taskId, locked: fields.locked === true };
    case "shares":
      return target === undefined ? null : { kind: "share", taskId, groupId: target, shared: request.method === "PUT" };
    default:
      if (target === undefined) {
        return request.method === "POST"
          ? { kind: "add-subtask", taskId, subtask: { id: String(fields.id), title: String(fields.title) } }
          : null;
      }
      if (request.method === "PUT" && target === "order") {
        return { kind: "order-subtasks", taskId, ids: (fields.ids as string[] | undefined) ?? [] };
      }
      if (request.method === "DELETE") return { kind: "delete-subtask", taskId, subtaskId: target };
      return { kind: "change-subtask", taskId, subtaskId: target, changes: fields };
  }
}
