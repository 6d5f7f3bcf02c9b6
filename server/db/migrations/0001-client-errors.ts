import type { Kysely } from "kysely";
import { columnTypes } from "../column-types.js";

/** Errors reported by browsers (POST /api/log-error), for the operator to find and fix. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable("client_errors")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("stack", "text")
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("user_agent", "text")
    .addColumn("created_at", types.timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("client_errors_created_at").on("client_errors").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("client_errors").execute();
}
