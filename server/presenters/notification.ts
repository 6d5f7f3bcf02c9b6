import type { Notification } from "../../domain/notifications.js";
import type { NotificationType } from "../../domain/notification-settings.js";
import type { NotificationRecord } from "../repositories/notification-repository.js";

export function presentNotification(row: NotificationRecord): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt,
    readAt: row.readAt,
  };
}
