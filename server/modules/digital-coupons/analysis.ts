import { itemKeyOf, matchCoupon, wordsOf } from "../../../domain/coupon-matching.js";
import { analyzeCoupons } from "../../../domain/coupon-analysis.js";
import type { CouponAnalysis, ShoppingMatches } from "../../../domain/coupons.js";
import { COUPON_MESSAGES } from "../../../domain/coupons.js";
import type { AppDeps } from "../../deps.js";
import { NotFoundError } from "../../errors.js";
import type { User } from "../../repositories/user-repository.js";
import { CouponRepository } from "./repository.js";
import { groupCoupons, requireMember, tellGroup } from "./service.js";

/** The spec's coupon-analysis/analyze: savings, active value, what expires soon or went unused. */
export async function analyzeGroupCoupons(
  deps: AppDeps,
  user: User,
  groupId: string,
  now = new Date(),
): Promise<CouponAnalysis> {
  const { coupons, timeZone } = await groupCoupons(deps, user, groupId, now);
  const votes = await new CouponRepository(deps.database.db).votesOfGroup(groupId);
  const uses = votes
    .filter((vote) => vote.vote === "used")
    .map((vote) => ({ couponId: vote.coupon_id, at: vote.updated_at }));
  return analyzeCoupons(coupons, uses, timeZone);
}

/**
 * The spec's coupon-analysis/match-shopping-list: for each open task in the group's "shopping"
 * category, the active coupons that fit it. A link a member confirmed is confident, a rejected one
 * is never offered again (docs/coupons.md).
 */
export async function matchShoppingList(deps: AppDeps, user: User, groupId: string): Promise<ShoppingMatches> {
  const { coupons } = await groupCoupons(deps, user, groupId);
  const repository = new CouponRepository(deps.database.db);
  const [items, links] = await Promise.all([repository.shoppingList(groupId), repository.links(groupId)]);
  const decided = new Map(links.map((link) => [`${link.coupon_id} ${link.item_key}`, link.confirmed === 1]));
  const active = coupons.filter((coupon) => coupon.status === "active");
  return {
    items: items.map((item) => {
      const itemKey = itemKeyOf(item.title);
      const matches = active.flatMap((coupon) => {
        const decision = decided.get(`${coupon.id} ${itemKey}`);
        if (decision === false) return [];
        const match = matchCoupon(item.title, coupon);
        if (decision === true)
          return [
            {
              couponId: coupon.id,
              title: coupon.title,
              store: coupon.store,
              confidence: "confident" as const,
              confirmed: true,
              reason: match?.reason ?? coupon.title,
            },
          ];
        if (!match) return [];
        return [{ couponId: coupon.id, title: coupon.title, store: coupon.store, ...match, confirmed: false }];
      });
      return { taskId: item.id, title: item.title, itemKey, matches };
    }),
  };
}

/** Remembers a member's answer to "does this coupon fit this item?". */
export async function confirmMatch(
  deps: AppDeps,
  user: User,
  groupId: string,
  body: { couponId: string; itemKey: string; confirmed: boolean },
): Promise<{ couponId: string; itemKey: string; confirmed: boolean }> {
  await requireMember(deps, user, groupId);
  const itemKey = wordsOf(body.itemKey).join(" ");
  const repository = new CouponRepository(deps.database.db);
  if (!(await repository.find(groupId, body.couponId))) throw new NotFoundError(COUPON_MESSAGES.notFound);
  await repository.setLink({
    group_id: groupId,
    coupon_id: body.couponId,
    item_key: itemKey,
    confirmed: body.confirmed ? 1 : 0,
    decided_by: user.id,
    decided_at: new Date().toISOString(),
  });
  await tellGroup(deps, groupId);
  return { couponId: body.couponId, itemKey, confirmed: body.confirmed };
}
