import type { Kysely, Migration } from "kysely";
import { columnTypes } from "../../db/column-types.js";

/**
 * Secret ICS feeds (docs/calendar.md): one per user for all their groups and one per group they
 * are in, each behind a random address of which only a hash is kept. A feed goes with its user or
 * group (cascade); leaving a group leaves its feed answering 404 until it is revoked.
 */
const calendarFeeds: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("calendar_feeds")
      .addColumn("id", "text", (col) => col.primaryKey().notNull())
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("scope", "text", (col) => col.notNull())
      .addColumn("group_id", "text", (col) => col.references("groups.id").onDelete("cascade"))
      .addColumn("token_hash", "text", (col) => col.notNull().unique())
      .addColumn("include_completed", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .addColumn("last_used_at", timestamp)
      .execute();
    // One feed per user and scope: making it again replaces its address.
    await db.schema
      .createIndex("calendar_feeds_user_scope")
      .on("calendar_feeds")
      .columns(["user_id", "scope"])
      .unique()
      .execute();
    await db.schema.createIndex("calendar_feeds_group").on("calendar_feeds").column("group_id").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("calendar_feeds").execute();
  },
};

/** Numbered in the one sequence of every migration (server/modules/migrations.ts). */
export const calendarMigrations: Record<string, Migration> = {
  "0023-calendar-feeds": calendarFeeds,
};
