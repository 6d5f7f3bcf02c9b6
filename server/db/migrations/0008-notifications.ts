import type { Kysely } from "kysely";
import { columnTypes } from "../column-types.js";

/**
 * Notifications. The center: one row per notification per user. An email or push that
 * waits for the end of the user's quiet hours carries the time it is due; `emailed_at` and
 * `pushed_at` are set when a process has claimed it, so it goes out once however many processes
 * sweep. Web push subscriptions (spec "push token record"): one per endpoint. Deadline reminders
 * claimed, so each goes once.
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
    .addColumn("push_due_at", timestamp)
    .addColumn("pushed_at", timestamp)
    .execute();
  await db.schema
    .createIndex("notifications_user_created")
    .on("notifications")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema.createIndex("notifications_email_due").on("notifications").column("email_due_at").execute();
  await db.schema.createIndex("notifications_push_due").on("notifications").column("push_due_at").execute();

  await db.schema
    .createTable("push_subscriptions")
    .addColumn("endpoint", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    // The browser session that subscribed: its pushes end with it (sign-out, revocation, reset).
    .addColumn("session_id_hash", "text")
    .addColumn("p256dh", "text", (col) => col.notNull())
    .addColumn("auth", "text", (col) => col.notNull())
    .addColumn("device", "text", (col) => col.notNull())
    .addColumn("platform", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("last_used", timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").column("user_id").execute();
  await db.schema
    .createIndex("push_subscriptions_session")
    .on("push_subscriptions")
    .column("session_id_hash")
    .execute();

  // One row per task and deadline whose reminder a process has claimed: the primary key makes
  // the reminder go once, whichever process sweeps first, before and after restarts.
  await db.schema
    .createTable("task_reminders")
    .addColumn("task_id", "text", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("deadline", "text", (col) => col.notNull())
    .addColumn("claimed_at", timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint("task_reminders_pk", ["task_id", "deadline"])
    .execute();
  await db.schema.createIndex("tasks_deadline").on("tasks").column("deadline").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_deadline").execute();
  await db.schema.dropTable("task_reminders").execute();
  await db.schema.dropTable("push_subscriptions").execute();
  await db.schema.dropTable("notifications").execute();
}
