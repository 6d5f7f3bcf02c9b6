import type { Insertable, Kysely, Updateable } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { ShoppingCheckOffTable, ShoppingPurchaseTable, ShoppingStoreTable } from "./tables.js";
import "./tables.js";
import { dialectOf } from "../../../db/column-types.js";

export type StoreRow = ShoppingStoreTable;
export type CheckOffRow = ShoppingCheckOffTable;
export type PurchaseRow = ShoppingPurchaseTable;

/** The shopping list's rows: stores, check-offs, purchases, corrections and dismissals of a group. */
export class ShoppingRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async stores(groupId: string): Promise<StoreRow[]> {
    return this.db
      .selectFrom("shopping_stores")
      .selectAll()
      .where("group_id", "=", groupId)
      .orderBy("name")
      .orderBy("id")
      .execute();
  }

  async findStore(groupId: string, storeId: string): Promise<StoreRow | undefined> {
    return this.db
      .selectFrom("shopping_stores")
      .selectAll()
      .where("group_id", "=", groupId)
      .where("id", "=", storeId)
      .executeTakeFirst();
  }

  async insertStore(row: Insertable<StoreRow>): Promise<void> {
    await this.db.insertInto("shopping_stores").values(row).execute();
  }

  async updateStore(storeId: string, changes: Updateable<StoreRow>): Promise<void> {
    await this.db.updateTable("shopping_stores").set(changes).where("id", "=", storeId).execute();
  }

  async deleteStore(storeId: string): Promise<void> {
    await this.db.deleteFrom("shopping_stores").where("id", "=", storeId).execute();
  }

  /** The store's row, held until the transaction ends: one learning at a time. */
  async storeById(storeId: string): Promise<StoreRow | undefined> {
    return this.db.selectFrom("shopping_stores").selectAll().where("id", "=", storeId).executeTakeFirst();
  }

  async lockStore(storeId: string): Promise<StoreRow | undefined> {
    const query = this.db.selectFrom("shopping_stores").selectAll().where("id", "=", storeId);
    // SQLite has one writer at a time anyway; PostgreSQL needs the row lock.
    return (dialectOf(this.db as Kysely<unknown>) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  }

  async insertCheckOff(row: CheckOffRow): Promise<void> {
    await this.db.insertInto("shopping_check_offs").values(row).execute();
  }

  async checkOffsAfter(storeId: string, after: string | null): Promise<CheckOffRow[]> {
    let query = this.db.selectFrom("shopping_check_offs").selectAll().where("store_id", "=", storeId);
    if (after !== null) query = query.where("at", ">", after);
    return query.orderBy("at").orderBy("id").execute();
  }

  async recordPurchase(row: PurchaseRow): Promise<void> {
    await this.db
      .insertInto("shopping_purchases")
      .values(row)
      .onConflict((oc) =>
        oc.columns(["group_id", "task_id"]).doUpdateSet({ at: row.at, item_key: row.item_key, name: row.name }),
      )
      .execute();
  }

  async forgetPurchase(groupId: string, taskId: string): Promise<void> {
    await this.db
      .deleteFrom("shopping_purchases")
      .where("group_id", "=", groupId)
      .where("task_id", "=", taskId)
      .execute();
  }

  async purchasesSince(groupId: string, since: string): Promise<PurchaseRow[]> {
    return this.db
      .selectFrom("shopping_purchases")
      .selectAll()
      .where("group_id", "=", groupId)
      .where("at", ">=", since)
      .orderBy("at")
      .execute();
  }

  async corrections(groupId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom("shopping_corrections")
      .select(["item_key", "aisle"])
      .where("group_id", "=", groupId)
      .execute();
    return new Map(rows.map((row) => [row.item_key, row.aisle]));
  }

  async setCorrection(groupId: string, itemKey: string, aisle: string, userId: string, at: string): Promise<void> {
    await this.db
      .insertInto("shopping_corrections")
      .values({ group_id: groupId, item_key: itemKey, aisle, updated_by: userId, updated_at: at })
      .onConflict((oc) =>
        oc.columns(["group_id", "item_key"]).doUpdateSet({ aisle, updated_by: userId, updated_at: at }),
      )
      .execute();
  }

  async removeCorrection(groupId: string, itemKey: string): Promise<void> {
    await this.db
      .deleteFrom("shopping_corrections")
      .where("group_id", "=", groupId)
      .where("item_key", "=", itemKey)
      .execute();
  }

  async dismissals(groupId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom("shopping_dismissals")
      .select(["item_key", "at"])
      .where("group_id", "=", groupId)
      .execute();
    return new Map(rows.map((row) => [row.item_key, new Date(row.at).toISOString()]));
  }

  async dismiss(groupId: string, itemKey: string, at: string): Promise<void> {
    await this.db
      .insertInto("shopping_dismissals")
      .values({ group_id: groupId, item_key: itemKey, at })
      .onConflict((oc) => oc.columns(["group_id", "item_key"]).doUpdateSet({ at }))
      .execute();
  }
}
