import type { Kysely, Migration } from "kysely";
import { columnTypes } from "../../../db/column-types.js";

/**
 * The shopping list (docs/shopping.md): a group's stores with their learned order, the check-offs
 * it is learned from, what was bought (for suggestions), members' aisle corrections and dismissed
 * suggestions. Everything goes with its group (cascade).
 */
const shoppingList: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("shopping_stores")
      .addColumn("id", "text", (col) => col.primaryKey().notNull())
      .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("model", "text", (col) => col.notNull())
      .addColumn("pins", "text", (col) => col.notNull().defaultTo("{}"))
      .addColumn("learned_until", timestamp)
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex("shopping_stores_group").on("shopping_stores").column("group_id").execute();
    await db.schema
      .createTable("shopping_check_offs")
      .addColumn("id", "text", (col) => col.primaryKey().notNull())
      .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
      .addColumn("store_id", "text", (col) => col.notNull().references("shopping_stores.id").onDelete("cascade"))
      .addColumn("item_key", "text", (col) => col.notNull())
      .addColumn("aisle", "text")
      .addColumn("at", timestamp, (col) => col.notNull())
      .addColumn("received_at", timestamp, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("shopping_check_offs_store_at")
      .on("shopping_check_offs")
      .columns(["store_id", "at"])
      .execute();
    await db.schema
      .createTable("shopping_purchases")
      .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
      .addColumn("task_id", "text", (col) => col.notNull())
      .addColumn("item_key", "text", (col) => col.notNull())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("at", timestamp, (col) => col.notNull())
      .addPrimaryKeyConstraint("shopping_purchases_pk", ["group_id", "task_id"])
      .execute();
    await db.schema
      .createTable("shopping_corrections")
      .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
      .addColumn("item_key", "text", (col) => col.notNull())
      .addColumn("aisle", "text", (col) => col.notNull())
      .addColumn("updated_by", "text", (col) => col.notNull())
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .addPrimaryKeyConstraint("shopping_corrections_pk", ["group_id", "item_key"])
      .execute();
    await db.schema
      .createTable("shopping_dismissals")
      .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
      .addColumn("item_key", "text", (col) => col.notNull())
      .addColumn("at", timestamp, (col) => col.notNull())
      .addPrimaryKeyConstraint("shopping_dismissals_pk", ["group_id", "item_key"])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of [
      "shopping_dismissals",
      "shopping_corrections",
      "shopping_purchases",
      "shopping_check_offs",
      "shopping_stores",
    ])
      await db.schema.dropTable(table).execute();
  },
};

/** Numbered in the one sequence of every migration (server/modules/migrations.ts). */
export const shoppingListMigrations: Record<string, Migration> = {
  "0033-shopping-list": shoppingList,
};
