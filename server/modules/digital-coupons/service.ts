import { randomUUID } from "node:crypto";
import { type BarcodeFormat } from "../../../domain/coupon-barcodes.js";
import { type CouponVote, countVotes, couponProblem, couponStatus, daysLeft } from "../../../domain/coupon-rules.js";
import {
  type Coupon,
  type CouponInput,
  type CouponList,
  COUPON_MESSAGES,
  type CouponPatch,
} from "../../../domain/coupons.js";
import { GROUP_MESSAGES } from "../../../domain/group-messages.js";
import type { AppDeps } from "../../deps.js";
import { ForbiddenError, NotFoundError, ValidationError } from "../../errors.js";
import type { User } from "../../repositories/user-repository.js";
import { tellModuleUsers } from "../live.js";
import { type CouponRow, CouponRepository, type VoteRow } from "./repository.js";

export const MODULE_ID = "digital-coupons";

/** A group the caller is in, or 404 as for a missing one: its coupons are not theirs to learn of. */
export async function requireMember(deps: AppDeps, user: User, groupId: string): Promise<void> {
  if (!(await deps.repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
}

export async function requireCoupon(deps: AppDeps, user: User, groupId: string, couponId: string): Promise<CouponRow> {
  await requireMember(deps, user, groupId);
  const coupon = await new CouponRepository(deps.database.db).find(groupId, couponId);
  if (!coupon) throw new NotFoundError(COUPON_MESSAGES.notFound);
  return coupon;
}

/** Its creator or the group's owner may change or delete a coupon; other members may vote. */
export async function requireEditor(deps: AppDeps, user: User, coupon: CouponRow): Promise<void> {
  if (coupon.created_by === user.id) return;
  const owner = await new CouponRepository(deps.database.db).groupOwner(coupon.group_id);
  if (owner !== user.id) throw new ForbiddenError(COUPON_MESSAGES.creatorOrOwnerOnly);
}

/** After a write: the group's members who have the module on refetch (web/modules/digital-coupons/). */
async function tellGroup(deps: AppDeps, groupId: string): Promise<void> {
  const members = await deps.repositories.groups.membersOf([groupId]);
  await tellModuleUsers(
    deps,
    MODULE_ID,
    members.map((member) => member.userId),
    "coupons.changed",
    groupId,
  );
}

export function inputOfRow(row: CouponRow): CouponInput {
  return {
    store: row.store,
    title: row.title,
    productKeys: JSON.parse(row.product_keys) as string[],
    brand: row.brand,
    discountKind: row.discount_kind,
    discountValue: row.discount_value === null ? null : Number(row.discount_value),
    currency: row.currency,
    minimumPurchase: row.minimum_purchase === null ? null : Number(row.minimum_purchase),
    typicalPrice: row.typical_price === null ? null : Number(row.typical_price),
    validFrom: row.valid_from,
    expiresOn: row.expires_on,
    code: row.code,
    barcode:
      row.barcode_format && row.barcode_value
        ? { format: row.barcode_format as BarcodeFormat, value: row.barcode_value }
        : null,
    terms: row.terms,
    singleUse: row.single_use === 1,
  };
}

function columnsOf(input: CouponInput) {
  return {
    store: input.store,
    title: input.title,
    product_keys: JSON.stringify(input.productKeys),
    brand: input.brand,
    discount_kind: input.discountKind,
    discount_value: input.discountValue,
    currency: input.currency,
    minimum_purchase: input.minimumPurchase,
    typical_price: input.typicalPrice,
    valid_from: input.validFrom,
    expires_on: input.expiresOn,
    code: input.code,
    barcode_format: input.barcode?.format ?? null,
    barcode_value: input.barcode?.value ?? null,
    terms: input.terms,
    single_use: input.singleUse ? 1 : 0,
  };
}

export interface CouponContext {
  timeZone: string;
  now: Date;
  userId: string;
  ownerId: string | null;
  names: Map<string, string>;
  /** When each coupon with a photo got it. */
  photoTimes: Map<string, string>;
}

/** The photo's address, versioned by when it was set, so a browser's copy of an old one is never shown. */
export function photoUrlOf(groupId: string, couponId: string, setAt: string | undefined): string | null {
  if (setAt === undefined) return null;
  return `/api/groups/${encodeURIComponent(groupId)}/coupons/${encodeURIComponent(couponId)}/photo?v=${Date.parse(setAt)}`;
}

/** A coupon as members see it: its fields, shared status, votes, the caller's vote and days left. */
export function toCoupon(row: CouponRow, votes: readonly VoteRow[], context: CouponContext): Coupon {
  const input = inputOfRow(row);
  const counts = countVotes(votes.map((vote) => vote.vote));
  return {
    id: row.id,
    groupId: row.group_id,
    createdBy: row.created_by,
    createdByName: context.names.get(row.created_by) ?? null,
    ...input,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    status: couponStatus({ ...input, votes: counts }, context.timeZone, context.now),
    votes: counts,
    myVote: votes.find((vote) => vote.user_id === context.userId)?.vote ?? null,
    daysLeft: daysLeft(input.expiresOn, context.timeZone, context.now),
    canEdit: row.created_by === context.userId || context.ownerId === context.userId,
    photoUrl: photoUrlOf(row.group_id, row.id, context.photoTimes.get(row.id)),
  };
}

/** Soonest expiry first, those that never expire last, then oldest first. */
function byExpiry(a: Coupon, b: Coupon): number {
  if (a.expiresOn !== b.expiresOn) {
    if (a.expiresOn === null) return 1;
    if (b.expiresOn === null) return -1;
    return a.expiresOn < b.expiresOn ? -1 : 1;
  }
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

/** Every coupon of the group, with what members need to see and sort it. */
export async function groupCoupons(deps: AppDeps, user: User, groupId: string, now = new Date()): Promise<CouponList> {
  await requireMember(deps, user, groupId);
  const coupons = new CouponRepository(deps.database.db);
  const [rows, votes, timeZone, ownerId, members, photoTimes] = await Promise.all([
    coupons.listForGroup(groupId),
    coupons.votesOfGroup(groupId),
    coupons.groupTimeZone(groupId),
    coupons.groupOwner(groupId),
    deps.repositories.groups.membersOf([groupId]),
    coupons.photoTimes(groupId),
  ]);
  const context: CouponContext = {
    timeZone,
    now,
    userId: user.id,
    ownerId,
    names: new Map(members.map((member) => [member.userId, member.displayName])),
    photoTimes,
  };
  const list = rows
    .map((row) =>
      toCoupon(
        row,
        votes.filter((vote) => vote.coupon_id === row.id),
        context,
      ),
    )
    .sort(byExpiry);
  return { timeZone, coupons: list };
}

export async function oneCoupon(deps: AppDeps, user: User, groupId: string, couponId: string): Promise<Coupon> {
  const list = await groupCoupons(deps, user, groupId);
  const coupon = list.coupons.find((row) => row.id === couponId);
  if (!coupon) throw new NotFoundError(COUPON_MESSAGES.notFound);
  return coupon;
}

export async function createCoupon(deps: AppDeps, user: User, groupId: string, input: CouponInput): Promise<Coupon> {
  await requireMember(deps, user, groupId);
  const now = new Date().toISOString();
  const id = randomUUID();
  await new CouponRepository(deps.database.db).insert({
    id,
    group_id: groupId,
    created_by: user.id,
    ...columnsOf(input),
    created_at: now,
    updated_at: now,
  });
  await tellGroup(deps, groupId);
  return oneCoupon(deps, user, groupId, id);
}

/** Changes the fields sent; the coupon after them must still fit together (couponProblem). */
export async function patchCoupon(
  deps: AppDeps,
  user: User,
  groupId: string,
  couponId: string,
  patch: CouponPatch,
): Promise<Coupon> {
  const row = await requireCoupon(deps, user, groupId, couponId);
  await requireEditor(deps, user, row);
  const merged: CouponInput = { ...inputOfRow(row) };
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) Object.assign(merged, { [key]: value });
  const problem = couponProblem(merged);
  if (problem) throw new ValidationError(problem);
  await new CouponRepository(deps.database.db).update(couponId, {
    ...columnsOf(merged),
    updated_at: new Date().toISOString(),
  });
  await tellGroup(deps, groupId);
  return oneCoupon(deps, user, groupId, couponId);
}

export async function deleteCoupon(deps: AppDeps, user: User, groupId: string, couponId: string): Promise<void> {
  const row = await requireCoupon(deps, user, groupId, couponId);
  await requireEditor(deps, user, row);
  await new CouponRepository(deps.database.db).delete(couponId);
  await tellGroup(deps, groupId);
}

/** Sets (or, with null, removes) the caller's one vote on a coupon; answers the coupon after it. */
export async function voteOnCoupon(
  deps: AppDeps,
  user: User,
  groupId: string,
  couponId: string,
  vote: CouponVote | null,
): Promise<Coupon> {
  await requireCoupon(deps, user, groupId, couponId);
  const coupons = new CouponRepository(deps.database.db);
  if (vote === null) await coupons.removeVote(couponId, user.id);
  else await coupons.setVote(couponId, user.id, vote, new Date().toISOString());
  await tellGroup(deps, groupId);
  return oneCoupon(deps, user, groupId, couponId);
}

export { tellGroup };
