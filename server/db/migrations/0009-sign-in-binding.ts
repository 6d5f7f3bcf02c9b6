import type { Kysely } from "kysely";
import { columnTypes } from "../column-types.js";

/**
 * A pending sign-in belongs to the browser that began it (against login CSRF): the row keeps the
 * hash of a random value that only that browser holds in a cookie, and when the sign-in began, so
 * the callback can ask the built-in provider's ID token for a password entered after it. Pending
 * sign-ins live ten minutes and cannot be finished without that cookie anyway, so the table is
 * made anew rather than altered (SQLite cannot add a NOT NULL column without a default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema.dropTable("sign_in_requests").execute();
  await db.schema
    .createTable("sign_in_requests")
    .addColumn("state", "text", (col) => col.primaryKey())
    .addColumn("binding_hash", "text", (col) => col.notNull())
    .addColumn("issuer_id", "text", (col) => col.notNull())
    .addColumn("code_verifier", "text", (col) => col.notNull())
    .addColumn("nonce", "text", (col) => col.notNull())
    .addColumn("next_path", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("expires_at", timestamp, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema.dropTable("sign_in_requests").execute();
  await db.schema
    .createTable("sign_in_requests")
    .addColumn("state", "text", (col) => col.primaryKey())
    .addColumn("issuer_id", "text", (col) => col.notNull())
    .addColumn("code_verifier", "text", (col) => col.notNull())
    .addColumn("nonce", "text", (col) => col.notNull())
    .addColumn("next_path", "text", (col) => col.notNull())
    .addColumn("expires_at", timestamp, (col) => col.notNull())
    .execute();
}
