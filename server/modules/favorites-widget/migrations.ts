import type { Kysely, Migration } from "kysely";
import { columnTypes } from "../../db/column-types.js";

/**
 * Tasks pinned to a user's dashboard. Both keys cascade: deleting the account or the task (or the
 * group it is in) removes the pin with it, so account and group deletion need nothing of this
 * module.
 */
const favoriteTasks: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("favorite_tasks")
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("task_id", "text", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
      .addColumn("position", "integer", (col) => col.notNull())
      .addColumn("pinned_at", timestamp, (col) => col.notNull())
      .addPrimaryKeyConstraint("favorite_tasks_pk", ["user_id", "task_id"])
      .execute();
    // Deleting a task finds its pins by task id.
    await db.schema.createIndex("favorite_tasks_task_idx").on("favorite_tasks").column("task_id").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("favorite_tasks").execute();
  },
};

/** Numbered in the one sequence of every migration (server/modules/migrations.ts). */
export const favoritesMigrations: Record<string, Migration> = { "0014-favorite-tasks": favoriteTasks };
