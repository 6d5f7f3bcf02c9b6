import { randomUUID } from "node:crypto";
import type { NotificationSettings, NotificationType } from "../../../domain/notification-settings.js";
import {
  deliveryFor,
  NOTIFICATION_BODY_MAX_LENGTH,
  NOTIFICATION_TITLE_MAX_LENGTH,
  quietHoursEnd,
} from "../../../domain/notifications.js";
import type { AppDeps } from "../../deps.js";
import { presentNotification } from "../../presenters/notification.js";
import type { Repositories } from "../../repositories/index.js";
import type { NotificationRecord } from "../../repositories/notification-repository.js";
import type { User } from "../../repositories/user-repository.js";
import { tellUsers } from "../live-events.js";
import { notificationMail, unsubscribeKey } from "./notification-mail.js";
import { notificationSettingsOf } from "./notification-settings.js";
import type { PushPayload } from "./push.js";

/*
 * Making notifications and sending them out. The center's reads and marks are in
 * notification-center.ts, the settings in notification-settings.ts, what events make which
 * notification in event-notifications.ts.
 */

export interface NewNotification {
  type: NotificationType;
  title: string;
  body: string;
  /** A path in the app that the notification opens. */
  link: string | null;
  /** The event sends an email of its own (an invitation does, even to addresses without an account). */
  emailedElsewhere?: boolean;
}

/**
 * Puts a notification in each user's center (not when they switched its type off), shows
 * it at once in their open sessions (the toast only where their settings want the WebSocket
 * channel for it), and sends it by web push and to a confirmed email address when their settings
 * want those for it: at once, or during their quiet hours at the end of them
 * (sendDueNotifications). Never fails the change that caused it: the change is already saved.
 */
export async function notifyUsers(
  deps: AppDeps,
  userIds: Iterable<string>,
  notification: NewNotification,
  now = new Date(),
): Promise<void> {
  const title = notification.title.slice(0, NOTIFICATION_TITLE_MAX_LENGTH);
  const body = notification.body.slice(0, NOTIFICATION_BODY_MAX_LENGTH);
  const at = now.toISOString();
  for (const userId of new Set(userIds)) {
    try {
      const settings = await notificationSettingsOf(deps.repositories, userId);
      const delivery = deliveryFor(settings, notification.type);
      if (!delivery.record) continue;
      const emailTo =
        delivery.email && !notification.emailedElsewhere ? await confirmedEmailOf(deps.repositories, userId) : null;
      let dueAt = at;
      if (emailTo || delivery.push) {
        const timeZone = (await deps.repositories.profiles.find(userId))?.timeZone ?? "UTC";
        dueAt = quietHoursEnd(settings, now, timeZone).toISOString();
      }
      const emailNow = emailTo !== null && dueAt === at;
      const pushNow = delivery.push && dueAt === at;
      const row: NotificationRecord = {
        id: randomUUID(),
        userId,
        type: notification.type,
        title,
        body,
        link: notification.link,
        createdAt: at,
        readAt: null,
        emailDueAt: emailTo ? dueAt : null,
        // Sent now: marked so, so that no sweep sends it again.
        emailedAt: emailNow ? at : null,
        pushDueAt: delivery.push ? dueAt : null,
        pushedAt: pushNow ? at : null,
      };
      await deps.repositories.notifications.insert([row]);
      await tellUsers(deps, [userId], {
        type: "notification.created",
        notification: presentNotification(row),
        toast: delivery.websocket,
      });
      if (emailNow) {
        const key = await unsubscribeKey(deps.repositories);
        deps.mailer.sendInBackground(notificationMail(deps.config, key, emailTo, userId, [row]));
      }
      if (pushNow) deps.push.sendInBackground(userId, pushPayload(row));
    } catch (err) {
      deps.log.warn({ err, userId, type: notification.type }, "notification not made");
    }
  }
}

function pushPayload(row: NotificationRecord): PushPayload {
  return { id: row.id, type: row.type, title: row.title, body: row.body, link: row.link };
}

/** Email goes only to an address the user has confirmed: never to one someone typed in for them. */
async function confirmedEmailOf(repositories: Repositories, userId: string): Promise<string | null> {
  const user = await repositories.users.findById(userId);
  return user?.email && user.emailVerified ? user.email : null;
}

/**
 * Sends what waited for the end of quiet hours: per user, one email with everything due, and one
 * push (the notification itself, or how many there are). Each is claimed in the same statement
 * that marks it sent, so processes sweeping at the same time never both send one. A type the user
 * has switched that channel off for since is left out. Returns how many emails and pushes went out.
 */
