import { NOTIFICATION_PAGE_SIZE, type NotificationPage } from "../../../domain/notifications.js";
import type { AppDeps } from "../../deps.js";
import { NotFoundError } from "../../errors.js";
import { presentNotification } from "../../presenters/notification.js";
import type { User } from "../../repositories/user-repository.js";
import { tellUsers } from "../live-events.js";

/**
 * A page of the user's center, newest first, with their unread count. `cursor` is the previous
 * page's `nextBefore`, read (domain/notifications.ts notificationCursorSchema).
 */
export async function listNotifications(
  deps: AppDeps,
  user: User,
  cursor?: { createdAt: string; id: string },
): Promise<NotificationPage> {
  const { notifications } = deps.repositories;
  const [rows, unread] = await Promise.all([
    notifications.listForUser(user.id, NOTIFICATION_PAGE_SIZE, cursor),
    notifications.unreadCount(user.id),
  ]);
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  const last = page.at(-1);
  return {
    notifications: page.map(presentNotification),
    unread,
    nextBefore: rows.length > NOTIFICATION_PAGE_SIZE && last ? `${last.createdAt} ${last.id}` : null,
  };
}

export function unreadCount(deps: AppDeps, user: User): Promise<number> {
  return deps.repositories.notifications.unreadCount(user.id);
}

/** Marks one notification read; someone else's is "not found", like a missing one. */
export async function markNotificationRead(deps: AppDeps, user: User, id: string): Promise<void> {
  if (!(await deps.repositories.notifications.markRead(user.id, id, new Date().toISOString())))
    throw new NotFoundError("Notification not found");
  await tellUsers(deps, [user.id], { type: "notifications.changed" });
}

export async function markAllNotificationsRead(deps: AppDeps, user: User): Promise<void> {
  await deps.repositories.notifications.markAllRead(user.id, new Date().toISOString());
  await tellUsers(deps, [user.id], { type: "notifications.changed" });
}
