import { z } from "zod";
import { storableText } from "./fields.js";
export { TYPING_REPORT_INTERVAL_MS, TYPING_SHOWN_MS } from "./messaging-timing.js";
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_TYPES } from "./photos.js";

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
/** Largest image a message carries, before the server re-encodes it. */
export const MESSAGE_IMAGE_MAX_BYTES = PHOTO_MAX_BYTES;
export const MESSAGE_IMAGE_TYPES = PHOTO_TYPES;
/** Most members one message mentions. */
export const MAX_MENTIONS = 50;
/** Most search results one search returns. */
export const MAX_SEARCH_RESULTS = 50;
/** How loudly a conversation notifies a member: every message, only those that mention them, or never. */
export const NOTIFY_LEVELS = ["all", "mentions", "none"] as const;
export type NotifyLevel = (typeof NOTIFY_LEVELS)[number];

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
  mentionNotMember: "You can only mention members of this group",
  ...PHOTO_MESSAGES,
  clientIdReused: "This client id was already used for another message",
} as const;

/** What the client makes up for each message it sends: a retry or an offline replay sends it again. */
const clientId = storableText().regex(/^[A-Za-z0-9_-]{8,64}$/, "Use 8 to 64 letters, digits, - or _");

const id = storableText().min(1).max(100);
export const conversationIdParams = z.object({ conversationId: id });
export const messageParams = conversationIdParams.extend({ messageId: id });
export const groupIdParams = z.object({ groupId: id });
export const taskIdParams = z.object({ taskId: id });

/** A send's largest body: an image in base64 is a third larger than its bytes; the rest is small. */
export const SEND_BODY_LIMIT = Math.ceil((MESSAGE_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * An image as a data URL ("data:image/jpeg;base64,…"), decoded and re-encoded by the server,
 * which answers 413 "File too large" past 10 MB of image.
 */
const imageDataUrl = storableText().max(SEND_BODY_LIMIT);

export const sendMessageSchema = z
  .object({
    clientId,
    /** May be empty when the message carries an image. */
    body: storableText().trim().max(MAX_MESSAGE_LENGTH, MESSAGING_MESSAGES.tooLong).default(""),
    replyToId: id.optional(),
    /** Members the message mentions (user ids); each gets a notification. */
    mentions: z.array(id).max(MAX_MENTIONS).default([]),
    image: imageDataUrl.optional(),
  })
  .refine((message) => message.body.length > 0 || message.image !== undefined, {
    message: MESSAGING_MESSAGES.empty,
    path: ["body"],
  });
export type SendMessage = z.infer<typeof sendMessageSchema>;

/** Empty only for a message with a photo (checked by the server, which knows). */
export const editMessageSchema = z.object({
  body: storableText().trim().max(MAX_MESSAGE_LENGTH, MESSAGING_MESSAGES.tooLong),
});

const seqNumber = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * Messages after `after` (a sequence number; 0: from the start), oldest first; or, with
 * `before`, the newest `limit` messages before that number, still oldest first (a page of older
 * history, or the latest ones with before = lastSeq + 1).
 */
export const messagesQuerySchema = z.object({
  after: seqNumber.default(0),
  before: seqNumber.optional(),
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
  /** Members it mentions (user ids). */
  mentions: z.array(z.string()),
  /** Its image, served at `…/messages/:messageId/image`; null when it has none (or was deleted). */
  image: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
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
  /** How loudly it notifies the caller. */
  notify: z.enum(NOTIFY_LEVELS),
  /**
   * Other members' read markers: only when the caller shares read receipts, and only of members
   * who share theirs.
   */
  readers: z.array(z.object({ userId: z.string(), name: z.string(), lastReadSeq: z.number().int() })),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsSchema = z.object({ conversations: z.array(conversationSchema) });

/** Unread messages: those after the reader's marker that others wrote (one's own are read). */
export function unreadCount(lastSeq: number, lastReadSeq: number, ownAfterMarker: number): number {
  return Math.max(0, lastSeq - lastReadSeq - ownAfterMarker);
}

export const conversationSettingsSchema = z.object({ notify: z.enum(NOTIFY_LEVELS) });

export const messagingPreferencesSchema = z.object({
  /** Shares one's read marker with members who share theirs, and sees theirs. Off by default. */
  readReceipts: z.boolean(),
});
export type MessagingPreferences = z.infer<typeof messagingPreferencesSchema>;

export const searchQuerySchema = z.object({
  q: storableText().trim().min(2, "Search for at least 2 characters").max(200),
});

export const searchResultsSchema = z.object({
  results: z.array(
    z.object({
      conversationId: z.string(),
      /** The task of a task's thread; null for the group's conversation. */
      taskId: z.string().nullable(),
      conversationTitle: z.string(),
      message: messageSchema,
    }),
  ),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
