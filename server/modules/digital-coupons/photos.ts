import { type Coupon, COUPON_MESSAGES } from "../../../domain/coupons.js";
import type { AppDeps } from "../../deps.js";
import { NotFoundError } from "../../errors.js";
import type { User } from "../../repositories/user-repository.js";
import { photoToKeep } from "./photo-bytes.js";
import { CouponRepository } from "./repository.js";
import { oneCoupon, requireCoupon, requireEditor, tellGroup } from "./service.js";
import type { PhotoType } from "./photo-bytes.js";

/**
 * Sets a coupon's photo (its creator or the group's owner, as for any change): checked, encoded
 * again, stored, and the coupon's members told. Answers the coupon with its new photo address.
 */
export async function setCouponPhoto(
  deps: AppDeps,
  user: User,
  groupId: string,
  couponId: string,
  upload: Buffer | undefined,
): Promise<Coupon> {
  const row = await requireCoupon(deps, user, groupId, couponId);
  await requireEditor(deps, user, row);
  const photo = await photoToKeep(upload);
  const now = new Date().toISOString();
  const coupons = new CouponRepository(deps.database.db);
  await coupons.setPhoto({
    coupon_id: couponId,
    content_type: photo.contentType,
    data: photo.data,
    updated_by: user.id,
    updated_at: now,
  });
  await coupons.update(couponId, { updated_at: now });
  await tellGroup(deps, groupId);
  return oneCoupon(deps, user, groupId, couponId);
}

/** Removes a coupon's photo (nothing to remove is no error); answers the coupon. */
export async function removeCouponPhoto(deps: AppDeps, user: User, groupId: string, couponId: string): Promise<Coupon> {
  const row = await requireCoupon(deps, user, groupId, couponId);
  await requireEditor(deps, user, row);
  const coupons = new CouponRepository(deps.database.db);
  await coupons.removePhoto(couponId);
  await coupons.update(couponId, { updated_at: new Date().toISOString() });
  await tellGroup(deps, groupId);
  return oneCoupon(deps, user, groupId, couponId);
}

/** The photo's bytes, for the group's members only (anyone else: "Group not found"). */
export async function readCouponPhoto(
  deps: AppDeps,
  user: User,
  groupId: string,
  couponId: string,
): Promise<{ contentType: PhotoType; data: Buffer }> {
  await requireCoupon(deps, user, groupId, couponId);
  const photo = await new CouponRepository(deps.database.db).photo(couponId);
  if (!photo) throw new NotFoundError(COUPON_MESSAGES.photoNotFound);
  return { contentType: photo.content_type, data: Buffer.from(photo.data) };
}
