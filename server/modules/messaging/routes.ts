import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  conversationIdParams,
  conversationSchema,
  conversationSettingsSchema,
  messagingPreferencesSchema,
  searchQuerySchema,
  searchResultsSchema,
  SEND_BODY_LIMIT,
  conversationsSchema,
  editMessageSchema,
  groupIdParams,
  markReadSchema,
  MESSAGING_MESSAGES,
  messageParams,
  messageSchema,
  messagesQuerySchema,
  messagesSchema,
  sendMessageSchema,
  taskIdParams,
} from "../../../domain/messaging.js";
import { PayloadTooLargeError } from "../../errors.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../routes/responses.js";
import {
  deleteMessage,
  editMessage,
  getMessagingPreferences,
  groupConversation,
  listConversations,
  markRead,
  readMessage,
  readMessageImage,
  readMessages,
  reportTyping,
  saveMessagingPreferences,
  searchMessages,
  sendMessage,
  setConversationNotify,
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
    async (request) => readMessages(app.deps, requireUser(request), request.params.conversationId, request.query),
  );

  app.post(
    "/api/conversations/:conversationId/messages",
    {
      ...signedIn,
      bodyLimit: SEND_BODY_LIMIT,
      // A send past this limit is one whose image is far over 10 MB: it gets the image's answer,
      // "File too large", like one just over, not the general one about request bodies. Anything
      // else goes on to the app's error handler.
      errorHandler: (error) => {
        if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
          throw new PayloadTooLargeError(MESSAGING_MESSAGES.fileTooLarge);
        }
        throw error;
      },
      schema: {
        summary:
          "Sends a message (text, an image, mentions); the same clientId again answers 200 with the message it made",
        tags,
        params: conversationIdParams,
        body: sendMessageSchema,
        response: { 200: messageSchema, 201: messageSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
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

  app.get(
    "/api/conversations/:conversationId/messages/:messageId",
    {
      ...signedIn,
      schema: {
        summary: "One message (a client told it was edited or deleted asks for it)",
        tags,
        params: messageParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) =>
      readMessage(app.deps, requireUser(request), request.params.conversationId, request.params.messageId),
  );

  app.get(
    "/api/conversations/:conversationId/messages/:messageId/image",
    {
      ...signedIn,
      schema: { summary: "A message's image (WebP, made by the server)", tags, params: messageParams },
    },
    async (request, reply) => {
      const image = await readMessageImage(
        app.deps,
        requireUser(request),
        request.params.conversationId,
        request.params.messageId,
      );
      // An image never changes (a deleted message's is gone); "private" keeps it out of shared caches.
      return reply
        .type(image.contentType)
        .header("cache-control", "private, max-age=86400")
        .header("content-disposition", "inline")
        .send(image.data);
    },
  );

  app.put(
    "/api/conversations/:conversationId/settings",
    {
      ...signedIn,
      schema: {
        summary: "How loudly the conversation notifies the caller: all, mentions or none",
        tags,
        params: conversationIdParams,
        body: conversationSettingsSchema,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) =>
      setConversationNotify(app.deps, requireUser(request), request.params.conversationId, request.body.notify),
  );

  app.post(
    "/api/conversations/:conversationId/typing",
    {
      ...signedIn,
      schema: {
        summary: "Tells the other members the caller is typing (reports closer than a few seconds are dropped)",
        tags,
        params: conversationIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await reportTyping(app.deps, requireUser(request), request.params.conversationId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/groups/:groupId/messages/search",
    {
      ...signedIn,
      schema: {
        summary: "Messages of the group's conversations (its own and its tasks') containing the text, newest first",
        tags,
        params: groupIdParams,
        querystring: searchQuerySchema,
        response: { 200: searchResultsSchema, ...errors },
      },
    },
    async (request) => searchMessages(app.deps, requireUser(request), request.params.groupId, request.query.q),
  );

  app.get(
    "/api/messaging/settings",
    {
      ...signedIn,
      schema: {
        summary: "The caller's messaging choices (read receipts)",
        tags,
        response: { 200: messagingPreferencesSchema, ...errors },
      },
    },
    async (request) => getMessagingPreferences(app.deps, requireUser(request)),
  );

  app.put(
    "/api/messaging/settings",
    {
      ...signedIn,
      schema: {
        summary: "Saves the caller's messaging choices (read receipts are mutual and off by default)",
        tags,
        body: messagingPreferencesSchema,
        response: { 200: messagingPreferencesSchema, ...errors },
      },
    },
    async (request) => saveMessagingPreferences(app.deps, requireUser(request), request.body),
  );
};
