import { type Kysely, sql } from "kysely";
import { columnTypes } from "../column-types.js";

/**
 * What initial-user-setup creates and a user owns: profile and avatar, groups with their members
 * and categories, settings, notification settings and module preferences. Every row that setup
 * writes has a natural unique key, so concurrent first requests insert each thing exactly once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp, binary } = columnTypes(db);

  await db.schema
    .createTable("profiles")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("display_name", "text", (col) => col.notNull())
    .addColumn("time_zone", "text")
    .addColumn("locale", "text")
    .addColumn("avatar_updated_at", timestamp)
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .execute();

  // Re-encoded images only (never the uploaded bytes), apart from the profile row it is read with rarely.
  await db.schema
    .createTable("avatars")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("data", binary, (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("groups")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("owner_id", "text", (col) => col.notNull().references("users.id"))
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("groups_owner_id").on("groups").column("owner_id").execute();
  // Exactly one personal group per user, even when two first requests race.
  await db.schema
    .createIndex("groups_one_personal_per_owner")
    .on("groups")
    .column("owner_id")
    .unique()
    .where(sql.ref("type"), "=", sql.lit("personal"))
    .execute();

  await db.schema
    .createTable("group_members")
    .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("joined_at", timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint("group_members_pk", ["group_id", "user_id"])
    .execute();
  await db.schema.createIndex("group_members_user_id").on("group_members").column("user_id").execute();

  await db.schema
    .createTable("categories")
    .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("label", "text", (col) => col.notNull())
    .addColumn("icon", "text", (col) => col.notNull())
    .addColumn("color", "text", (col) => col.notNull())
    .addColumn("sort_order", "integer", (col) => col.notNull())
    .addColumn("shared", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("ai_generated", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_used", timestamp)
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint("categories_pk", ["group_id", "id"])
    .execute();

  // JSON validated by domain/settings.ts on the way in and out, so new settings need no migration.
  await db.schema
    .createTable("user_settings")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("settings", "text", (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("notification_settings")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("push_enabled", "integer", (col) => col.notNull())
    .addColumn("email_enabled", "integer", (col) => col.notNull())
    .addColumn("websocket_enabled", "integer", (col) => col.notNull())
    .addColumn("quiet_hours_start", "text")
    .addColumn("quiet_hours_end", "text")
    .addColumn("preferences", "text", (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("module_preferences")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("module_id", "text", (col) => col.notNull())
    .addColumn("enabled", "integer", (col) => col.notNull())
    .addColumn("last_toggled", timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint("module_preferences_pk", ["user_id", "module_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "module_preferences",
    "notification_settings",
    "user_settings",
    "categories",
    "group_members",
    "groups",
    "avatars",
    "profiles",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
