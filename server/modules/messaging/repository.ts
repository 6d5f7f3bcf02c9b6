import { type Kysely, sql } from "kysely";
import type { Message, NotifyLevel } from "../../../domain/messaging.js";
import type { DB } from "../../db/schema.js";
import type { ConversationTable, MessageTable } from "./tables.js";
import "./tables.js";

export type ConversationRow = ConversationTable;

/** A conversation as one of its readers sees it in a list. */
export interface ConversationListRow extends ConversationRow {
  group_name: string;
  task_title: string | null;
  last_read_seq: number;
  /** The reader's own messages after their marker: sending counts as reading up to it. */
  own_unread: number;
  notify: NotifyLevel;
}

/** A message row before its mentions are added. */
type MessageRow = MessageTable & {
  author_name: string | null;
  image_width: number | null;
  image_height: number | null;
};

/** A deleted account's messages keep their place under this name. */
export const DELETED_AUTHOR = "Deleted user";

/** Conversations, messages and read markers. Never opens a transaction itself (server/services/transaction.ts). */
export class MessagingRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(id: string): Promise<ConversationRow | undefined> {
    return this.db.selectFrom("conversations").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The group's own conversation (taskId null) or the task's thread, made on first use. */
  async findOrCreate(groupId: string, taskId: string | null, id: string, now: string): Promise<ConversationRow> {
    const existing = () =>
      this.db
        .selectFrom("conversations")
        .selectAll()
        .where("group_id", "=", groupId)
        .where("task_id", taskId === null ? "is" : "=", taskId)
        .executeTakeFirst();
    const found = await existing();
    if (found) return found;
    // Two first looks at once: the partial unique index keeps one, and both read it back.
    await this.db
      .insertInto("conversations")
      .values({ id, group_id: groupId, task_id: taskId, last_seq: 0, created_at: now, last_message_at: null })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    return (await existing())!;
  }

  /**
   * The next number of the conversation, taken in the sending transaction. On PostgreSQL the
   * update locks the conversation's row until that transaction ends, so numbers are handed out
   * in the order their messages commit and a reader never sees 101 before 100; SQLite runs one
   * write at a time.
   */
  async takeNextSeq(conversationId: string, now: string): Promise<number> {
    const row = await this.db
      .updateTable("conversations")
      .set((eb) => ({ last_seq: eb("last_seq", "+", 1), last_message_at: now }))
      .where("id", "=", conversationId)
      .returning("last_seq")
      .executeTakeFirstOrThrow();
    return Number(row.last_seq);
  }

  async insertMessage(message: {
    id: string;
    conversationId: string;
    seq: number;
    clientId: string;
    authorId: string;
    body: string;
    replyToId: string | null;
    mentions: readonly string[];
    image: { contentType: string; width: number; height: number; data: Buffer } | null;
    now: string;
  }): Promise<void> {
    await this.db
      .insertInto("messages")
      .values({
        id: message.id,
        conversation_id: message.conversationId,
        seq: message.seq,
        client_id: message.clientId,
        author_id: message.authorId,
        body: message.body,
        reply_to_id: message.replyToId,
        created_at: message.now,
        edited_at: null,
        deleted_at: null,
      })
      .execute();
    if (message.mentions.length > 0) {
      await this.db
        .insertInto("message_mentions")
        .values(message.mentions.map((userId) => ({ message_id: message.id, user_id: userId })))
        .execute();
    }
    if (message.image) {
      const { contentType, width, height, data } = message.image;
      await this.db
        .insertInto("message_images")
        .values({ message_id: message.id, content_type: contentType, width, height, data })
        .execute();
    }
  }

  private messagesQuery() {
    return this.db
      .selectFrom("messages")
      .leftJoin("users", "users.id", "messages.author_id")
      .leftJoin("profiles", "profiles.user_id", "messages.author_id")
      .leftJoin("message_images", "message_images.message_id", "messages.id")
      .select([
        "message_images.width as image_width",
        "message_images.height as image_height",
        "messages.id",
        "messages.conversation_id",
        "messages.seq",
        "messages.client_id",
        "messages.author_id",
        "messages.body",
        "messages.reply_to_id",
        "messages.created_at",
        "messages.edited_at",
        "messages.deleted_at",
        (eb) => eb.fn.coalesce("profiles.display_name", "users.name").as("author_name"),
      ]);
  }

