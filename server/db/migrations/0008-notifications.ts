import type { Kysely } from "kysely";
import { columnTypes } from "../column-types.js";

/**
 * The notification center (issue 9): one row per notification per user. An email that waits for
 * the end of the user's quiet hours carries the time it is due; `emailed_at` is set when a process
 * has claimed it, so it goes out once however many processes sweep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .createTable("notifications")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("link", "text")
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("read_at", timestamp)
    .addColumn("email_due_at", timestamp)
    .addColumn("emailed_at", timestamp)
    .execute();
  await db.schema
    .createIndex("notifications_user_created")
    .on("notifications")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema.createIndex("notifications_email_due").on("notifications").column("email_due_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notifications").execute();
}
