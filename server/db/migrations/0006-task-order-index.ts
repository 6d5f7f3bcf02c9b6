import type { Kysely } from "kysely";

/** A new task goes above the lowest order of its group: without this index that read scans the group. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("tasks_group_order").on("tasks").columns(["group_id", "sort_order"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_group_order").execute();
}
