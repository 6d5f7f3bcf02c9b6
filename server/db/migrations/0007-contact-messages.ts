import type { Kysely } from "kysely";
import { columnTypes } from "../column-types.js";

/** Messages sent with the contact form, for the instance's admins. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    // No foreign key: a message outlives its sender's account, which the admins may still answer.
    .addColumn("user_id", "text")
    .addColumn("created_at", types.timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("contact_messages_created_at").on("contact_messages").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_messages").execute();
}
