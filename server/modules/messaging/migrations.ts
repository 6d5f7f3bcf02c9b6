import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes } from "../../db/column-types.js";

/**
 * Conversations, their messages, and each member's place in them. A conversation belongs to a
 * group, or to one task of it; every row cascades with its group, task or user, so deleting
 * any of them needs nothing of this module, except a message's author: a deleted account's
 * messages stay in the group's history under "Deleted user" (author_id set null), so the order
 * keeps no hole.
 */
const messaging: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("conversations")
      .addColumn("id", "text", (col) => col.primaryKey().notNull())
      .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
      .addColumn("task_id", "text", (col) => col.references("tasks.id").onDelete("cascade"))
      // The newest message's number: a send raises it in the transaction that adds the message,
      // so numbers are handed out in commit order and never skip (docs/messaging.md).
      .addColumn("last_seq", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .addColumn("last_message_at", timestamp)
      .execute();
    // One conversation per group and one per task: two first messages at once meet here.
    await db.schema
      .createIndex("conversations_one_per_group")
      .on("conversations")
      .column("group_id")
      .unique()
      .where(sql.ref("task_id"), "is", null)
      .execute();
    await db.schema
      .createIndex("conversations_one_per_task")
      .on("conversations")
      .column("task_id")
      .unique()
      .where(sql.ref("task_id"), "is not", null)
      .execute();

    await db.schema
      .createTable("messages")
      .addColumn("id", "text", (col) => col.primaryKey().notNull())
      .addColumn("conversation_id", "text", (col) => col.notNull().references("conversations.id").onDelete("cascade"))
      .addColumn("seq", "integer", (col) => col.notNull())
      .addColumn("client_id", "text", (col) => col.notNull())
      .addColumn("author_id", "text", (col) => col.references("users.id").onDelete("set null"))
      .addColumn("body", "text")
      .addColumn("reply_to_id", "text")
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .addColumn("edited_at", timestamp)
      .addColumn("deleted_at", timestamp)
      .execute();
    await db.schema.createIndex("messages_order").on("messages").columns(["conversation_id", "seq"]).unique().execute();
    // A retry or an offline replay of the same send finds the message it made.
    await db.schema
      .createIndex("messages_client_id")
      .on("messages")
      .columns(["conversation_id", "author_id", "client_id"])
      .unique()
      .execute();

    await db.schema
      .createTable("conversation_readers")
      .addColumn("conversation_id", "text", (col) => col.notNull().references("conversations.id").onDelete("cascade"))
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("last_read_seq", "integer", (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("conversation_readers_pk", ["conversation_id", "user_id"])
      .execute();
    await db.schema.createIndex("conversation_readers_user").on("conversation_readers").column("user_id").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("conversation_readers").execute();
    await db.schema.dropTable("messages").execute();
    await db.schema.dropTable("conversations").execute();
  },
};

/**
 * What messages carry beyond text, and each member's choices: a message's image (re-encoded by
 * the server, never the uploaded bytes), the members it mentions, how loudly each conversation
 * notifies each member, and whether a member shares read receipts.
 */
const messagingExtras: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { binary } = columnTypes(db);
    await db.schema
      .createTable("message_images")
      .addColumn("message_id", "text", (col) =>
        col.primaryKey().notNull().references("messages.id").onDelete("cascade"),
      )
      .addColumn("content_type", "text", (col) => col.notNull())
      .addColumn("width", "integer", (col) => col.notNull())
      .addColumn("height", "integer", (col) => col.notNull())
      .addColumn("data", binary, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable("message_mentions")
      .addColumn("message_id", "text", (col) => col.notNull().references("messages.id").onDelete("cascade"))
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("message_mentions_pk", ["message_id", "user_id"])
      .execute();

    // "all", "mentions" or "none" (muted); no row: "all".
    await db.schema
      .createTable("conversation_settings")
      .addColumn("conversation_id", "text", (col) => col.notNull().references("conversations.id").onDelete("cascade"))
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("notify", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("conversation_settings_pk", ["conversation_id", "user_id"])
      .execute();

    // Read receipts are opt-in and mutual: no row, none shared and none seen.
    await db.schema
      .createTable("messaging_preferences")
      .addColumn("user_id", "text", (col) => col.primaryKey().notNull().references("users.id").onDelete("cascade"))
      .addColumn("read_receipts", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("messaging_preferences").execute();
    await db.schema.dropTable("conversation_settings").execute();
    await db.schema.dropTable("message_mentions").execute();
    await db.schema.dropTable("message_images").execute();
  },
};

/**
 * When each member last moved their read marker (a member reading as messages come is not also
 * notified of each one), and the indexes the module's lookups by group, author and mentioned
 * member need (a deleted account's messages and mentions are found by them too).
 */
const messagingReadersAndIndexes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema.alterTable("conversation_readers").addColumn("read_at", timestamp).execute();
    await db.schema.createIndex("conversations_group").on("conversations").column("group_id").execute();
    await db.schema.createIndex("messages_author").on("messages").column("author_id").execute();
    await db.schema.createIndex("message_mentions_user").on("message_mentions").column("user_id").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex("message_mentions_user").execute();
    await db.schema.dropIndex("messages_author").execute();
    await db.schema.dropIndex("conversations_group").execute();
    await db.schema.alterTable("conversation_readers").dropColumn("read_at").execute();
  },
};

/** Numbered in the one sequence of every migration (server/modules/migrations.ts). */
export const messagingMigrations: Record<string, Migration> = {
  "0020-messaging": messaging,
  "0021-messaging-extras": messagingExtras,
  "0022-messaging-readers": messagingReadersAndIndexes,
};
