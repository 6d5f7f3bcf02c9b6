import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  type NotificationType,
} from "../../../domain/notification-settings.js";
import { UNSUBSCRIBE_MESSAGES } from "../../../domain/notifications.js";
import type { AppDeps } from "../../deps.js";
import { ValidationError } from "../../errors.js";
import type { Repositories } from "../../repositories/index.js";
import type { User } from "../../repositories/user-repository.js";
import { tellUsers } from "../live-events.js";
import { readUnsubscribeToken, unsubscribeKey } from "./notification-mail.js";
import { retimeHeldNotifications } from "./notifications.js";

/** The user's notification settings, or the defaults for an account without a row yet. */
export async function notificationSettingsOf(
  repositories: Repositories,
  userId: string,
): Promise<NotificationSettings> {
  return (await repositories.preferences.findNotificationSettings(userId)) ?? DEFAULT_NOTIFICATION_SETTINGS;
}

export async function saveNotificationSettings(
  deps: AppDeps,
  user: User,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  // Every type once: a missing type keeps its default, a repeated one counts once (the first).
  const preferences = DEFAULT_NOTIFICATION_SETTINGS.preferences.map(
    (fallback) => settings.preferences.find((entry) => entry.type === fallback.type) ?? fallback,
  );
  const saved = { ...settings, preferences };
  const now = new Date();
  await deps.repositories.preferences.saveNotificationSettings(user.id, saved, now.toISOString());
  await retimeHeldNotifications(deps, user.id, saved, now);
  await tellUsers(deps, [user.id], { type: "notifications.changed" });
  return saved;
}

/**
 * An emailed unsubscribe link: turns off one type's emails for the user it was made for, without
 * signing in (whoever holds the email may). Returns the type.
 */
export async function unsubscribeByToken(deps: AppDeps, token: string): Promise<NotificationType> {
  const found = readUnsubscribeToken(await unsubscribeKey(deps.repositories), token);
  const user = found && (await deps.repositories.users.findById(found.userId));
  if (!found || !user) throw new ValidationError(UNSUBSCRIBE_MESSAGES.invalidLink);
  const settings = await notificationSettingsOf(deps.repositories, user.id);
  await saveNotificationSettings(deps, user, {
    ...settings,
    preferences: settings.preferences.map((entry) =>
      entry.type === found.type ? { ...entry, use_email: false } : entry,
    ),
  });
  return found.type;
}
