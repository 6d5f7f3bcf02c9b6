import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { queryInteger, storableText } from "../../../domain/fields.js";
import {
  allTasksSchema,
  createdTaskSchema,
  createTaskSchema,
  groupTasksSchema,
  taskSchema,
  updateTaskSchema,
} from "../../../domain/tasks.js";
import { operationIdQuerySchema, operationIdSchema } from "../../../domain/operation-id.js";
import { addSubtaskSchema, reorderSubtasksSchema, updateSubtaskSchema } from "../../../domain/subtasks.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, presentedExactly, sendJsonAnswer, signedIn } from "../responses.js";
import { addSubtask, deleteSubtask, reorderSubtasks, updateSubtask } from "../../services/tasks/subtasks.js";
import {
  allTasksAnswer,
  createTask,
  deleteTask,
  getTask,
  groupTaskChanges,
  groupTaskListAnswer,
  setLocked,
  setShared,
  updateTask,
} from "../../services/tasks/tasks.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const taskParams = z.object({ taskId: storableText().min(1).max(100) });
const tags = ["tasks"];

/** Tasks: create, read, list by group with catch-up, edit, complete, delete, lock, share. */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/tasks",
    {
      ...signedIn,
      ...presentedExactly,
      schema: {
        summary: "Adds a task to a group you belong to; send an operationId to make retries safe",
        tags,
        body: createTaskSchema,
        response: { 201: createdTaskSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await createTask(app.deps, requireUser(request), request.body);
      return reply.status(201).header("x-operation-replayed", String(result.replayed)).send(result.body);
    },
  );

  app.get(
    "/api/groups/:groupId/tasks",
    {
      ...signedIn,
      schema: {
        summary: "A group's tasks (its own and those shared with it); with ?since=<seq> only what changed",
        tags,
        params: z.object({ groupId: storableText().min(1).max(100) }),
        querystring: z.object({ since: queryInteger({ min: 0, max: Number.MAX_SAFE_INTEGER }).optional() }),
        response: { 200: groupTasksSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { groupId } = request.params;
      const { since } = request.query;
      if (since !== undefined) return groupTaskChanges(app.deps, requireUser(request), groupId, since);
      return sendJsonAnswer(request, reply, await groupTaskListAnswer(app.deps, requireUser(request), groupId));
    },
  );

  app.get(
    "/api/tasks",
    {
      ...signedIn,
      schema: {
        summary: "Every task you see: yours, your groups', and those shared with your groups",
        tags,
        response: { 200: allTasksSchema, ...errors },
      },
    },
    async (request, reply) => sendJsonAnswer(request, reply, await allTasksAnswer(app.deps, requireUser(request))),
  );

  app.get(
    "/api/tasks/:taskId",
    {
      ...signedIn,
      ...presentedExactly,
      schema: { summary: "One task", tags, params: taskParams, response: { 200: taskSchema, ...errors } },
    },
    async (request) => getTask(app.deps, requireUser(request), request.params.taskId),
  );

  app.patch(
    "/api/tasks/:taskId",
    {
      ...signedIn,
      ...presentedExactly,
      schema: {
        summary: "Edits a task; completed: true/false completes or reopens it",
        tags,
        params: taskParams,
        body: updateTaskSchema,
        response: { 200: taskSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await updateTask(app.deps, requireUser(request), request.params.taskId, request.body);
      return reply.header("x-operation-replayed", String(result.replayed)).send(result.body);
    },
  );

  app.delete(
    "/api/tasks/:taskId",
    {
      ...signedIn,
      schema: {
        summary: "Deletes a task (its owner, when unlocked)",
        tags,
        params: taskParams,
        querystring: operationIdQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteTask(app.deps, requireUser(request), request.params.taskId, request.query.operationId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/tasks/:taskId/lock",
    {
      ...signedIn,
      schema: {
        summary: "Locks or unlocks a task (its owner)",
        tags,
        params: taskParams,
        body: z.object({ locked: z.boolean(), operationId: operationIdSchema }),
        response: { 200: taskSchema, ...errors },
      },
    },
    async (request) =>
      setLocked(app.deps, requireUser(request), request.params.taskId, request.body.locked, request.body.operationId),
  );

  // spec share_task: PUT shares the task with another of the owner's groups, DELETE takes it back.
  for (const [method, share, summary] of [
    ["PUT", true, "Shares a task with another of your groups (spec share_task; its owner)"],
    ["DELETE", false, "Stops sharing a task with a group (its owner)"],
  ] as const) {
    app.route({
      method,
      url: "/api/tasks/:taskId/shares/:groupId",
      ...signedIn,
      schema: {
        summary,
        tags,
        params: taskParams.extend({ groupId: storableText().min(1).max(100) }),
        querystring: operationIdQuerySchema,
        response: { 200: taskSchema, ...errors },
      },
      handler: async (request) =>
        setShared(
          app.deps,
          requireUser(request),
          request.params.taskId,
          request.params.groupId,
          share,
          request.query.operationId,
        ),
    });
  }

  const subtaskParams = taskParams.extend({ subtaskId: storableText().min(1).max(60) });

  app.post(
    "/api/tasks/:taskId/subtasks",
    {
      ...signedIn,
      schema: {
        summary: "Adds a subtask",
        tags,
        params: taskParams,
        body: addSubtaskSchema,
        response: { 200: taskSchema, ...errors },
      },
    },
    async (request) => addSubtask(app.deps, requireUser(request), request.params.taskId, request.body),
  );

  app.put(
    "/api/tasks/:taskId/subtasks/order",
    {
      ...signedIn,
      schema: {
        summary: "Puts the subtasks in this order (every subtask id once)",
        tags,
        params: taskParams,
        body: reorderSubtasksSchema,
        response: { 200: taskSchema, ...errors },
      },
    },
    async (request) => reorderSubtasks(app.deps, requireUser(request), request.params.taskId, request.body),
  );

  app.patch(
    "/api/tasks/:taskId/subtasks/:subtaskId",
    {
      ...signedIn,
      schema: {
        summary: "Renames, completes or reopens a subtask",
        tags,
        params: subtaskParams,
        body: updateSubtaskSchema,
        response: { 200: taskSchema, ...errors },
      },
    },
    async (request) =>
      updateSubtask(app.deps, requireUser(request), request.params.taskId, request.params.subtaskId, request.body),
  );

  app.delete(
    "/api/tasks/:taskId/subtasks/:subtaskId",
    {
      ...signedIn,
      schema: {
        summary: "Deletes a subtask",
        tags,
        params: subtaskParams,
        querystring: operationIdQuerySchema,
        response: { 200: taskSchema, ...errors },
      },
    },
    async (request) =>
      deleteSubtask(
        app.deps,
        requireUser(request),
        request.params.taskId,
        request.params.subtaskId,
        request.query.operationId,
      ),
  );
};
