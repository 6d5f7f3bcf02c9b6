import type { QueuedRequest } from "../../../domain/offline-queue";
import type { Task } from "../../../domain/tasks";
import { newOperationId, type PreparedTask, type TaskChanges } from "../../api/tasks";
import type { NewOperation } from "../../offline/queue";

const taskPath = (id: string) => `/api/tasks/${encodeURIComponent(id)}`;

/**
 * The queued form of each task write: the request exactly as the API takes it, with the
 * operationId that makes the server apply it once (body, or query for DELETE), the task's id as
 * the entity (so a task's writes go in order, subtasks after the task's create) and a label for
 * /offline.
 */
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

  update: (task: Task, changes: TaskChanges): NewOperation => {
    const operationId = newOperationId();
    return {
      id: operationId,
      type: "update",
      entityType: "task",
      entityId: task.id,
      groupId: task.groupId,
      label: changes.title?.trim() || task.title,
      request: { method: "PATCH", path: taskPath(task.id), body: { ...changes, operationId } },
    };
  },

  remove: (task: Task): NewOperation => {
    const operationId = newOperationId();
    return {
      id: operationId,
      type: "delete",
      entityType: "task",
      entityId: task.id,
      groupId: task.groupId,
      label: task.title,
      request: { method: "DELETE", path: `${taskPath(task.id)}?operationId=${operationId}` },
    };
  },

  lock: (task: Task, locked: boolean): NewOperation => {
    const operationId = newOperationId();
    return {
      id: operationId,
      type: "update",
      entityType: "task",
      entityId: task.id,
      groupId: task.groupId,
      label: `${locked ? "Lock" : "Unlock"} ${task.title}`,
      request: { method: "PUT", path: `${taskPath(task.id)}/lock`, body: { locked, operationId } },
    };
  },

  share: (task: Task, group: { id: string; name: string }, shared: boolean): NewOperation => {
    const operationId = newOperationId();
    return {
      id: operationId,
      type: "update",
      entityType: "task",
      entityId: task.id,
      groupId: task.groupId,
      label: `${shared ? "Share" : "Stop sharing"} ${task.title} with ${group.name}`,
      request: {
        method: shared ? "PUT" : "DELETE",
        path: `${taskPath(task.id)}/shares/${encodeURIComponent(group.id)}?operationId=${operationId}`,
      },
    };
  },

  /** A subtask write: `path` below the task's own, e.g. /subtasks/<id>. */
  subtask: (
    task: Task,
    type: NewOperation["type"],
    method: QueuedRequest["method"],
    path: string,
    body?: Record<string, unknown>,
  ): NewOperation => {
    const operationId = newOperationId();
    const url = `${taskPath(task.id)}${path}`;
    return {
      id: operationId,
      type,
      entityType: "subtask",
      entityId: task.id,
      groupId: task.groupId,
      label: `Subtask of ${task.title}`,
      request:
        method === "DELETE"
          ? { method, path: `${url}?operationId=${operationId}` }
          : { method, path: url, body: { ...body, operationId } },
    };
  },
};
