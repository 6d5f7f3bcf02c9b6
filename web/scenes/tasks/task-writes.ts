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
