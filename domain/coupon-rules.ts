import { deadlinePassesAt } from "./analysis-rules.js";

/**
 * The rules of a group's coupons, the same on the server and in the browser (docs/coupons.md):
 * when a coupon expires, its shared status from the members' votes, and what a use saved.
 */

export const DISCOUNT_KINDS = ["percent", "amount", "fixed_price", "bogo"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const COUPON_VOTES = ["worked", "didnt_work", "expired", "used"] as const;
export type CouponVote = (typeof COUPON_VOTES)[number];

export const COUPON_STATUSES = ["active", "flagged", "expired", "used"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** The instance's currency: amounts are whole cents of it. */
export const COUPON_CURRENCY = "EUR";

/** Coupons that expire within this many days are "expiring soon". */
export const EXPIRING_SOON_DAYS = 7;

export type VoteCounts = Record<CouponVote, number>;

export function countVotes(votes: readonly CouponVote[]): VoteCounts {
  const counts: VoteCounts = { worked: 0, didnt_work: 0, expired: 0, used: 0 };
  for (const vote of votes) counts[vote] += 1;
  return counts;
}

/**
 * The instant a coupon stops working: the end of its expiry day (the next day's midnight) in the
 * group's time zone; null when it never expires.
 */
export function couponExpiresAt(expiresOn: string | null, timeZone: string): number | null {
  return expiresOn === null ? null : deadlinePassesAt(expiresOn, timeZone);
}

/** "2026-03-29": the calendar day an instant falls on in a time zone. */
export function dayIn(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: string) => parts.find((row) => row.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const dayNumber = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** Whole days from today (in the zone) to the expiry day: 0 on its last day, negative after. */
export function daysLeft(expiresOn: string | null, timeZone: string, now: Date): number | null {
  if (expiresOn === null) return null;
  return Math.round(dayNumber(expiresOn) - dayNumber(dayIn(now, timeZone)));
}

export interface StatusInput {
  singleUse: boolean;
  expiresOn: string | null;
  votes: VoteCounts;
}

/**
 * The status every member sees, first rule that applies: "used" once someone used a single-use
 * coupon; "flagged" when two or more members say it did not work; "expired" after the end of its
 * expiry day or when two or more members say so; else "active".
 */
export function couponStatus(coupon: StatusInput, timeZone: string, now: Date): CouponStatus {
  if (coupon.singleUse && coupon.votes.used > 0) return "used";
  if (coupon.votes.didnt_work >= 2) return "flagged";
  const expiresAt = couponExpiresAt(coupon.expiresOn, timeZone);
  if ((expiresAt !== null && now.getTime() >= expiresAt) || coupon.votes.expired >= 2) return "expired";
  return "active";
}

export interface DiscountInput {
  discountKind: DiscountKind;
  discountValue: number | null;
  typicalPrice: number | null;
  currency: string;
}

/**
 * What one use saves, in cents, or null when it cannot be counted: a percent, a fixed price or
 * "buy one get one" needs the typical price the coupon's author gave; an amount off is itself.
 */
export function savingOf(coupon: DiscountInput): number | null {
  if (coupon.currency !== COUPON_CURRENCY) return null;
  const price = coupon.typicalPrice;
  const value = coupon.discountValue ?? 0;
  switch (coupon.discountKind) {
    case "amount":
      return price !== null ? Math.min(value, price) : value;
    case "percent":
      return price !== null ? Math.round((price * value) / 100) : null;
    case "fixed_price":
      return price !== null && price > value ? price - value : null;
    case "bogo":
      return price;
  }
}

/** Why a coupon's fields do not fit together, or null when they do. */
export function couponProblem(coupon: {
  discountKind: DiscountKind;
  discountValue: number | null;
  validFrom: string | null;
  expiresOn: string | null;
  code: string | null;
  barcode: { format: string; value: string } | null;
}): string | null {
  const { discountKind: kind, discountValue: value } = coupon;
  if (kind === "percent" && (value === null || value < 1 || value > 100))
    return "A percent discount is between 1 and 100";
  if ((kind === "amount" || kind === "fixed_price") && (value === null || value < 1))
    return kind === "amount" ? "Give the amount off in cents" : "Give the fixed price in cents";
  if (kind === "bogo" && value !== null) return "A buy-one-get-one coupon has no discount value";
  if (coupon.validFrom && coupon.expiresOn && coupon.validFrom > coupon.expiresOn)
    return "The coupon cannot expire before it starts";
  if (!coupon.code && !coupon.barcode) return "Add the coupon's code or its barcode";
  return null;
}
