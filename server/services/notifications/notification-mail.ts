import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_TYPES, type NotificationType } from "../../../domain/notification-settings.js";
import { NOTIFICATION_TYPE_NAMES } from "../../../domain/notifications.js";
import type { Config } from "../../env.js";
import type { Repositories } from "../../repositories/index.js";
import type { NotificationRecord } from "../../repositories/notification-repository.js";
import { html } from "../mail/mail-html.js";
import { mailButton, mailLayout } from "../mail/mail-layout.js";
import type { MailMessage } from "../mail/mailer.js";
import { randomToken } from "../tokens.js";

const UNSUBSCRIBE_KEY = "notification-unsubscribe-key";

/**
 * The key that signs unsubscribe links: made once per instance and kept, so links in old emails
 * keep working across restarts and on every process.
 */
export function unsubscribeKey(repositories: Repositories): Promise<string> {
  return repositories.instanceSecrets.getOrCreate(UNSUBSCRIBE_KEY, () => randomToken(), new Date().toISOString());
}

function signature(key: string, userId: string, type: NotificationType): string {
  return createHmac("sha256", key).update(`unsubscribe\n${userId}\n${type}`).digest("base64url");
}

/** A token that lets its holder turn off one type's emails for one user, and nothing else. */
export function unsubscribeToken(key: string, userId: string, type: NotificationType): string {
  return `${Buffer.from(userId).toString("base64url")}.${type}.${signature(key, userId, type)}`;
}

/** Who and what a token names, or null when it was not made with this instance's key. */
export function readUnsubscribeToken(key: string, token: string): { userId: string; type: NotificationType } | null {
  const [encodedUser, type, given] = token.split(".");
  if (!encodedUser || !given || !NOTIFICATION_TYPES.includes(type as NotificationType)) return null;
  const userId = Buffer.from(encodedUser, "base64url").toString("utf8");
  const expected = Buffer.from(signature(key, userId, type as NotificationType));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { userId, type: type as NotificationType };
}

/**
 * One email for one notification, or a digest of several (those that waited for the end of quiet
 * hours). Each type in it has its own unsubscribe link.
 */
export function notificationMail(
  config: Config,
  key: string,
  to: string,
  userId: string,
  rows: readonly NotificationRecord[],
): MailMessage {
  const instance = config.instanceName;
  const digest = rows.length > 1;
  const types = [...new Set(rows.map((row) => row.type as NotificationType))];
  const unsubscribe = types.map((type) => ({
    type,
    link: `${config.publicUrl}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(key, userId, type))}`,
  }));
  const open = (row: NotificationRecord) => `${config.publicUrl}${row.link ?? "/notifications"}`;
  const subject = digest ? `${rows.length} notifications from ${instance}` : rows[0]!.title;
  const text = [
    ...(digest ? ["While your quiet hours lasted:", ""] : []),
    ...rows.flatMap((row) => [row.title, ...(row.body ? [row.body] : []), open(row), ""]),
    `All your notifications: ${config.publicUrl}/notifications`,
    "",
    ...unsubscribe.map((entry) => `No more emails about ${NOTIFICATION_TYPE_NAMES[entry.type]}: ${entry.link}`),
  ].join("\n");
  return {
    to,
    subject,
    text,
    html: mailLayout(
      instance,
      html`${digest ? html`<p>While your quiet hours lasted:</p>` : ""}
        ${rows.map(
          (row) =>
            html`<p>
              <a href="${open(row)}" style="color:#0f172a;font-weight:600">${row.title}</a
              >${row.body ? html`<br /><span style="color:#475569">${row.body}</span>` : ""}
            </p>`,
        )}
        ${mailButton(`${config.publicUrl}/notifications`, "See all notifications")}
        <p style="color:#475569;font-size:13px">
          ${unsubscribe.map(
            (entry) =>
              html`<a href="${entry.link}" style="color:#475569"
                  >No more emails about ${NOTIFICATION_TYPE_NAMES[entry.type]}</a
                ><br />`,
          )}
        </p>`,
    ),
  };
}
