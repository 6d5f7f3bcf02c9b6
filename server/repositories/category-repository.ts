import type { Kysely, Selectable, Updateable } from "kysely";
import { type Category, DEFAULT_CATEGORIES, SYSTEM_OWNER } from "../../domain/categories.js";
import { flagColumn, givenColumns } from "../db/column-types.js";
import { preparedQuery } from "../db/prepared-query.js";
import type { CategoryTable, DB } from "../db/schema.js";

/** A stored category is already the API's shape: camelCase, flags as booleans. */
function toCategory(row: Selectable<CategoryTable>): Category {
  return {
    id: row.id,
    groupId: row.group_id,
    name: row.name,
    label: row.label,
    icon: row.icon as Category["icon"],
    color: row.color as Category["color"],
    order: Number(row.sort_order),
    shared: row.shared === 1,
    ownerId: row.owner_id,
    aiGenerated: row.ai_generated === 1,
    lastUsed: row.last_used,
  };
}

/** The changes a category can have; `order` is its place in the group's list. */
export type CategoryChanges = Partial<Pick<Category, "name" | "label" | "icon" | "color" | "order" | "shared">> & {
  updatedAt: string;
};

/** Run by every task created: compiled once (prepared-query.ts). */
const markUsedQuery = preparedQuery((db: Kysely<DB>, groupId: string, id: string, at: string) =>
  db.updateTable("categories").set({ last_used: at }).where("group_id", "=", groupId).where("id", "=", id),
);

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
    categories: readonly Pick<Category, "groupId" | "id" | "name" | "label" | "icon" | "color" | "order" | "ownerId">[],
    now: string,
  ): Promise<void> {
    if (categories.length === 0) return;
    await this.db
      .insertInto("categories")
      .values(
        categories.map((category) => ({
          group_id: category.groupId,
          id: category.id,
          name: category.name,
          label: category.label,
          icon: category.icon,
          color: category.color,
          sort_order: category.order,
          owner_id: category.ownerId,
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

  async listForGroup(groupId: string): Promise<Category[]> {
    const rows = await this.db
      .selectFrom("categories")
      .selectAll()
      .where("group_id", "=", groupId)
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
    return rows.map(toCategory);
  }

  async find(groupId: string, id: string): Promise<Category | undefined> {
    const row = await this.db
      .selectFrom("categories")
      .selectAll()
      .where("group_id", "=", groupId)
      .where("id", "=", id)
      .executeTakeFirst();
    return row && toCategory(row);
  }

  async update(groupId: string, id: string, changes: CategoryChanges): Promise<void> {
    const columns: Updateable<CategoryTable> = {
      name: changes.name,
      label: changes.label,
      icon: changes.icon,
      color: changes.color,
      sort_order: changes.order,
      shared: flagColumn(changes.shared),
      updated_at: changes.updatedAt,
    };
    await this.db
      .updateTable("categories")
      .set(givenColumns(columns))
      .where("group_id", "=", groupId)
      .where("id", "=", id)
      .execute();
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
    await markUsedQuery(this.db, groupId, id, at);
  }
}
