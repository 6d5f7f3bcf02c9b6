import { COUPON_CURRENCY, dayIn, EXPIRING_SOON_DAYS, savingOf } from "./coupon-rules.js";
import type { Coupon, CouponAnalysis } from "./coupons.js";

/** A "used" vote: one use of a coupon, by someone, at the time of the vote. */
export interface CouponUse {
  couponId: string;
  at: string;
}

interface Savings {
  saved: number;
  uses: number;
  unknown: number;
}

const empty = (): Savings => ({ saved: 0, uses: 0, unknown: 0 });

function add(row: Savings, saving: number | null): void {
  row.uses += 1;
  if (saving === null) row.unknown += 1;
  else row.saved += saving;
}

/**
 * A group's coupon figures (docs/coupons.md). Savings come from "used" votes: each counts one use
 * (a single-use coupon's first one only), worth savingOf the coupon, or "unknown" when the coupon
 * gives no typical price to count a percent from. Months are the group's zone's.
 */
export function analyzeCoupons(
  coupons: readonly Coupon[],
  uses: readonly CouponUse[],
  timeZone: string,
): CouponAnalysis {
  const byId = new Map(coupons.map((coupon) => [coupon.id, coupon]));
  const total = empty();
  const months = new Map<string, Savings>();
  const stores = new Map<string, Savings>();
  const counted = new Set<string>();
  for (const use of [...uses].sort((a, b) => (a.at < b.at ? -1 : 1))) {
    const coupon = byId.get(use.couponId);
    if (!coupon) continue;
    if (coupon.singleUse && counted.has(coupon.id)) continue;
    counted.add(coupon.id);
    const saving = savingOf(coupon);
    const month = dayIn(new Date(use.at), timeZone).slice(0, 7);
    if (!months.has(month)) months.set(month, empty());
    if (!stores.has(coupon.store)) stores.set(coupon.store, empty());
    add(total, saving);
    add(months.get(month)!, saving);
    add(stores.get(coupon.store)!, saving);
  }

  const active = coupons.filter((coupon) => coupon.status === "active");
  const activeSavings = active.map(savingOf);
  const ref = (coupon: Coupon) => ({
    id: coupon.id,
    title: coupon.title,
    store: coupon.store,
    expiresOn: coupon.expiresOn,
    daysLeft: coupon.daysLeft,
  });
  return {
    currency: COUPON_CURRENCY,
    timeZone,
    saved: total,
    byMonth: [...months].sort(([a], [b]) => (a < b ? -1 : 1)).map(([month, row]) => ({ month, ...row })),
    byStore: [...stores].sort(([, a], [, b]) => b.saved - a.saved).map(([store, row]) => ({ store, ...row })),
    active: {
      count: active.length,
      value: activeSavings.reduce<number>((sum, saving) => sum + (saving ?? 0), 0),
      unknown: activeSavings.filter((saving) => saving === null).length,
    },
    expiringSoon: active.filter((coupon) => coupon.daysLeft !== null && coupon.daysLeft <= EXPIRING_SOON_DAYS).map(ref),
    expiredUnused: coupons.filter((coupon) => coupon.status === "expired" && coupon.votes.used === 0).map(ref),
  };
}
