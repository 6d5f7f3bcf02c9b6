import { MESSAGING_MODULE, type Message } from "../../../domain/messaging.js";
import { NOTIFICATION_BODY_MAX_LENGTH } from "../../../domain/notifications.js";
import type { AppDeps } from "../../deps.js";
import type { User } from "../../repositories/user-repository.js";
import { notifyUsers } from "../../services/notifications/notifications.js";
import { usersWithModule } from "../live.js";
import { type ConversationRow, MessagingRepository } from "./repository.js";

/** A member who moved their read marker this recently is reading along: they see new messages live. */
export const READING_ALONG_MS = 2 * 60_000;

/** What a notification about a message says: its text as the center keeps it, or that it is a photo. */
function bodyOf(message: Message): string {
  return (message.body ? message.body : message.image ? "Sent an image" : "").slice(0, NOTIFICATION_BODY_MAX_LENGTH);
}

/**
 * A message was deleted: the notifications made about it go from every center, and the pushes
 * and emails quiet hours still held for it are not sent, so its text is not delivered later.
 */
export async function withdrawMessageNotifications(
  deps: AppDeps,
  conversation: ConversationRow,
  message: Message,
): Promise<void> {
  await deps.repositories.notifications.withdraw({
    type: "message",
    link: linkTo(conversation),
    body: bodyOf(message),
    since: message.createdAt,
  });
}

/** Where a notification about a message takes its reader: the task's page, or the group's conversation. */
function linkTo(conversation: ConversationRow): string {
  return conversation.task_id
    ? `/task-detail-page?id=${encodeURIComponent(conversation.task_id)}`
    : `/isolated-messaging?group=${encodeURIComponent(conversation.group_id)}`;
}

/**
 * Notifies the conversation's other members of a new message, through the notification
 * channels, per-type settings and quiet hours of each (type "message"), leaving out those with
 * the module off. Who is notified (docs/messaging.md): a member it mentions, unless they muted
 * the conversation; on "all" (the default), also a member who had read everything before it and
 * is not reading along, so a lively conversation notifies once until it is read, not once per
 * message, and not those who follow it live.
 */
export async function notifyAboutMessage(
  deps: AppDeps,
  author: User,
  conversation: ConversationRow,
  message: Message,
  now = new Date(),
): Promise<void> {
  const audience = await new MessagingRepository(deps.database.db).audience(conversation, author.id, message.seq);
  const mentioned = new Set(message.mentions);
  const readingAlong = (readAt: string | null) =>
    readAt !== null && now.getTime() - new Date(readAt).getTime() < READING_ALONG_MS;
  const caughtUp = audience
    .filter(
      (member) =>
        !mentioned.has(member.userId) &&
        member.notify === "all" &&
        member.unreadBefore === 0 &&
        !readingAlong(member.readAt),
    )
    .map((member) => member.userId);
  const mentionedHere = audience
    .filter((member) => mentioned.has(member.userId) && member.notify !== "none")
    .map((member) => member.userId);
  const [toMention, toTell] = await Promise.all([
    usersWithModule(deps, MESSAGING_MODULE, mentionedHere, conversation.group_id),
    usersWithModule(deps, MESSAGING_MODULE, caughtUp, conversation.group_id),
  ]);
  if (toMention.length === 0 && toTell.length === 0) return;

  const [group, task] = await Promise.all([
    deps.repositories.groups.findById(conversation.group_id),
    conversation.task_id ? deps.repositories.tasks.findById(conversation.task_id) : undefined,
  ]);
  const where = task ? `“${task.title}”` : (group?.name ?? "your group");
  const body = bodyOf(message);
  const link = linkTo(conversation);
  if (toMention.length > 0) {
    await notifyUsers(
      deps,
      toMention,
      { type: "message", title: `${message.authorName} mentioned you in ${where}`, body, link },
      now,
    );
  }
  if (toTell.length > 0) {
    await notifyUsers(deps, toTell, { type: "message", title: `${message.authorName} in ${where}`, body, link }, now);
  }
}
