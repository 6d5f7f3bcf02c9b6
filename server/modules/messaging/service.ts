import { randomUUID } from "node:crypto";
import { GROUP_MESSAGES } from "../../../domain/group-messages.js";
import {
  type Conversation,
  type Message,
  type Messages,
  type MessagingPreferences,
  MESSAGING_MESSAGES,
  MESSAGING_MODULE,
  MAX_SEARCH_RESULTS,
  type NotifyLevel,
  type SearchResults,
  type SendMessage,
  TYPING_REPORT_INTERVAL_MS,
  unreadCount,
} from "../../../domain/messaging.js";
import { TASK_MESSAGES } from "../../../domain/task-rules.js";
import type { AppDeps } from "../../deps.js";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../errors.js";
import type { Repositories } from "../../repositories/index.js";
import type { User } from "../../repositories/user-repository.js";
import { inTransaction } from "../../services/transaction.js";
import { requireModule } from "../../services/preferences/module-switches.js";
import { tellModuleUsers } from "../live.js";
import { encodeMessageImage } from "./images.js";
import { notifyAboutMessage, withdrawMessageNotifications } from "./message-notifications.js";
import { type ConversationListRow, type ConversationRow, MessagingRepository } from "./repository.js";

const messaging = (deps: AppDeps) => new MessagingRepository(deps.database.db);

/**
 * The conversation if the user is a current member of its group; otherwise not found, whether
 * it does not exist or belongs to a group they are not in (docs/messaging.md).
 */
async function readable(deps: AppDeps, user: User, conversationId: string): Promise<ConversationRow> {
  const conversation = await messaging(deps).find(conversationId);
  if (!conversation || !(await deps.repositories.groups.memberRole(conversation.group_id, user.id))) {
    throw new NotFoundError(MESSAGING_MESSAGES.conversationNotFound);
  }
  // The group's owner may have switched messaging off for the group (the route guard sees only
  // routes that name the group).
  await requireModule(deps, user.id, MESSAGING_MODULE, [conversation.group_id]);
  return conversation;
}

/**
 * Tells the group's members (those with the module on) that the conversation has news:
 * "conversation.changed:<id>" for a new message (a client asks for those after its newest),
 * "conversation.message:<id>:<messageId>" for an edited or deleted one (it asks for that one).
 */
async function announce(deps: AppDeps, conversation: ConversationRow, changedMessageId?: string): Promise<void> {
  const members = await deps.repositories.groups.memberIds(conversation.group_id);
  await tellModuleUsers(
    deps,
    MESSAGING_MODULE,
    members,
    changedMessageId
      ? `conversation.message:${conversation.id}:${changedMessageId}`
      : `conversation.changed:${conversation.id}`,
    conversation.group_id,
  );
}

