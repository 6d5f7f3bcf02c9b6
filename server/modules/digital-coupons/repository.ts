import type { Kysely, Selectable } from "kysely";
import type { CouponVote } from "../../../domain/coupon-rules.js";
import type { DB } from "../../db/schema.js";
import "./tables.js";
import type { CouponItemLinkTable, CouponPhotoTable, CouponTable, CouponVoteTable } from "./tables.js";

export type CouponRow = Selectable<CouponTable>;
export type VoteRow = Selectable<CouponVoteTable>;

/** The module's reads and writes; one query each, never a transaction of its own. */
export class CouponRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * The zone a group's days are counted in: its owner's profile zone, else UTC (a group has no
   * zone of its own; docs/decisions.md, "A coupon's expiry day").
   */
  async groupTimeZone(groupId: string): Promise<string> {
    const row = await this.db
      .selectFrom("groups")
      .leftJoin("profiles", "profiles.user_id", "groups.owner_id")
      .select(["groups.owner_id", "profiles.time_zone"])
      .where("groups.id", "=", groupId)
      .executeTakeFirst();
    return row?.time_zone || "UTC";
  }

  async groupOwner(groupId: string): Promise<string | null> {
    const row = await this.db.selectFrom("groups").select("owner_id").where("id", "=", groupId).executeTakeFirst();
    return row?.owner_id ?? null;
  }

  async listForGroup(groupId: string): Promise<CouponRow[]> {
    return this.db.selectFrom("coupons").selectAll().where("group_id", "=", groupId).orderBy("created_at").execute();
  }

  async find(groupId: string, couponId: string): Promise<CouponRow | undefined> {
    return this.db
      .selectFrom("coupons")
      .selectAll()
      .where("group_id", "=", groupId)
      .where("id", "=", couponId)
      .executeTakeFirst();
  }

  async insert(row: CouponRow): Promise<void> {
    await this.db.insertInto("coupons").values(row).execute();
  }

  async update(couponId: string, changes: Partial<CouponRow>): Promise<void> {
    await this.db.updateTable("coupons").set(changes).where("id", "=", couponId).execute();
  }

  async delete(couponId: string): Promise<void> {
    await this.db.deleteFrom("coupons").where("id", "=", couponId).execute();
  }

  /** When each of the group's coupons that has a photo got it: the photo's version. */
  async photoTimes(groupId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom("coupon_photos")
      .innerJoin("coupons", "coupons.id", "coupon_photos.coupon_id")
      .select(["coupon_photos.coupon_id", "coupon_photos.updated_at"])
      .where("coupons.group_id", "=", groupId)
      .execute();
    return new Map(rows.map((row) => [row.coupon_id, String(row.updated_at)]));
  }

  async photo(couponId: string): Promise<Pick<CouponPhotoTable, "content_type" | "data"> | undefined> {
    return this.db
      .selectFrom("coupon_photos")
      .select(["content_type", "data"])
      .where("coupon_id", "=", couponId)
      .executeTakeFirst();
  }

  async setPhoto(photo: CouponPhotoTable): Promise<void> {
    await this.db
      .insertInto("coupon_photos")
      .values(photo)
      .onConflict((conflict) =>
        conflict.column("coupon_id").doUpdateSet({
          content_type: photo.content_type,
          data: photo.data,
          updated_by: photo.updated_by,
          updated_at: photo.updated_at,
        }),
      )
      .execute();
  }

  async removePhoto(couponId: string): Promise<void> {
    await this.db.deleteFrom("coupon_photos").where("coupon_id", "=", couponId).execute();
  }

  /** Every vote on the group's coupons. */
  async votesOfGroup(groupId: string): Promise<VoteRow[]> {
    return this.db
      .selectFrom("coupon_votes")
      .innerJoin("coupons", "coupons.id", "coupon_votes.coupon_id")
      .selectAll("coupon_votes")
      .where("coupons.group_id", "=", groupId)
      .execute();
  }

  async setVote(couponId: string, userId: string, vote: CouponVote, now: string): Promise<void> {
    await this.db
      .insertInto("coupon_votes")
      .values({ coupon_id: couponId, user_id: userId, vote, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.columns(["coupon_id", "user_id"]).doUpdateSet({ vote, updated_at: now }))
      .execute();
  }

  async removeVote(couponId: string, userId: string): Promise<void> {
    await this.db.deleteFrom("coupon_votes").where("coupon_id", "=", couponId).where("user_id", "=", userId).execute();
  }

  async links(groupId: string): Promise<Selectable<CouponItemLinkTable>[]> {
    return this.db.selectFrom("coupon_item_links").selectAll().where("group_id", "=", groupId).execute();
  }

  async setLink(link: CouponItemLinkTable): Promise<void> {
    await this.db
      .insertInto("coupon_item_links")
      .values(link)
      .onConflict((conflict) =>
        conflict.columns(["coupon_id", "item_key"]).doUpdateSet({
          confirmed: link.confirmed,
          decided_by: link.decided_by,
          decided_at: link.decided_at,
        }),
      )
      .execute();
  }

  /** The group's open tasks in the "shopping" category: its shopping list. */
  async shoppingList(groupId: string): Promise<{ id: string; title: string }[]> {
    return this.db
      .selectFrom("tasks")
      .select(["id", "title"])
      .where("group_id", "=", groupId)
      .where("category", "=", "shopping")
      .where("completed", "=", 0)
      .orderBy("created_at")
      .execute();
  }
}
