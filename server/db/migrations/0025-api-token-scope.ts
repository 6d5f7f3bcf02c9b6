import type { Kysely } from "kysely";

/**
 * What an API token may be used for: "all" (the API, as every token made before could) or
 * "calendar" (an app password for calendar apps, which only the CalDAV server at /dav accepts),
 * so a password typed into a phone's calendar settings cannot read or change anything else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("api_tokens")
    .addColumn("scope", "text", (col) => col.notNull().defaultTo("all"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("api_tokens").dropColumn("scope").execute();
}