/** The group's own conversation, made on first use. */
export async function groupConversation(deps: AppDeps, user: User, groupId: string, now = new Date()) {
  if (!(await deps.repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
  return presentOne(deps, user, await messaging(deps).findOrCreate(groupId, null, randomUUID(), now.toISOString()));
}

/**
 * A task's thread, made on first use. It belongs to the task's own group: a group the task is
 * only shared with does not read it.
 */
export async function taskConversation(deps: AppDeps, user: User, taskId: string, now = new Date()) {
  const task = await deps.repositories.tasks.findVisible(taskId, user.id);
  if (!task || !(await deps.repositories.groups.memberRole(task.groupId, user.id))) {
    throw new NotFoundError(TASK_MESSAGES.notFound);
  }
  await requireModule(deps, user.id, MESSAGING_MODULE, [task.groupId]);
  return presentOne(
    deps,
    user,
    await messaging(deps).findOrCreate(task.groupId, taskId, randomUUID(), now.toISOString()),
  );
}

/** One conversation as the user sees it in their list (they are a member of its group). */
async function presentOne(deps: AppDeps, user: User, conversation: ConversationRow): Promise<Conversation> {
  const repository = messaging(deps);
  const [row] = await repository.listForReader(user.id, conversation.id);
  if (!row) throw new NotFoundError(MESSAGING_MESSAGES.conversationNotFound);
  // Read receipts are mutual: only who shares theirs sees others'.
  const readers = (await repository.readReceipts(user.id)) ? await repository.sharedReaders(conversation, user.id) : [];
  return { ...present(row), readers };
}

function present(row: ConversationListRow): Conversation {
  return {
    id: row.id,
    groupId: row.group_id,
    taskId: row.task_id,
    title: row.task_title ?? row.group_name,
    lastSeq: row.last_seq,
    lastReadSeq: row.last_read_seq,
    unread: unreadCount(row.last_seq, row.last_read_seq, row.own_unread),
    lastMessageAt: row.last_message_at,
    notify: row.notify,
    readers: [],
  };
}

/** The conversations of the user's groups that have messages, the most recent first. */
export async function listConversations(deps: AppDeps, user: User): Promise<{ conversations: Conversation[] }> {
  const rows = await messaging(deps).listForReader(user.id);
  // Not those of groups whose owner switched messaging off.
  const off = await deps.repositories.moduleSwitches.offInGroups([...new Set(rows.map((row) => row.group_id))]);
  return {
    conversations: rows.filter((row) => !off.get(row.group_id)?.has(MESSAGING_MODULE)).map(present),
  };
}

/**
 * Messages after `after`, oldest first: a client that missed some asks from the last it has. With
 * `before`, the newest `limit` before that number instead (older history), still oldest first.
 */
export async function readMessages(
  deps: AppDeps,
  user: User,
  conversationId: string,
  page: { after: number; before?: number | undefined; limit: number },
): Promise<Messages> {
  const conversation = await readable(deps, user, conversationId);
  const repository = messaging(deps);
  const messages =
    page.before === undefined
      ? await repository.after(conversation.id, page.after, page.limit)
      : await repository.before(conversation.id, page.before, page.limit);
  return { messages, lastSeq: Number(conversation.last_seq) };
}

/**
 * Sends a message. The same client id again (a retry, an offline replay) answers with the
 * message the first send made (`created: false`). Membership is checked in the transaction that
 * writes, holding the membership row on PostgreSQL: a removal racing the send waits for it.
 */
export async function sendMessage(
  deps: AppDeps,
  user: User,
  conversationId: string,
  input: SendMessage,
  now = new Date(),
): Promise<{ message: Message; created: boolean }> {
  // Who may send, and whether this is a retry, is known before a photo is decoded: decoding is
  // the expensive part, and a retry or a stranger must not cost it.
  const conversation = await readable(deps, user, conversationId).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new NotFoundError(MESSAGING_MESSAGES.noAccess) : error;
  });
  const retried = await messaging(deps).findByClientId(conversation.id, user.id, input.clientId);
  if (retried) return { message: sameSend(retried, input), created: false };
  const image = input.image === undefined ? null : await encodeMessageImage(input.image);
  let result: { message: Message; created: boolean };
  try {
    result = await writeMessage(deps, user, conversation.id, input, image, now);
  } catch (error) {
    // The same client id sent twice at once (a retry racing its original): the other one won.
    const winner = isUniqueViolation(error)
      ? await messaging(deps).findByClientId(conversation.id, user.id, input.clientId)
      : undefined;
    if (!winner) throw error;
    return { message: sameSend(winner, input), created: false };
  }
  if (result.created) await afterSend(deps, user, conversation, result.message);
  return result;
}

