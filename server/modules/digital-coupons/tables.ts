/** The module's tables, added to the database's type where the module is (docs/modules.md). */
export interface CouponTable {
  id: string;
  group_id: string;
  created_by: string;
  store: string;
  title: string;
  /** JSON array of words ("coffee", "oat milk"). */
  product_keys: string;
  brand: string | null;
  discount_kind: "percent" | "amount" | "fixed_price" | "bogo";
  discount_value: number | null;
  currency: string;
  minimum_purchase: number | null;
  typical_price: number | null;
  valid_from: string | null;
  expires_on: string | null;
  code: string | null;
  barcode_format: string | null;
  barcode_value: string | null;
  terms: string | null;
  single_use: number;
  created_at: string;
  updated_at: string;
}

/** One current vote per member and coupon. */
export interface CouponVoteTable {
  coupon_id: string;
  user_id: string;
  vote: "worked" | "didnt_work" | "expired" | "used";
  created_at: string;
  updated_at: string;
}

/** A member's answer to "does this coupon fit this item of the shopping list?". */
export interface CouponItemLinkTable {
  group_id: string;
  coupon_id: string;
  item_key: string;
  /** 1: confirmed, 0: rejected. */
  confirmed: number;
  decided_by: string;
  decided_at: string;
}

/** A coupon's photo: the bytes as the server re-encoded them, and the type they were sniffed as. */
export interface CouponPhotoTable {
  coupon_id: string;
  content_type: "image/jpeg" | "image/png" | "image/webp";
  data: Buffer;
  updated_by: string | null;
  updated_at: string;
}

declare module "../../db/schema.js" {
  interface DB {
    coupons: CouponTable;
    coupon_votes: CouponVoteTable;
    coupon_item_links: CouponItemLinkTable;
    coupon_photos: CouponPhotoTable;
  }
}
