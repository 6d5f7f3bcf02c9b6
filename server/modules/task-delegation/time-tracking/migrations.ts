import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes } from "../../../db/column-types.js";

/**
 * Time entries and estimates. Both cascade with the user and the task (and so with the task's
 * group), so account and group deletion need nothing of this module. One running timer per user
 * is the database's rule: a partial unique index on the entries without an end.
 */
const timeTracking: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("time_entries")
      .addColumn("id", "text", (col) => col.primaryKey().notNull())
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("task_id", "text", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
      .addColumn("started_at", timestamp, (col) => col.notNull())
      .addColumn("ended_at", timestamp)
      .addColumn("note", "text")
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("time_entries_one_running")
      .on("time_entries")
      .column("user_id")
      .unique()
      .where(sql.ref("ended_at"), "is", null)
      .execute();
    await db.schema
      .createIndex("time_entries_user_start")
      .on("time_entries")
      .columns(["user_id", "started_at"])
      .execute();
    await db.schema.createIndex("time_entries_task").on("time_entries").column("task_id").execute();
    await db.schema
      .createTable("task_estimates")
      .addColumn("task_id", "text", (col) => col.primaryKey().notNull().references("tasks.id").onDelete("cascade"))
      .addColumn("minutes", "integer", (col) => col.notNull())
      .addColumn("updated_by", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("task_estimates").execute();
    await db.schema.dropTable("time_entries").execute();
  },
};

/**
 * Which running timers were reminded after 8 hours: a row claims the one reminder of an entry
 * (the primary key lets one process win), and goes with the entry.
 */
const timerReminders: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("time_entry_reminders")
      .addColumn("entry_id", "text", (col) =>
        col.primaryKey().notNull().references("time_entries.id").onDelete("cascade"),
      )
      .addColumn("sent_at", timestamp, (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("time_entry_reminders").execute();
  },
};

/**
 * Numbered in the one sequence of every migration (server/modules/migrations.ts). Reserved for
 * this modules: 0016 time tracking, 0017 delegation/assignment, 0018 task analysis.
 */
export const timeTrackingMigrations: Record<string, Migration> = {
  "0016-time-tracking": timeTracking,
  "0019-time-entry-reminders": timerReminders,
};
