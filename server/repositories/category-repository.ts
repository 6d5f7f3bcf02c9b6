import type { Kysely, Updateable } from "kysely";
import { DEFAULT_CATEGORIES, SYSTEM_OWNER } from "../../domain/categories.js";
import type { CategoryTable, DB } from "../db/schema.js";

export class CategoryRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The default categories; ones already there (same group and id) are left as they are. */
  async insertDefaultsIfMissing(groupId: string, now: string): Promise<void> {
    await this.db
      .insertInto("categories")
      .values(
        DEFAULT_CATEGORIES.map((category) => ({
          group_id: groupId,
          id: category.id,
          name: category.name,
          label: category.label,
          icon: category.icon,
          color: category.color,
          sort_order: category.order,
          shared: category.shared ? (1 as const) : (0 as const),
          owner_id: SYSTEM_OWNER,
          ai_generated: 0 as const,
          last_used: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  /** Categories a user adds (e.g. suggested when a group is made); an id already there is left alone. */
  async insertIfMissing(
    rows: readonly {
      group_id: string;
      id: string;
      name: string;
      label: string;
      icon: string;
      color: string;
      sort_order: number;
      owner_id: string;
    }[],
    now: string,
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto("categories")
      .values(
        rows.map((row) => ({
          ...row,
          shared: 0 as const,
          ai_generated: 0 as const,
          last_used: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  async countForGroup(groupId: string): Promise<number> {
    const row = await this.db
      .selectFrom("categories")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("group_id", "=", groupId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  listForGroup(groupId: string) {
    return this.db
      .selectFrom("categories")
      .selectAll()
      .where("group_id", "=", groupId)
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
  }

  find(groupId: string, id: string) {
    return this.db
      .selectFrom("categories")
      .selectAll()
      .where("group_id", "=", groupId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async update(groupId: string, id: string, changes: Updateable<CategoryTable>): Promise<void> {
    await this.db.updateTable("categories").set(changes).where("group_id", "=", groupId).where("id", "=", id).execute();
  }

  async delete(groupId: string, id: string): Promise<void> {
    await this.db.deleteFrom("categories").where("group_id", "=", groupId).where("id", "=", id).execute();
  }

  async nextOrder(groupId: string): Promise<number> {
    const row = await this.db
      .selectFrom("categories")
      .select((eb) => eb.fn.max("sort_order").as("last"))
      .where("group_id", "=", groupId)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
  }

  /** Recent categories (offered first in the pickers) are ordered by this. */
  async markUsed(groupId: string, id: string, at: string): Promise<void> {
    await this.db
      .updateTable("categories")
      .set({ last_used: at })
      .where("group_id", "=", groupId)
      .where("id", "=", id)
      .execute();
  }
}
