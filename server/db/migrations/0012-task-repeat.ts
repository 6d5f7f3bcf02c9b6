import type { Kysely } from "kysely";

/**
 * Repeating tasks: the RFC 5545 rule (null for a one-off task) and whether the next occurrence
 * counts from completion. Completing a task clears its rule with one conditional update, and only
 * the update that cleared it adds the next occurrence, so two completions add one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("repeat_rule", "text").execute();
  await db.schema
    .alterTable("tasks")
    .addColumn("repeat_from_completion", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tasks").dropColumn("repeat_from_completion").execute();
  await db.schema.alterTable("tasks").dropColumn("repeat_rule").execute();
}
