import type { NotificationSettings } from "../../domain/notification-settings";
import type { NotificationPage } from "../../domain/notifications";
import { apiFetch } from "./http";

/** Query keys: the center's pages and the unread count live under ["notifications"]. */
export const notificationKeys = {
  all: ["notifications"] as const,
  list: ["notifications", "list"] as const,
  unread: ["notifications", "unread"] as const,
  settings: ["notifications", "settings"] as const,
};

export const listNotifications = (before?: string) =>
  apiFetch<NotificationPage>(`/api/notifications${before ? `?before=${encodeURIComponent(before)}` : ""}`);
export const getUnreadCount = () => apiFetch<{ count: number }>("/api/notifications/unread-count");
export const markNotificationRead = (id: string) =>
  apiFetch<void>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST" });
export const markAllNotificationsRead = () => apiFetch<void>("/api/notifications/read-all", { method: "POST" });
export const getNotificationSettings = () => apiFetch<NotificationSettings>("/api/notification-settings");
export const saveNotificationSettings = (settings: NotificationSettings) =>
  apiFetch<NotificationSettings>("/api/notification-settings", { method: "PUT", body: settings });
export const sendTestNotification = () =>
  apiFetch<{ inApp: boolean; pushDevices: number; emailedTo: string | null }>("/api/notifications/test", {
    method: "POST",
  });
