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

/**
 * The CalDAV server (docs/calendar.md): which address (href) a calendar app gave each task or
 * subtask in a group's calendar, and the iCalendar text it sent, so properties Tandem has no field
 * for come back as they were. Rows outlive their task on purpose: a sync report names a deleted
 * task by the address the app knows it under. They go with their group.
 */
const davObjects: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("calendar_dav_objects")
      .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
      .addColumn("href", "text", (col) => col.notNull())
      .addColumn("task_id", "text", (col) => col.notNull())
      // "" for the task itself, else the subtask's id (a child VTODO).
      .addColumn("subtask_id", "text", (col) => col.notNull().defaultTo(""))
      .addColumn("uid", "text", (col) => col.notNull())
      .addColumn("ical", "text")
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .addPrimaryKeyConstraint("calendar_dav_objects_pk", ["group_id", "href"])
      .execute();
    await db.schema
      .createIndex("calendar_dav_objects_task")
      .on("calendar_dav_objects")
      .columns(["group_id", "task_id", "subtask_id"])
      .unique()
      .execute();
    await db.schema
      .createIndex("calendar_dav_objects_uid")
      .on("calendar_dav_objects")
      .columns(["group_id", "uid"])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("calendar_dav_objects").execute();
  },
};

/**
 * Outside calendars (docs/calendar.md): a user's ICS subscriptions and CalDAV accounts, each with
 * its calendars and their last good copy, which a failed refresh leaves as it was. Both go with
 * their user (cascade), the calendars with their source.
 */
const outsideCalendars: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("calendar_outside_sources")
      .addColumn("id", "text", (col) => col.primaryKey().notNull())
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("color", "text", (col) => col.notNull())
      .addColumn("url", "text", (col) => col.notNull())
      .addColumn("username", "text")
      .addColumn("password", "text")
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .addColumn("etag", "text")
      .addColumn("last_modified", "text")
      .addColumn("last_attempt_at", timestamp)
      .addColumn("last_success_at", timestamp)
      .addColumn("last_error", "text")
      .addColumn("failures", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("next_refresh_at", timestamp, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("calendar_outside_sources_user")
      .on("calendar_outside_sources")
      .column("user_id")
      .execute();
    // The refresh job's question every minute: which are due.
    await db.schema
      .createIndex("calendar_outside_sources_due")
      .on("calendar_outside_sources")
      .column("next_refresh_at")
      .execute();
    await db.schema
      .createTable("calendar_outside_calendars")
      .addColumn("id", "text", (col) => col.primaryKey().notNull())
      .addColumn("source_id", "text", (col) =>
        col.notNull().references("calendar_outside_sources.id").onDelete("cascade"),
      )
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("remote_url", "text", (col) => col.notNull())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("color", "text")
      .addColumn("selected", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("data", "text", (col) => col.notNull().defaultTo("[]"))
      .addColumn("fetched_at", timestamp)
      .execute();
    await db.schema
      .createIndex("calendar_outside_calendars_source_url")
      .on("calendar_outside_calendars")
      .columns(["source_id", "remote_url"])
      .unique()
      .execute();
    await db.schema
      .createIndex("calendar_outside_calendars_user")
      .on("calendar_outside_calendars")
      .column("user_id")
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("calendar_outside_calendars").execute();
    await db.schema.dropTable("calendar_outside_sources").execute();
  },
};

/**
 * Tasks pushed into an outside calendar (docs/calendar.md, "Tasks in your calendar"): the user's
 * choice of calendar with how the push is doing, and each event put there. Both go with the user
 * or the calendar (removing an account forgets its events; they stay in that calendar).
 */
const calendarPush: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("calendar_push")
      .addColumn("user_id", "text", (col) => col.primaryKey().notNull().references("users.id").onDelete("cascade"))
      .addColumn("calendar_id", "text", (col) => col.references("calendar_outside_calendars.id").onDelete("set null"))
      .addColumn("fingerprint", "text")
      .addColumn("last_full_at", timestamp)
      .addColumn("last_pushed_at", timestamp)
      .addColumn("last_error", "text")
      .addColumn("failures", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("next_check_at", timestamp, (col) => col.notNull())
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex("calendar_push_due").on("calendar_push").column("next_check_at").execute();
    await db.schema
      .createTable("calendar_pushed_events")
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("task_id", "text", (col) => col.notNull())
      .addColumn("calendar_id", "text", (col) =>
        col.notNull().references("calendar_outside_calendars.id").onDelete("cascade"),
      )
      .addColumn("url", "text", (col) => col.notNull())
      .addColumn("etag", "text")
      .addColumn("content_hash", "text", (col) => col.notNull())
      .addColumn("manual", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .addPrimaryKeyConstraint("calendar_pushed_events_pk", ["user_id", "task_id"])
      .execute();
    await db.schema
      .createIndex("calendar_pushed_events_calendar")
      .on("calendar_pushed_events")
      .column("calendar_id")
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("calendar_pushed_events").execute();
    await db.schema.dropTable("calendar_push").execute();
  },
};

/**
 * Google Calendar (docs/calendar.md, "Google Calendar"): the state of each sign-in at Google under
 * way, kept as a hash with its user and a ten-minute end, so the answer Google sends the browser
 * back with is taken once, for the user who started it. They go with their user.
 */
const googleStates: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("calendar_oauth_states")
      .addColumn("state_hash", "text", (col) => col.primaryKey().notNull())
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .addColumn("expires_at", timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex("calendar_oauth_states_user").on("calendar_oauth_states").column("user_id").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("calendar_oauth_states").execute();
  },
};

/**
 * Who is pushing for a user now: a sweep and a request ("Push now", choosing a calendar) each
 * claim it, so two never write the same user's events at once (docs/calendar.md).
 */
const pushClaims: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema.alterTable("calendar_push").addColumn("claimed_until", timestamp).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("calendar_push").dropColumn("claimed_until").execute();
  },
};

/** Numbered in the one sequence of every migration (server/modules/migrations.ts). */
export const calendarMigrations: Record<string, Migration> = {
  "0023-calendar-feeds": calendarFeeds,
  "0024-calendar-dav-objects": davObjects,
  "0026-calendar-outside": outsideCalendars,
  "0027-calendar-push": calendarPush,
  "0028-calendar-google": googleStates,
  "0034-calendar-push-claims": pushClaims,
};
