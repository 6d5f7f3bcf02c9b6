import type { Kysely } from "kysely";
import type { Message } from "../../../domain/messaging.js";
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
}

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
  }

  private messagesQuery() {
    return this.db
      .selectFrom("messages")
      .leftJoin("users", "users.id", "messages.author_id")
      .leftJoin("profiles", "profiles.user_id", "messages.author_id")
      .select([
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
    return rows.map(toMessage);
  }

  async findMessage(conversationId: string, messageId: string): Promise<Message | undefined> {
    const row = await this.messagesQuery()
      .where("messages.conversation_id", "=", conversationId)
      .where("messages.id", "=", messageId)
      .executeTakeFirst();
    return row && toMessage(row);
  }

  /** The message an earlier send with this client id made, if any. */
  async findByClientId(conversationId: string, authorId: string, clientId: string): Promise<Message | undefined> {
    const row = await this.messagesQuery()
      .where("messages.conversation_id", "=", conversationId)
      .where("messages.author_id", "=", authorId)
      .where("messages.client_id", "=", clientId)
      .executeTakeFirst();
    return row && toMessage(row);
  }

  async edit(messageId: string, body: string, now: string): Promise<void> {
    await this.db.updateTable("messages").set({ body, edited_at: now }).where("id", "=", messageId).execute();
  }

  /** Leaves a tombstone: the number and the author stay, the text goes. */
  async tombstone(messageId: string, now: string): Promise<void> {
    await this.db
      .updateTable("messages")
      .set({ body: null, deleted_at: now })
      .where("id", "=", messageId)
      .where("deleted_at", "is", null)
      .execute();
  }

  /** Moves the reader's marker forward to `seq` (never back: two devices may report out of order). */
  async markRead(conversationId: string, userId: string, seq: number): Promise<void> {
    await this.db
      .insertInto("conversation_readers")
      .values({ conversation_id: conversationId, user_id: userId, last_read_seq: seq })
      .onConflict((conflict) =>
        conflict
          .columns(["conversation_id", "user_id"])
          .doUpdateSet({ last_read_seq: seq })
          .where("conversation_readers.last_read_seq", "<", seq),
      )
      .execute();
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
      .selectAll("conversations")
      .select(["groups.name as group_name", "tasks.title as task_title"])
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
    }));
  }
}

function toMessage(row: MessageTable & { author_name: string | null }): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    seq: Number(row.seq),
    clientId: row.client_id,
    authorId: row.author_id,
    authorName: row.author_id ? (row.author_name ?? DELETED_AUTHOR) : DELETED_AUTHOR,
    body: row.body,
    replyToId: row.reply_to_id,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    deletedAt: row.deleted_at,
  };
}
