import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  conversationIdParams,
  conversationSchema,
  conversationsSchema,
  editMessageSchema,
  groupIdParams,
  markReadSchema,
  messageParams,
  messageSchema,
  messagesQuerySchema,
  messagesSchema,
  sendMessageSchema,
  taskIdParams,
} from "../../../domain/messaging.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../routes/responses.js";
import {
  deleteMessage,
  editMessage,
  groupConversation,
  listConversations,
  markRead,
  readMessages,
  sendMessage,
  taskConversation,
} from "./service.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ["messaging"];

/**
 * The messaging module's API (docs/messaging.md): conversations of a group and of its tasks,
 * readable and writable by the group's current members only; anyone else gets 404.
 */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/conversations",
    {
      ...signedIn,
      schema: {
        summary: "The conversations of the caller's groups that have messages, most recent first",
        tags,
        response: { 200: conversationsSchema, ...errors },
      },
    },
    async (request) => listConversations(app.deps, requireUser(request)),
  );

  app.get(
    "/api/groups/:groupId/conversation",
    {
      ...signedIn,
      schema: {
        summary: "The group's own conversation (made on first use)",
        tags,
        params: groupIdParams,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => groupConversation(app.deps, requireUser(request), request.params.groupId),
  );

  app.get(
    "/api/tasks/:taskId/conversation",
    {
      ...signedIn,
      schema: {
        summary: "A task's thread, for the members of the task's group (made on first use)",
        tags,
        params: taskIdParams,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => taskConversation(app.deps, requireUser(request), request.params.taskId),
  );

  app.get(
    "/api/conversations/:conversationId/messages",
    {
      ...signedIn,
      schema: {
        summary: "Messages after a sequence number, oldest first (after=0: from the start)",
        tags,
        params: conversationIdParams,
        querystring: messagesQuerySchema,
        response: { 200: messagesSchema, ...errors },
      },
    },
    async (request) =>
      readMessages(
        app.deps,
        requireUser(request),
        request.params.conversationId,
        request.query.after,
        request.query.limit,
      ),
  );

  app.post(
    "/api/conversations/:conversationId/messages",
    {
      ...signedIn,
      schema: {
        summary: "Sends a message; the same clientId again answers 200 with the message it made",
        tags,
        params: conversationIdParams,
        body: sendMessageSchema,
        response: { 200: messageSchema, 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { message, created } = await sendMessage(
        app.deps,
        requireUser(request),
        request.params.conversationId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.patch(
    "/api/conversations/:conversationId/messages/:messageId",
    {
      ...signedIn,
      schema: {
        summary: "Edits the caller's own message (marked edited)",
        tags,
        params: messageParams,
        body: editMessageSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) =>
      editMessage(
        app.deps,
        requireUser(request),
        request.params.conversationId,
        request.params.messageId,
        request.body.body,
      ),
  );

  app.delete(
    "/api/conversations/:conversationId/messages/:messageId",
    {
      ...signedIn,
      schema: {
        summary: "Deletes a message (its author or the group's owner); a tombstone keeps its place",
        tags,
        params: messageParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) =>
      deleteMessage(app.deps, requireUser(request), request.params.conversationId, request.params.messageId),
  );

  app.put(
    "/api/conversations/:conversationId/read",
    {
      ...signedIn,
      schema: {
        summary: "Moves the caller's read marker forward to a message's number",
        tags,
        params: conversationIdParams,
        body: markReadSchema,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => markRead(app.deps, requireUser(request), request.params.conversationId, request.body.seq),
  );
};
