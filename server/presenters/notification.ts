import type { Notification } from "../../domain/notifications.js";
import type { NotificationType } from "../../domain/notification-settings.js";
import type { NotificationRow } from "../repositories/notification-repository.js";

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}
