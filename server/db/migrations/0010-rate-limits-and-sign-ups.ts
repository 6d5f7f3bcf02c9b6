import type { Kysely } from "kysely";
import { columnTypes } from "../column-types.js";

/**
 * Two tables.
 *
 * `rate_limits`: the counters of the limits that slow down guessing and abuse (sign-in, sign-up,
 * password reset, the contact form), shared by every server process on the database, so several
 * processes behind a load balancer do not multiply them. One row per key (a hash: no address or
 * email in clear) and window; rows of ended windows are swept.
 *
 * `pending_sign_ups`: with real email delivery, a sign-up becomes an account only when the emailed
 * link is used, so signing up says nothing about which addresses have accounts. The password is
 * kept hashed, the link's secret too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("hits", "integer", (col) => col.notNull())
    .addColumn("window_ends_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_window_ends_at").on("rate_limits").column("window_ends_at").execute();

  await db.schema
    .createTable("pending_sign_ups")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("expires_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("pending_sign_ups_email").on("pending_sign_ups").column("email").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("pending_sign_ups").execute();
  await db.schema.dropTable("rate_limits").execute();
}
