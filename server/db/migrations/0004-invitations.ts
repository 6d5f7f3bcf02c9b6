import { type Kysely, sql } from "kysely";
import { columnTypes } from "../column-types.js";

/**
 * Invitations to groups. The id is the unguessable secret of the invitation; the partial unique
 * index keeps one pending invitation per address and group, also when two are sent at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .createTable("invitations")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("invited_by", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("expires_at", timestamp, (col) => col.notNull())
    .addColumn("responded_at", timestamp)
    .execute();
  await db.schema
    .createIndex("invitations_one_pending_per_address")
    .on("invitations")
    .columns(["group_id", "email"])
    .unique()
    .where(sql.ref("status"), "=", sql.lit("pending"))
    .execute();
  await db.schema.createIndex("invitations_email").on("invitations").column("email").execute();
  await db.schema.createIndex("invitations_invited_by").on("invitations").column("invited_by").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("invitations").execute();
}