export async function sendDueNotifications(
  deps: AppDeps,
  now = new Date(),
  /** Only this user's (their quiet hours just changed), rather than everyone's. */
  userId?: string,
): Promise<{ emails: number; pushes: number }> {
  const at = now.toISOString();
  const emails = byUser(await deps.repositories.notifications.claimDueEmails(at, userId));
  const pushes = byUser(await deps.repositories.notifications.claimDuePushes(at, userId));
  const sent = { emails: 0, pushes: 0 };
  // At most once: what was claimed is marked sent; a send that fails is logged, not retried.
  // One user's trouble never holds up the others'.
  for (const [userId, rows] of emails) {
    try {
      const settings = await notificationSettingsOf(deps.repositories, userId);
      const wanted = rows.filter((row) => deliveryFor(settings, row.type as NotificationType).email);
      const to = await confirmedEmailOf(deps.repositories, userId);
      if (!to || wanted.length === 0) continue;
      const key = await unsubscribeKey(deps.repositories);
      deps.mailer.sendInBackground(notificationMail(deps.config, key, to, userId, wanted));
      sent.emails += 1;
    } catch (err) {
      deps.log.warn({ err, userId }, "a held notification email was not sent");
    }
  }
  for (const [userId, rows] of pushes) {
    try {
      if (await sendHeldPush(deps, userId, rows)) sent.pushes += 1;
    } catch (err) {
      deps.log.warn({ err, userId }, "a held push was not sent");
    }
  }
  return sent;
}

/**
 * After a user's quiet hours changed (shortened, moved, switched off): what they still hold goes
 * out when the new ones end, and at once when those no longer cover now. It was held until the
 * end in force when each notification was made, so shortening quiet hours released nothing.
 */
export async function retimeHeldNotifications(
  deps: AppDeps,
  userId: string,
  settings: NotificationSettings,
  now = new Date(),
): Promise<void> {
  const timeZone = (await deps.repositories.profiles.find(userId))?.timeZone ?? "UTC";
  const dueAt = quietHoursEnd(settings, now, timeZone);
  await deps.repositories.notifications.retimeHeld(userId, now.toISOString(), dueAt.toISOString());
  if (dueAt.getTime() <= now.getTime()) await sendDueNotifications(deps, now, userId);
}

/** Rows per user, in their order. (Map.groupBy needs Node 21.) */
function byUser(rows: readonly NotificationRecord[]): Map<string, NotificationRecord[]> {
  const groups = new Map<string, NotificationRecord[]>();
  for (const row of rows) groups.set(row.userId, [...(groups.get(row.userId) ?? []), row]);
  return groups;
}

/** One push for what quiet hours held back: the notification itself, or how many there are. */
async function sendHeldPush(deps: AppDeps, userId: string, rows: readonly NotificationRecord[]): Promise<boolean> {
  const settings = await notificationSettingsOf(deps.repositories, userId);
  const wanted = rows.filter((row) => deliveryFor(settings, row.type as NotificationType).push);
  if (wanted.length === 0) return false;
  const payload: PushPayload =
    wanted.length === 1
      ? pushPayload(wanted[0]!)
      : {
          id: wanted.at(-1)!.id,
          type: "system",
          title: `${wanted.length} new notifications`,
          body: wanted.map((row) => row.title).join(" · "),
          link: "/notifications",
        };
  deps.push.sendInBackground(userId, payload);
  return true;
}

export interface TestDelivery {
  /** In the center and, where the app is open, shown at once. */
  inApp: boolean;
  /** Devices the push went to. */
  pushDevices: number;
  /** The confirmed address it was emailed to, or null. */
  emailedTo: string | null;
}

/**
 * spec test-notification: one notification to the caller through every channel their settings
 * have on, at once (quiet hours are for others' news, not for a test the user asked for).
 */
export async function sendTestNotification(deps: AppDeps, user: User): Promise<TestDelivery> {
  const settings = await notificationSettingsOf(deps.repositories, user.id);
  const now = new Date().toISOString();
  const row: NotificationRecord = {
    id: randomUUID(),
    userId: user.id,
    type: "system",
    title: "Test notification",
    body: "Notifications reach you this way.",
    link: "/notifications",
    createdAt: now,
    readAt: null,
    emailDueAt: null,
    emailedAt: null,
    pushDueAt: null,
    pushedAt: null,
  };
  await deps.repositories.notifications.insert([row]);
  await tellUsers(deps, [user.id], {
    type: "notification.created",
    notification: presentNotification(row),
    toast: settings.websocket_enabled,
  });
  const pushDevices = settings.push_enabled ? await deps.push.send(user.id, pushPayload(row)) : 0;
  const emailedTo = settings.email_enabled ? await confirmedEmailOf(deps.repositories, user.id) : null;
  if (emailedTo) {
    const key = await unsubscribeKey(deps.repositories);
    await deps.mailer.send(notificationMail(deps.config, key, emailedTo, user.id, [row]));
  }
  return { inApp: true, pushDevices, emailedTo };
}
