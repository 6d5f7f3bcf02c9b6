import type { Kysely } from "kysely";
import { columnTypes } from "../column-types.js";

/**
 * A group owner's switch of a module for the whole group (no time tracking in the family group,
 * say): a row means the module is off there (docs/modules.md). A user's own switches are in
 * module_preferences (0003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .createTable("group_module_switches")
    .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("module_id", "text", (col) => col.notNull())
    .addColumn("switched_off_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("switched_off_at", timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint("group_module_switches_pk", ["group_id", "module_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("group_module_switches").execute();
}
