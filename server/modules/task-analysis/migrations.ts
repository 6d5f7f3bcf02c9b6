import type { Kysely, Migration } from "kysely";
import { columnTypes } from "../../db/column-types.js";

/**
 * What the core does not keep of a task's history and the analysis needs: who completed it and
 * when its deadline moved later. Events go with their task (and so with its group); an actor's
 * account deletion keeps the event without its author, so the group's figures do not change.
 */
const taskEvents: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("task_events")
      .addColumn("id", "text", (col) => col.primaryKey().notNull())
      .addColumn("task_id", "text", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("actor_id", "text", (col) => col.references("users.id").onDelete("set null"))
      .addColumn("at", timestamp, (col) => col.notNull())
      .addColumn("from_deadline", "text")
      .addColumn("to_deadline", "text")
      .execute();
    // A group's analysis and analyze-task read a task's events by task, in order.
    await db.schema.createIndex("task_events_task_at").on("task_events").columns(["task_id", "at"]).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("task_events").execute();
  },
};

/** Numbered in the one sequence of every migration (server/modules/migrations.ts): 0018 is this module's. */
export const taskAnalysisMigrations: Record<string, Migration> = { "0018-task-analysis": taskEvents };
