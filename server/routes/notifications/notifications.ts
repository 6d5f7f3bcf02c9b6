import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NOTIFICATION_TYPES, notificationSettingsSchema } from "../../../domain/notification-settings.js";
import { notificationCursorSchema, notificationPageSchema } from "../../../domain/notifications.js";
import { storableText, storableTextCheck } from "../../../domain/fields.js";
import { requireUser } from "../../plugins/authentication.js";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadCount,
} from "../../services/notifications/notification-center.js";
import {
  notificationSettingsOf,
  saveNotificationSettings,
  unsubscribeByToken,
} from "../../services/notifications/notification-settings.js";
import { sendTestNotification } from "../../services/notifications/notifications.js";
import { removePushSubscription, savePushSubscription, vapidKeys } from "../../services/notifications/push.js";
import { errorResponses, signedIn } from "../responses.js";

const errors = errorResponses(400, 401, 404);
const tags = ["notifications"];

/** The notification center (spec /notifications, notification-count) and notification settings. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/notifications",
    {
      ...signedIn,
      schema: {
        summary: "Your notifications, newest first; pass nextBefore as before for older ones",
        tags,
        querystring: z.object({ before: notificationCursorSchema.optional() }),
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    async (request) => listNotifications(app.deps, requireUser(request), request.query.before),
  );

  app.get(
    "/api/notifications/unread-count",
    {
      ...signedIn,
      schema: {
        summary: "How many of your notifications are unread (spec notification-count, count, count/v2)",
        tags,
        response: { 200: z.object({ count: z.number().int() }), ...errors },
      },
    },
    async (request) => ({ count: await unreadCount(app.deps, requireUser(request)) }),
  );

  app.post(
    "/api/notifications/:id/read",
    {
      ...signedIn,
      schema: {
        summary: "Marks one of your notifications read",
        tags,
        params: z.object({ id: storableText().min(1).max(100) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await markNotificationRead(app.deps, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/notifications/read-all",
    {
      ...signedIn,
      schema: { summary: "Marks all your notifications read", tags, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await markAllNotificationsRead(app.deps, requireUser(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/notifications/unsubscribe",
    {
      schema: {
        summary: "Stops one type's emails, with the token of an emailed unsubscribe link (no sign-in)",
        tags,
        body: z.object({ token: storableText().min(1).max(500) }),
        response: { 200: z.object({ type: z.enum(NOTIFICATION_TYPES) }), ...errorResponses(400) },
      },
    },
    async (request) => ({ type: await unsubscribeByToken(app.deps, request.body.token) }),
  );

  app.post(
    "/api/notifications/test",
    {
      ...signedIn,
      schema: {
        summary: "Sends you one test notification through every channel you have on (spec test-notification)",
        tags,
        response: {
          200: z.object({ inApp: z.boolean(), pushDevices: z.number().int(), emailedTo: z.string().nullable() }),
          ...errors,
        },
      },
    },
    async (request) => sendTestNotification(app.deps, requireUser(request)),
  );

  app.get(
    "/api/push/public-key",
    {
      ...signedIn,
      schema: {
        summary: "The instance's VAPID public key, for PushManager.subscribe (applicationServerKey)",
        tags,
        response: { 200: z.object({ publicKey: z.string() }), ...errors },
      },
    },
    async () => ({ publicKey: (await vapidKeys(app.deps.repositories)).publicKey }),
  );

  const subscriptionSchema = z.object({
    endpoint: z.url().max(2_000).check(storableTextCheck),
    keys: z.object({ p256dh: storableText().min(1).max(200), auth: storableText().min(1).max(100) }),
  });

  app.put(
    "/api/push-subscriptions",
    {
      ...signedIn,
      schema: {
        summary: "Stores this browser's push subscription for you (spec push token; one per endpoint)",
        tags,
        body: subscriptionSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await savePushSubscription(app.deps.repositories, app.deps.config, user.id, request.body, {
        userAgent: request.headers["user-agent"],
        sessionIdHash: request.auth?.via === "session" ? request.auth.sessionIdHash : null,
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/api/push-subscriptions",
    {
      ...signedIn,
      schema: {
        summary: "Forgets one of your browsers' push subscriptions",
        tags,
        body: z.object({ endpoint: storableText().min(1).max(2_000) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removePushSubscription(app.deps.repositories, requireUser(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/notification-settings",
    {
      ...signedIn,
      schema: {
        summary: "Your notification settings (spec notificationSettings; the defaults until changed)",
        tags,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => notificationSettingsOf(app.deps.repositories, requireUser(request).id),
  );

  app.put(
    "/api/notification-settings",
    {
      ...signedIn,
      schema: {
        summary: "Replaces your notification settings: channels, quiet hours and each type's",
        tags,
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => saveNotificationSettings(app.deps, requireUser(request), request.body),
  );
};