/** The message an earlier send with this client id made; a 409 if this one says something else. */
function sameSend(earlier: Message, input: SendMessage): Message {
  if (earlier.body !== input.body && earlier.deletedAt === null && earlier.editedAt === null) {
    throw new ConflictError(MESSAGING_MESSAGES.clientIdReused);
  }
  return earlier;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/**
 * Adds the message in one transaction. Membership is checked again there, holding the membership
 * row on PostgreSQL: a removal racing the send waits for it.
 */
async function writeMessage(
  deps: AppDeps,
  user: User,
  conversationId: string,
  input: SendMessage,
  image: Awaited<ReturnType<typeof encodeMessageImage>> | null,
  now: Date,
): Promise<{ message: Message; created: boolean }> {
  return inTransaction(deps, async (repositories: Repositories, transaction) => {
    const conversations = new MessagingRepository(transaction);
    const conversation = await conversations.find(conversationId);
    if (!conversation || !(await repositories.groups.memberRoleForWrite(conversation.group_id, user.id))) {
      throw new NotFoundError(MESSAGING_MESSAGES.noAccess);
    }
    const earlier = await conversations.findByClientId(conversation.id, user.id, input.clientId);
    if (earlier) return { message: sameSend(earlier, input), created: false };
    if (input.replyToId && !(await conversations.findMessage(conversation.id, input.replyToId))) {
      throw new ValidationError(MESSAGING_MESSAGES.replyNotFound);
    }
    const mentions = [...new Set(input.mentions)].filter((id) => id !== user.id);
    const members = await conversations.membersAmong(conversation.group_id, mentions);
    if (mentions.some((id) => !members.has(id))) throw new ValidationError(MESSAGING_MESSAGES.mentionNotMember);
    const at = now.toISOString();
    const seq = await conversations.takeNextSeq(conversation.id, at);
    const id = randomUUID();
    await conversations.insertMessage({
      id,
      conversationId: conversation.id,
      seq,
      clientId: input.clientId,
      authorId: user.id,
      body: input.body,
      replyToId: input.replyToId ?? null,
      mentions,
      image,
      now: at,
    });
    // The marker does not move: a message replayed from an offline device says nothing about
    // what its author has read since (their own messages never count as unread).
    return { message: (await conversations.findMessage(conversation.id, id))!, created: true };
  });
}

/**
 * Tells the members and notifies them. The message is saved whatever happens here: a failure is
 * logged, not answered, so the sender's retry does not meet a message it was told failed.
 */
async function afterSend(deps: AppDeps, user: User, conversation: ConversationRow, message: Message) {
  try {
    await Promise.all([announce(deps, conversation), notifyAboutMessage(deps, user, conversation, message)]);
  } catch (error) {
    deps.log.warn({ err: error, conversationId: conversation.id }, "telling members of a new message failed");
  }
}

/** A message of a conversation the user reads; not found otherwise. */
async function readableMessage(deps: AppDeps, user: User, conversationId: string, messageId: string) {
  const conversation = await readable(deps, user, conversationId);
  const repository = messaging(deps);
  const message = await repository.findMessage(conversation.id, messageId);
  if (!message) throw new NotFoundError(MESSAGING_MESSAGES.messageNotFound);
  return { conversation, repository, message };
}

/** Its author edits a message's text; it is marked edited. A deleted message stays deleted. */
export async function editMessage(
  deps: AppDeps,
  user: User,
  conversationId: string,
  messageId: string,
  body: string,
  now = new Date(),
): Promise<Message> {
  const { conversation, repository, message } = await readableMessage(deps, user, conversationId, messageId);
  if (message.authorId !== user.id) throw new ForbiddenError(MESSAGING_MESSAGES.onlyAuthorEdits);
  if (message.deletedAt) throw new ConflictError(MESSAGING_MESSAGES.deleted);
  // A photo needs no words; a message without one does.
  if (!body && !message.image) throw new ValidationError(MESSAGING_MESSAGES.empty);
  if (message.body === body) return message;
  if (!(await repository.edit(message.id, body, now.toISOString())))
    throw new ConflictError(MESSAGING_MESSAGES.deleted);
  await announce(deps, conversation, message.id);
  return (await repository.findMessage(conversation.id, messageId))!;
}

/** Its author or the group's owner deletes a message: a tombstone keeps its place. */
export async function deleteMessage(
  deps: AppDeps,
  user: User,
  conversationId: string,
  messageId: string,
  now = new Date(),
): Promise<Message> {
  const { conversation, repository, message } = await readableMessage(deps, user, conversationId, messageId);
  if (message.deletedAt) return message;
  const role = await deps.repositories.groups.memberRole(conversation.group_id, user.id);
  if (message.authorId !== user.id && role !== "owner") throw new ForbiddenError(MESSAGING_MESSAGES.deleteNotAllowed);
  await repository.tombstone(message.id, now.toISOString());
  await withdrawMessageNotifications(deps, conversation, message);
  await announce(deps, conversation, message.id);
  return (await repository.findMessage(conversation.id, messageId))!;
}

/** Moves the caller's read marker forward (never past the newest message, never back). */
export async function markRead(deps: AppDeps, user: User, conversationId: string, seq: number): Promise<Conversation> {
  const conversation = await readable(deps, user, conversationId);
  const repository = messaging(deps);
  await repository.markRead(
    conversation.id,
    user.id,
    Math.min(seq, Number(conversation.last_seq)),
    new Date().toISOString(),
  );
  // The reader's other devices update their unread counts; with read receipts shared, the other
  // members who share theirs update what they show as seen.
  const receipts = await repository.readReceipts(user.id);
  const audience = receipts
    ? (await repository.sharedReaders(conversation, user.id)).map((reader) => reader.userId)
    : [];
  await tellModuleUsers(
    deps,
    MESSAGING_MODULE,
    [user.id, ...audience],
    `conversation.read:${conversation.id}`,
    conversation.group_id,
  );
  return presentOne(deps, user, conversation);
}

/** One message, as a client that was told it changed asks for it. */
export async function readMessage(deps: AppDeps, user: User, conversationId: string, messageId: string) {
  return (await readableMessage(deps, user, conversationId, messageId)).message;
}

/** The bytes of a message's image, for members of its group only. */
export async function readMessageImage(deps: AppDeps, user: User, conversationId: string, messageId: string) {
  const { repository, message } = await readableMessage(deps, user, conversationId, messageId);
  const image = await repository.image(message.id);
  if (!image) throw new NotFoundError(MESSAGING_MESSAGES.messageNotFound);
  return image;
}

/** How loudly the conversation notifies the caller. */
export async function setConversationNotify(
  deps: AppDeps,
  user: User,
  conversationId: string,
  notify: NotifyLevel,
): Promise<Conversation> {
  const conversation = await readable(deps, user, conversationId);
  await messaging(deps).setNotify(conversation.id, user.id, notify);
  return presentOne(deps, user, conversation);
}

export async function getMessagingPreferences(deps: AppDeps, user: User): Promise<MessagingPreferences> {
  return { readReceipts: await messaging(deps).readReceipts(user.id) };
}

/** Turning read receipts on or off changes what every conversation of the user's groups shows. */
export async function saveMessagingPreferences(
  deps: AppDeps,
  user: User,
  preferences: MessagingPreferences,
): Promise<MessagingPreferences> {
  await messaging(deps).setReadReceipts(user.id, preferences.readReceipts);
  return getMessagingPreferences(deps, user);
}

/** When each member last reported typing in each conversation, to drop reports that come too often. */
const lastTypingReport = new Map<string, number>();

/**
 * Tells the conversation's other members that the caller is typing. A client reports at most
 * every few seconds; reports in between are dropped here, so a chatty client costs nothing more.
 */
export async function reportTyping(deps: AppDeps, user: User, conversationId: string, now = Date.now()) {
  const conversation = await readable(deps, user, conversationId);
  const key = `${conversation.id} ${user.id}`;
  const last = lastTypingReport.get(key);
  if (last !== undefined && now - last < TYPING_REPORT_INTERVAL_MS - 500) return;
  lastTypingReport.set(key, now);
  if (lastTypingReport.size > 10_000) lastTypingReport.clear();
  const members = (await deps.repositories.groups.memberIds(conversation.group_id)).filter((id) => id !== user.id);
  await tellModuleUsers(
    deps,
    MESSAGING_MODULE,
    members,
    `conversation.typing:${conversation.id}:${user.id}`,
    conversation.group_id,
  );
}

/** Messages of the group's conversations (its own and its tasks') that contain the text. */
export async function searchMessages(deps: AppDeps, user: User, groupId: string, text: string): Promise<SearchResults> {
  if (!(await deps.repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
  return { results: await messaging(deps).search(groupId, text, MAX_SEARCH_RESULTS) };
}
