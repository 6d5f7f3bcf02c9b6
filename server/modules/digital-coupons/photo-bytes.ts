import sharp from "sharp";
import { COUPON_MESSAGES, COUPON_PHOTO_MAX_BYTES } from "../../../domain/coupons.js";
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../../errors.js";
import type { CouponPhotoTable } from "./tables.js";

export type PhotoType = CouponPhotoTable["content_type"];

/** Refuses decompression bombs: a 2 MB file that decodes to an enormous bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * What the bytes are, by their first bytes alone: the client's Content-Type and file name are
 * whatever the client says (an HTML page named coupon.jpg), so they decide nothing.
 */
export function sniffPhotoType(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp";
  return null;
}

const SHARP_FORMATS: Record<PhotoType, "jpeg" | "png" | "webp"> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
};

/**
 * The photo to keep: JPEG, PNG or WebP by its magic bytes, and it must decode as that. It is
 * encoded again in the same format, so what members get is an image the server wrote (nothing
 * appended after the picture survives) without the camera's metadata (its GPS position), turned
 * upright by its EXIF orientation.
 */
export async function photoToKeep(upload: Buffer | undefined): Promise<{ contentType: PhotoType; data: Buffer }> {
  if (!upload || upload.length === 0) throw new ValidationError(COUPON_MESSAGES.photoMissing);
  if (upload.length > COUPON_PHOTO_MAX_BYTES) throw new PayloadTooLargeError(COUPON_MESSAGES.photoTooLarge);
  const contentType = sniffPhotoType(upload);
  if (!contentType) throw new UnsupportedMediaTypeError(COUPON_MESSAGES.photoType);
  const format = SHARP_FORMATS[contentType];
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const metadata = await image.metadata();
    if (metadata.format !== format) throw new Error(`${metadata.format} is not ${format}`);
    const data = await image
      .rotate()
      .toFormat(format, format === "png" ? { compressionLevel: 9 } : { quality: 85 })
      .toBuffer();
    return { contentType, data };
  } catch {
    throw new UnsupportedMediaTypeError(COUPON_MESSAGES.photoType);
  }
}
