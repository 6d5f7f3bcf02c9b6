import { z } from "zod";
import { storableText } from "./fields.js";

/**
 * Isolated messaging (module "messaging"): a conversation belongs to one group, or to one task of
 * that group, and only the group's current members read, follow or write in it
 * (docs/messaging.md). Kept apart from the assistant's conversations.
 */
export const MESSAGING_MODULE = "messaging";

/** Longest message text, in characters. */
export const MAX_MESSAGE_LENGTH = 4000;
/** Most messages one read returns; a client catching up asks again from the last one it got. */
export const MAX_MESSAGES_PER_READ = 200;

export const MESSAGING_MESSAGES = {
  conversationNotFound: "Conversation not found",
  messageNotFound: "Message not found",
  /** Also what an offline message gets when its sender left the group meanwhile: nothing is sent. */
  noAccess: "User does not have access to this group",
  empty: "Write something to send",
  tooLong: `A message can be at most ${MAX_MESSAGE_LENGTH} characters`,
  onlyAuthorEdits: "Only its author can edit a message",
  deleteNotAllowed: "Only its author or the group's owner can delete a message",
  deleted: "This message was deleted",
  replyNotFound: "The message you reply to is not in this conversation",
  clientIdReused: "This client id was already used for another message",
} as const;

const messageText = storableText()
  .trim()
  .min(1, MESSAGING_MESSAGES.empty)
  .max(MAX_MESSAGE_LENGTH, MESSAGING_MESSAGES.tooLong);

/** What the client makes up for each message it sends: a retry or an offline replay sends it again. */
const clientId = storableText().regex(/^[A-Za-z0-9_-]{8,64}$/, "Use 8 to 64 letters, digits, - or _");

const id = storableText().min(1).max(100);
export const conversationIdParams = z.object({ conversationId: id });
export const messageParams = conversationIdParams.extend({ messageId: id });
export const groupIdParams = z.object({ groupId: id });
export const taskIdParams = z.object({ taskId: id });

export const sendMessageSchema = z.object({
  clientId,
  body: messageText,
  replyToId: id.optional(),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

export const editMessageSchema = z.object({ body: messageText });

/** Messages after `after` (a sequence number; 0: from the start), oldest first. */
export const messagesQuerySchema = z.object({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_MESSAGES_PER_READ).default(100),
});

export const markReadSchema = z.object({ seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** The conversation's order: 1, 2, 3… with no gap, the same on every client. */
  seq: z.number().int(),
  clientId: z.string(),
  /** null once the author's account is deleted. */
  authorId: z.string().nullable(),
  authorName: z.string(),
  /** null once deleted: the message stays as a tombstone, so replies and the order keep their place. */
  body: z.string().nullable(),
  replyToId: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagesSchema = z.object({
  messages: z.array(messageSchema),
  /** The conversation's newest sequence number: the client is current once it has this one. */
  lastSeq: z.number().int(),
});
export type Messages = z.infer<typeof messagesSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  /** The task whose thread this is; null for the group's own conversation. */
  taskId: z.string().nullable(),
  title: z.string(),
  lastSeq: z.number().int(),
  /** The newest message the caller has read. */
  lastReadSeq: z.number().int(),
  unread: z.number().int(),
  lastMessageAt: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsSchema = z.object({ conversations: z.array(conversationSchema) });

/** Unread messages: those after the reader's marker that others wrote (one's own are read). */
export function unreadCount(lastSeq: number, lastReadSeq: number, ownAfterMarker: number): number {
  return Math.max(0, lastSeq - lastReadSeq - ownAfterMarker);
}
