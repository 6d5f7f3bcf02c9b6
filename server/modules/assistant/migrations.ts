import type { Kysely, Migration } from "kysely";
import { columnTypes } from "../../db/column-types.js";

/**
 * A user's conversations with the assistant and their messages (the last 50 of each are kept,
 * the spec). Both cascade from the user: deleting the account removes them.
 */
const conversations: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("assistant_conversations")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("assistant_conversations_user_idx")
      .on("assistant_conversations")
      .columns(["user_id", "updated_at"])
      .execute();
    await db.schema
      .createTable("assistant_messages")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("conversation_id", "text", (col) =>
        col.notNull().references("assistant_conversations.id").onDelete("cascade"),
      )
      .addColumn("role", "text", (col) => col.notNull())
      .addColumn("text", "text", (col) => col.notNull())
      /** The proposed actions as JSON (an empty list for the user's own messages). */
      .addColumn("actions", "text", (col) => col.notNull())
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .addColumn("position", "integer", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("assistant_messages_conversation_idx")
      .on("assistant_messages")
      .columns(["conversation_id", "position"])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("assistant_messages").execute();
    await db.schema.dropTable("assistant_conversations").execute();
  },
};

/** Numbered in the one sequence of every migration (server/modules/migrations.ts). */
export const assistantMigrations: Record<string, Migration> = { "0015-assistant-conversations": conversations };
