import type { CouponVote } from "../../../domain/coupon-rules";
import type {
  Coupon,
  CouponAnalysis,
  CouponInput,
  CouponList,
  CouponPatch,
  ShoppingMatches,
} from "../../../domain/coupons";
import { apiFetch } from "../../api/http";
import { COUPONS_QUERY_ROOT } from "./module";

/** Every key of a group's coupon data starts with the group, so a live event refetches all of it. */
export const couponKeys = {
  list: (groupId: string) => [COUPONS_QUERY_ROOT, groupId, "list"] as const,
  analysis: (groupId: string) => [COUPONS_QUERY_ROOT, groupId, "analysis"] as const,
  matches: (groupId: string) => [COUPONS_QUERY_ROOT, groupId, "matches"] as const,
  group: (groupId: string) => [COUPONS_QUERY_ROOT, groupId] as const,
};

const base = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}`;
const one = (groupId: string, couponId: string) => `${base(groupId)}/coupons/${encodeURIComponent(couponId)}`;

export const listCoupons = (groupId: string) => apiFetch<CouponList>(`${base(groupId)}/coupons`);

export const createCoupon = (groupId: string, body: Partial<CouponInput>) =>
  apiFetch<Coupon>(`${base(groupId)}/coupons`, { method: "POST", body });

export const patchCoupon = (groupId: string, couponId: string, body: CouponPatch) =>
  apiFetch<Coupon>(one(groupId, couponId), { method: "PATCH", body });

export const deleteCoupon = (groupId: string, couponId: string) =>
  apiFetch<void>(one(groupId, couponId), { method: "DELETE" });

/** The photo goes as the body itself (a JPEG the page made smaller); the answer is the coupon. */
export const setCouponPhoto = (groupId: string, couponId: string, photo: Blob) =>
  apiFetch<Coupon>(`${one(groupId, couponId)}/photo`, { method: "PUT", body: photo });

export const removeCouponPhoto = (groupId: string, couponId: string) =>
  apiFetch<Coupon>(`${one(groupId, couponId)}/photo`, { method: "DELETE" });

export const voteOn = (groupId: string, couponId: string, vote: CouponVote | null) =>
  vote === null
    ? apiFetch<Coupon>(`${one(groupId, couponId)}/vote`, { method: "DELETE" })
    : apiFetch<Coupon>(`${one(groupId, couponId)}/vote`, { method: "PUT", body: { vote } });

export const getAnalysis = (groupId: string) => apiFetch<CouponAnalysis>(`${base(groupId)}/coupon-analysis`);

/** The spec's match-shopping-list: a read, sent as POST like the spec's call. */
export const matchShoppingList = (groupId: string) =>
  apiFetch<ShoppingMatches>(`${base(groupId)}/coupon-analysis/match-shopping-list`, { method: "POST" });

export const confirmMatch = (groupId: string, body: { couponId: string; itemKey: string; confirmed: boolean }) =>
  apiFetch<unknown>(`${base(groupId)}/coupon-analysis/match-shopping-list/confirm`, { method: "POST", body });
