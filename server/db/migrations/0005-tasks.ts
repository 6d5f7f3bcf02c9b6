import type { Kysely } from "kysely";
import { columnTypes, dialectOf } from "../column-types.js";

/**
 * Tasks with their subtasks and shares, the change log that lets a client catch up after being
 * away, and the record of applied operations that makes a retried write apply once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  const postgres = dialectOf(db) === "postgres";

  await db.schema
    .createTable("tasks")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("completed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("completed_at", timestamp)
    .addColumn("deadline", "text")
    .addColumn("deadline_time_zone", "text")
    .addColumn("priority", "text", (col) => col.notNull())
    .addColumn("category", "text", (col) => col.notNull())
    // Not cascading: deleting an account hands its tasks in other people's groups to the group owner.
    .addColumn("owner_id", "text", (col) => col.notNull().references("users.id"))
    .addColumn("locked", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("sort_order", postgres ? "double precision" : "real", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("tasks_group_id").on("tasks").column("group_id").execute();
  await db.schema.createIndex("tasks_owner_id").on("tasks").column("owner_id").execute();
  await db.schema.createIndex("tasks_group_title").on("tasks").columns(["group_id", "title"]).execute();

  await db.schema
    .createTable("subtasks")
    .addColumn("task_id", "text", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("completed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("completed_at", timestamp)
    .addPrimaryKeyConstraint("subtasks_pk", ["task_id", "id"])
    .execute();

  await db.schema
    .createTable("task_shares")
    .addColumn("task_id", "text", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("shared_at", timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint("task_shares_pk", ["task_id", "group_id"])
    .execute();
  await db.schema.createIndex("task_shares_group_id").on("task_shares").column("group_id").execute();

  // One row per change per group that sees the task; `seq` orders all changes, so "since N" is exact.
  await db.schema
    .createTable("task_changes")
    .addColumn("seq", postgres ? "bigserial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("task_id", "text", (col) => col.notNull())
    .addColumn("changed_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("task_changes_group_seq").on("task_changes").columns(["group_id", "seq"]).execute();

  await db.schema
    .createTable("applied_operations")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("operation_id", "text", (col) => col.notNull())
    .addColumn("status_code", "integer", (col) => col.notNull())
    .addColumn("response", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint("applied_operations_pk", ["user_id", "operation_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["applied_operations", "task_changes", "task_shares", "subtasks", "tasks"]) {
    await db.schema.dropTable(table).execute();
  }
}