  /** Messages after `after`, oldest first, at most `limit`. */
  async after(conversationId: string, after: number, limit: number): Promise<Message[]> {
    const rows = await this.messagesQuery()
      .where("messages.conversation_id", "=", conversationId)
      .where("messages.seq", ">", after)
      .orderBy("messages.seq")
      .limit(limit)
      .execute();
    return this.withMentions(rows);
  }

  /** The newest `limit` messages before `before`, oldest first. */
  async before(conversationId: string, before: number, limit: number): Promise<Message[]> {
    const rows = await this.messagesQuery()
      .where("messages.conversation_id", "=", conversationId)
      .where("messages.seq", "<", before)
      .orderBy("messages.seq", "desc")
      .limit(limit)
      .execute();
    return this.withMentions(rows.reverse());
  }

  /** The rows as messages, with the members each mentions (one query for all of them). */
  private async withMentions(rows: MessageRow[]): Promise<Message[]> {
    const ids = rows.filter((row) => row.deleted_at === null).map((row) => row.id);
    const mentions = new Map<string, string[]>();
    if (ids.length > 0) {
      const found = await this.db
        .selectFrom("message_mentions")
        .select(["message_id", "user_id"])
        .where("message_id", "in", ids)
        .execute();
      for (const { message_id, user_id } of found)
        mentions.set(message_id, [...(mentions.get(message_id) ?? []), user_id]);
    }
    return rows.map((row) => toMessage(row, mentions.get(row.id) ?? []));
  }

  async findMessage(conversationId: string, messageId: string): Promise<Message | undefined> {
    const row = await this.messagesQuery()
      .where("messages.conversation_id", "=", conversationId)
      .where("messages.id", "=", messageId)
      .executeTakeFirst();
    return row && (await this.withMentions([row]))[0];
  }

  /** The message an earlier send with this client id made, if any. */
  async findByClientId(conversationId: string, authorId: string, clientId: string): Promise<Message | undefined> {
    const row = await this.messagesQuery()
      .where("messages.conversation_id", "=", conversationId)
      .where("messages.author_id", "=", authorId)
      .where("messages.client_id", "=", clientId)
      .executeTakeFirst();
    return row && (await this.withMentions([row]))[0];
  }

  /** The image's bytes, unless the message was deleted. */
  async image(messageId: string): Promise<{ contentType: string; data: Buffer } | undefined> {
    const row = await this.db
      .selectFrom("message_images")
      .innerJoin("messages", "messages.id", "message_images.message_id")
      .select(["message_images.content_type", "message_images.data"])
      .where("message_images.message_id", "=", messageId)
      .where("messages.deleted_at", "is", null)
      .executeTakeFirst();
    return row && { contentType: row.content_type, data: Buffer.from(row.data) };
  }

