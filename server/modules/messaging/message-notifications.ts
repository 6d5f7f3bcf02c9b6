import type { Message } from "../../../domain/messaging.js";
import type { AppDeps } from "../../deps.js";
import type { User } from "../../repositories/user-repository.js";
import { notifyUsers } from "../../services/notifications/notifications.js";
import { type ConversationRow, MessagingRepository } from "./repository.js";

/** Where a notification about a message takes its reader: the task's page, or the group's conversation. */
function linkTo(conversation: ConversationRow): string {
  return conversation.task_id
    ? `/task-detail-page?id=${encodeURIComponent(conversation.task_id)}`
    : `/isolated-messaging?group=${encodeURIComponent(conversation.group_id)}`;
}

/**
 * Notifies the conversation's other members of a new message, through the notification
 * channels, per-type settings and quiet hours of each (type "message"). Who is notified
 * (docs/messaging.md): a member it mentions, unless they muted the conversation; on "all" (the
 * default), also a member who had read everything before it, so a lively conversation notifies
 * once until it is read, not once per message.
 */
export async function notifyAboutMessage(
  deps: AppDeps,
  author: User,
  conversation: ConversationRow,
  message: Message,
): Promise<void> {
  const audience = await new MessagingRepository(deps.database.db).audience(conversation, author.id);
  const mentioned = new Set(message.mentions);
  const caughtUp = audience
    .filter(
      (member) => !mentioned.has(member.userId) && member.notify === "all" && member.lastReadSeq >= message.seq - 1,
    )
    .map((member) => member.userId);
  const mentionedHere = audience
    .filter((member) => mentioned.has(member.userId) && member.notify !== "none")
    .map((member) => member.userId);
  if (caughtUp.length === 0 && mentionedHere.length === 0) return;

  const [group, task] = await Promise.all([
    deps.repositories.groups.findById(conversation.group_id),
    conversation.task_id ? deps.repositories.tasks.findById(conversation.task_id) : undefined,
  ]);
  const where = task ? `“${task.title}”` : (group?.name ?? "your group");
  const body = message.body ? message.body : message.image ? "Sent an image" : "";
  const link = linkTo(conversation);
  if (mentionedHere.length > 0) {
    await notifyUsers(deps, mentionedHere, {
      type: "message",
      title: `${message.authorName} mentioned you in ${where}`,
      body,
      link,
    });
  }
  if (caughtUp.length > 0) {
    await notifyUsers(deps, caughtUp, { type: "message", title: `${message.authorName} in ${where}`, body, link });
  }
}
