import type { Kysely, Migration } from "kysely";
import { columnTypes } from "../../db/column-types.js";

/**
 * A group's coupons, each member's vote on them, and the coupon↔shopping-item links members
 * confirmed or rejected. Every row cascades with its group, coupon or user: deleting any of them
 * needs nothing of this module (docs/coupons.md).
 */
const coupons: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp } = columnTypes(db);
    await db.schema
      .createTable("coupons")
      .addColumn("id", "text", (col) => col.primaryKey().notNull())
      .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
      .addColumn("created_by", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("store", "text", (col) => col.notNull())
      .addColumn("title", "text", (col) => col.notNull())
      .addColumn("product_keys", "text", (col) => col.notNull())
      .addColumn("brand", "text")
      .addColumn("discount_kind", "text", (col) => col.notNull())
      .addColumn("discount_value", "integer")
      .addColumn("currency", "text", (col) => col.notNull().defaultTo("EUR"))
      .addColumn("minimum_purchase", "integer")
      .addColumn("typical_price", "integer")
      .addColumn("valid_from", "text")
      .addColumn("expires_on", "text")
      .addColumn("code", "text")
      .addColumn("barcode_format", "text")
      .addColumn("barcode_value", "text")
      .addColumn("terms", "text")
      .addColumn("single_use", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex("coupons_group").on("coupons").column("group_id").execute();
    await db.schema.createIndex("coupons_created_by").on("coupons").column("created_by").execute();

    await db.schema
      .createTable("coupon_votes")
      .addColumn("coupon_id", "text", (col) => col.notNull().references("coupons.id").onDelete("cascade"))
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("vote", "text", (col) => col.notNull())
      .addColumn("created_at", timestamp, (col) => col.notNull())
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .addPrimaryKeyConstraint("coupon_votes_pk", ["coupon_id", "user_id"])
      .execute();
    await db.schema.createIndex("coupon_votes_user").on("coupon_votes").column("user_id").execute();

    await db.schema
      .createTable("coupon_item_links")
      .addColumn("group_id", "text", (col) => col.notNull().references("groups.id").onDelete("cascade"))
      .addColumn("coupon_id", "text", (col) => col.notNull().references("coupons.id").onDelete("cascade"))
      .addColumn("item_key", "text", (col) => col.notNull())
      .addColumn("confirmed", "integer", (col) => col.notNull())
      .addColumn("decided_by", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("decided_at", timestamp, (col) => col.notNull())
      .addPrimaryKeyConstraint("coupon_item_links_pk", ["coupon_id", "item_key"])
      .execute();
    await db.schema.createIndex("coupon_item_links_group").on("coupon_item_links").column("group_id").execute();
    await db.schema.createIndex("coupon_item_links_user").on("coupon_item_links").column("decided_by").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("coupon_item_links").execute();
    await db.schema.dropTable("coupon_votes").execute();
    await db.schema.dropTable("coupons").execute();
  },
};

/**
 * A coupon's photo, one per coupon, in a table of its own so that listing coupons never reads the
 * bytes. It goes with its coupon (and so with the group and the member who added it).
 */
const couponPhotos: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { timestamp, binary } = columnTypes(db);
    await db.schema
      .createTable("coupon_photos")
      .addColumn("coupon_id", "text", (col) => col.primaryKey().notNull().references("coupons.id").onDelete("cascade"))
      .addColumn("content_type", "text", (col) => col.notNull())
      .addColumn("data", binary, (col) => col.notNull())
      .addColumn("updated_by", "text", (col) => col.references("users.id").onDelete("set null"))
      .addColumn("updated_at", timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex("coupon_photos_updated_by").on("coupon_photos").column("updated_by").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("coupon_photos").execute();
  },
};

/** Numbered in the one sequence of every migration (server/modules/migrations.ts). */
export const couponMigrations: Record<string, Migration> = {
  "0029-coupons": coupons,
  "0035-coupon-photos": couponPhotos,
};