  /** Changes a message's text unless it was deleted meanwhile; whether it did. */
  async edit(messageId: string, body: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable("messages")
      .set({ body, edited_at: now })
      .where("id", "=", messageId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Leaves a tombstone: the number and the author stay, the text, image and mentions go. */
  async tombstone(messageId: string, now: string): Promise<void> {
    await this.db.deleteFrom("message_images").where("message_id", "=", messageId).execute();
    await this.db.deleteFrom("message_mentions").where("message_id", "=", messageId).execute();
    await this.db
      .updateTable("messages")
      .set({ body: null, deleted_at: now })
      .where("id", "=", messageId)
      .where("deleted_at", "is", null)
      .execute();
  }

  /** Moves the reader's marker forward to `seq` (never back: two devices may report out of order). */
  async markRead(conversationId: string, userId: string, seq: number, now: string): Promise<void> {
    await this.db
      .insertInto("conversation_readers")
      .values({ conversation_id: conversationId, user_id: userId, last_read_seq: seq, read_at: now })
      .onConflict((conflict) =>
        conflict
          .columns(["conversation_id", "user_id"])
          .doUpdateSet({ last_read_seq: seq, read_at: now })
          .where("conversation_readers.last_read_seq", "<", seq),
      )
      .execute();
  }

  async setNotify(conversationId: string, userId: string, notify: NotifyLevel): Promise<void> {
    await this.db
      .insertInto("conversation_settings")
      .values({ conversation_id: conversationId, user_id: userId, notify })
      .onConflict((conflict) => conflict.columns(["conversation_id", "user_id"]).doUpdateSet({ notify }))
      .execute();
  }

  async readReceipts(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("messaging_preferences")
      .select("read_receipts")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(row?.read_receipts ?? 0) === 1;
  }

  async setReadReceipts(userId: string, on: boolean): Promise<void> {
    const read_receipts = on ? 1 : 0;
    await this.db
      .insertInto("messaging_preferences")
      .values({ user_id: userId, read_receipts })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ read_receipts }))
      .execute();
  }

  /** The read markers of the group's other current members who share read receipts. */
  async sharedReaders(conversation: ConversationRow, exceptUserId: string) {
    const rows = await this.db
      .selectFrom("group_members")
      .innerJoin("messaging_preferences as preference", "preference.user_id", "group_members.user_id")
      .innerJoin("users", "users.id", "group_members.user_id")
      .leftJoin("profiles", "profiles.user_id", "group_members.user_id")
      .leftJoin("conversation_readers as reader", (join) =>
        join.onRef("reader.user_id", "=", "group_members.user_id").on("reader.conversation_id", "=", conversation.id),
      )
      .select((eb) => [
        "group_members.user_id",
        eb.fn.coalesce("profiles.display_name", "users.name").as("name"),
        eb.fn.coalesce("reader.last_read_seq", eb.val(0)).as("last_read_seq"),
      ])
      .where("group_members.group_id", "=", conversation.group_id)
      .where("group_members.user_id", "!=", exceptUserId)
      .where("preference.read_receipts", "=", 1)
      .orderBy("group_members.user_id")
      .execute();
    return rows.map((row) => ({
      userId: row.user_id,
      name: row.name ?? DELETED_AUTHOR,
      lastReadSeq: Number(row.last_read_seq),
    }));
  }

  /**
   * The group's current members other than `exceptUserId`, with what decides whether message
   * `seq` notifies each: their level for the conversation, how many messages of others before it
   * they have not read (their own after their marker do not count), and when they last read.
   */
  async audience(conversation: ConversationRow, exceptUserId: string, seq: number) {
    const rows = await this.db
      .selectFrom("group_members")
      .leftJoin("conversation_settings as setting", (join) =>
        join.onRef("setting.user_id", "=", "group_members.user_id").on("setting.conversation_id", "=", conversation.id),
      )
      .leftJoin("conversation_readers as reader", (join) =>
        join.onRef("reader.user_id", "=", "group_members.user_id").on("reader.conversation_id", "=", conversation.id),
      )
      .select((eb) => [
        "group_members.user_id",
        "setting.notify",
        "reader.read_at",
        eb.fn.coalesce("reader.last_read_seq", eb.val(0)).as("last_read_seq"),
        eb
          .selectFrom("messages")
          .select((inner) => inner.fn.countAll().as("n"))
          .where("messages.conversation_id", "=", conversation.id)
          .whereRef("messages.author_id", "=", "group_members.user_id")
          .where("messages.seq", "<", seq)
          .where((inner) => inner("messages.seq", ">", inner.fn.coalesce("reader.last_read_seq", inner.val(0))))
          .as("own_unread"),
      ])
      .where("group_members.group_id", "=", conversation.group_id)
      .where("group_members.user_id", "!=", exceptUserId)
      .execute();
    return rows.map((row) => ({
      userId: row.user_id,
      notify: row.notify ?? ("all" as NotifyLevel),
      unreadBefore: Math.max(0, seq - 1 - Number(row.last_read_seq) - Number(row.own_unread ?? 0)),
      readAt: row.read_at,
    }));
  }

  /** Which of `userIds` are current members of the group. */
  async membersAmong(groupId: string, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom("group_members")
      .select("user_id")
      .where("group_id", "=", groupId)
      .where("user_id", "in", [...userIds])
      .execute();
    return new Set(rows.map((row) => row.user_id));
  }

  /**
   * Messages of the group's conversations (its own and its tasks') whose text contains `text`,
   * whatever the case, newest first.
   */
  async search(groupId: string, text: string, limit: number) {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const rows = await this.messagesQuery()
      .innerJoin("conversations", "conversations.id", "messages.conversation_id")
      .innerJoin("groups", "groups.id", "conversations.group_id")
      .leftJoin("tasks", "tasks.id", "conversations.task_id")
      .select(["conversations.task_id", "groups.name as group_name", "tasks.title as task_title"])
      .where("conversations.group_id", "=", groupId)
      .where("messages.deleted_at", "is", null)
      .where(sql<boolean>`lower(messages.body) like ${pattern} escape '\\'`)
      .orderBy("messages.created_at", "desc")
      .orderBy("messages.seq", "desc")
      .limit(limit)
      .execute();
    const messages = await this.withMentions(rows);
    return rows.map((row, index) => ({
      conversationId: row.conversation_id,
      taskId: row.task_id,
      conversationTitle: row.task_title ?? row.group_name,
      message: messages[index]!,
    }));
  }

  /**
   * The conversations of the user's groups that have a message, newest first, with their marker
   * and how many of the messages after it are their own; with `only`, that one conversation of
   * theirs, messages or not.
   */
  async listForReader(userId: string, only?: string): Promise<ConversationListRow[]> {
    const myGroups = this.db.selectFrom("group_members").select("group_id").where("user_id", "=", userId);
    const rows = await this.db
      .selectFrom("conversations")
      .leftJoin("conversation_readers as reader", (join) =>
        join.onRef("reader.conversation_id", "=", "conversations.id").on("reader.user_id", "=", userId),
      )
      .innerJoin("groups", "groups.id", "conversations.group_id")
      .leftJoin("tasks", "tasks.id", "conversations.task_id")
      .leftJoin("conversation_settings as setting", (join) =>
        join.onRef("setting.conversation_id", "=", "conversations.id").on("setting.user_id", "=", userId),
      )
      .selectAll("conversations")
      .select(["groups.name as group_name", "tasks.title as task_title", "setting.notify"])
      .select((eb) => [
        eb.fn.coalesce("reader.last_read_seq", eb.val(0)).as("last_read_seq"),
        eb
          .selectFrom("messages")
          .select((inner) => inner.fn.countAll().as("n"))
          .whereRef("messages.conversation_id", "=", "conversations.id")
          .where("messages.author_id", "=", userId)
          .where((inner) => inner("messages.seq", ">", inner.fn.coalesce("reader.last_read_seq", inner.val(0))))
          .as("own_unread"),
      ])
      .where("conversations.group_id", "in", myGroups)
      .where((eb) => (only === undefined ? eb("conversations.last_seq", ">", 0) : eb("conversations.id", "=", only)))
      .orderBy("conversations.last_message_at", "desc")
      .execute();
    return rows.map((row) => ({
      ...row,
      last_seq: Number(row.last_seq),
      last_read_seq: Number(row.last_read_seq),
      own_unread: Number(row.own_unread ?? 0),
      notify: row.notify ?? "all",
    }));
  }
}

function toMessage(row: MessageRow, mentions: string[]): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    seq: Number(row.seq),
    clientId: row.client_id,
    authorId: row.author_id,
    authorName: row.author_id ? (row.author_name ?? DELETED_AUTHOR) : DELETED_AUTHOR,
    body: row.body,
    replyToId: row.reply_to_id,
    mentions,
    image:
      row.image_width !== null && row.image_height !== null
        ? { width: row.image_width, height: row.image_height }
        : null,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    deletedAt: row.deleted_at,
  };
}
