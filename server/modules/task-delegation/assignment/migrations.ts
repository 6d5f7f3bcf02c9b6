import { type Kysely, type Migration, sql } from "kysely";
import { columnTypes } from "../../../db/column-types.js";

/**
 * Who does what. Every row cascades with its task, users and group, so account, group and task
 * deletion need nothing of this module. The database keeps the two rules a race could break:
 * one assignee per task (the primary key, which a claim's conditional insert relies on) and one
 * pending request per task (a partial unique index).
 */
const delegation: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("task_assignments")
      .addColumn("task_id", "text", (col) => col.primaryKey().notNull().references("tasks.id").onDelete("cascade"))
      .addColumn("assignee_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("assigned_by", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("assigned_at", timestamp, (col) => col.notNull())
      .addColumn("how", "text", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("task_assignments_assignee").on("task_assignments").column("assignee_id").execute();
    await db.schema
      .createTable("task_delegations")
      .addColumn("id", "text", (col) => col.primaryKey().notNull())
      .addColumn("task_id", "text", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
      .addColumn("from_user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("to_user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("note", "text", (col) => col.notNull())
      .addColumn("answer_note", "text", (col) => col.notNull())
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .addColumn("answered_at", timestamp)
      .execute();
    await db.schema
      .createIndex("task_delegations_one_pending")
      .on("task_delegations")
      .column("task_id")
      .unique()
      .where(sql.ref("status"), "=", "pending")
      .execute();
    await db.schema.createIndex("task_delegations_to").on("task_delegations").column("to_user_id").execute();
    await db.schema.createIndex("task_delegations_from").on("task_delegations").column("from_user_id").execute();
    await db.schema
      .createTable("open_tasks")
      .addColumn("task_id", "text", (col) => col.primaryKey().notNull().references("tasks.id").onDelete("cascade"))
      .addColumn("opened_by", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("opened_at", timestamp, (col) => col.notNull())
      .execute();
    await db.schema
      .createTable("group_delegation_settings")
      .addColumn("group_id", "text", (col) => col.primaryKey().notNull().references("groups.id").onDelete("cascade"))
      .addColumn("delegation", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("assignment", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("volunteering", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .execute();
    await db.schema
      .createTable("task_rotations")
      .addColumn("task_id", "text", (col) => col.primaryKey().notNull().references("tasks.id").onDelete("cascade"))
      .addColumn("mode", "text", (col) => col.notNull())
      .addColumn("member_ids", "text", (col) => col.notNull())
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of [
      "task_rotations",
      "group_delegation_settings",
      "open_tasks",
      "task_delegations",
      "task_assignments",
    ])
      await db.schema.dropTable(table).execute();
  },
};

/** Numbered in the one sequence of every migration (server/modules/migrations.ts). */
export const assignmentMigrations: Record<string, Migration> = { "0017-delegation": delegation };
