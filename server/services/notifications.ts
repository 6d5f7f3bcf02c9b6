import { randomUUID } from "node:crypto";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  notificationSettingsSchema,
  type NotificationType,
} from "../../domain/notification-settings.js";
import {
  deliveryFor,
  NOTIFICATION_BODY_MAX_LENGTH,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TITLE_MAX_LENGTH,
  type NotificationPage,
} from "../../domain/notifications.js";
import type { AppDeps } from "../deps.js";
import { NotFoundError } from "../errors.js";
import { presentNotification } from "../presenters/notification.js";
import type { Repositories } from "../repositories/index.js";
import type { UserRow } from "../repositories/user-repository.js";
import { tellUsers } from "./live-events.js";

export interface NewNotification {
  type: NotificationType;
  title: string;
  body: string;
  /** A path in the app that the notification opens. */
  link: string | null;
}

/** The user's notification settings, or the spec's defaults for an account without a row yet. */
export async function notificationSettingsOf(
  repositories: Repositories,
  userId: string,
): Promise<NotificationSettings> {
  const row = await repositories.preferences.findNotificationSettings(userId);
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  const parsed = notificationSettingsSchema.safeParse({
    push_enabled: row.push_enabled === 1,
    email_enabled: row.email_enabled === 1,
    websocket_enabled: row.websocket_enabled === 1,
    quiet_hours_start: row.quiet_hours_start,
    quiet_hours_end: row.quiet_hours_end,
    preferences: JSON.parse(row.preferences) as unknown,
  });
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_SETTINGS;
}

export async function saveNotificationSettings(
  deps: AppDeps,
  user: UserRow,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  // Every type once: a missing type keeps the spec's default, a repeated one counts once (the first).
  const preferences = DEFAULT_NOTIFICATION_SETTINGS.preferences.map(
    (fallback) => settings.preferences.find((entry) => entry.type === fallback.type) ?? fallback,
  );
  const saved = { ...settings, preferences };
  await deps.repositories.preferences.saveNotificationSettings(user.id, saved, new Date().toISOString());
  await tellUsers(deps, [user.id], { type: "notifications.changed" });
  return saved;
}

/**
 * Puts a notification in each user's center (spec §5: not when they switched its type off) and
 * shows it at once in their open sessions; the toast only where their settings want the
 * WebSocket channel for it. Never fails the change that caused it: the change is already saved.
 */
export async function notifyUsers(
  deps: AppDeps,
  userIds: Iterable<string>,
  notification: NewNotification,
  now = new Date(),
): Promise<void> {
  const title = notification.title.slice(0, NOTIFICATION_TITLE_MAX_LENGTH);
  const body = notification.body.slice(0, NOTIFICATION_BODY_MAX_LENGTH);
  for (const userId of new Set(userIds)) {
    try {
      const delivery = deliveryFor(await notificationSettingsOf(deps.repositories, userId), notification.type);
      if (!delivery.record) continue;
      const row = {
        id: randomUUID(),
        user_id: userId,
        type: notification.type,
        title,
        body,
        link: notification.link,
        created_at: now.toISOString(),
        read_at: null,
        email_due_at: null,
        emailed_at: null,
      };
      await deps.repositories.notifications.insert([row]);
      await tellUsers(deps, [userId], {
        type: "notification.created",
        notification: presentNotification(row),
        toast: delivery.websocket,
      });
    } catch (err) {
      deps.log.warn({ err, userId, type: notification.type }, "notification not made");
    }
  }
}

/**
 * A page of the user's center, newest first, with their unread count. `before` is the previous
 * page's `nextBefore`: "<createdAt> <id>" of its last entry (an unreadable one starts from the top).
 */
export async function listNotifications(deps: AppDeps, user: UserRow, before?: string): Promise<NotificationPage> {
  const { notifications } = deps.repositories;
  const [createdAt, id] = before?.split(" ") ?? [];
  const cursor = createdAt && id ? { createdAt, id } : undefined;
  const [rows, unread] = await Promise.all([
    notifications.listForUser(user.id, NOTIFICATION_PAGE_SIZE, cursor),
    notifications.unreadCount(user.id),
  ]);
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  const last = page.at(-1);
  return {
    notifications: page.map(presentNotification),
    unread,
    nextBefore: rows.length > NOTIFICATION_PAGE_SIZE && last ? `${last.created_at} ${last.id}` : null,
  };
}

export function unreadCount(deps: AppDeps, user: UserRow): Promise<number> {
  return deps.repositories.notifications.unreadCount(user.id);
}

/** Marks one notification read; someone else's is "not found", like a missing one. */
export async function markNotificationRead(deps: AppDeps, user: UserRow, id: string): Promise<void> {
  if (!(await deps.repositories.notifications.markRead(user.id, id, new Date().toISOString())))
    throw new NotFoundError("Notification not found");
  await tellUsers(deps, [user.id], { type: "notifications.changed" });
}

export async function markAllNotificationsRead(deps: AppDeps, user: UserRow): Promise<void> {
  await deps.repositories.notifications.markAllRead(user.id, new Date().toISOString());
  await tellUsers(deps, [user.id], { type: "notifications.changed" });
}
