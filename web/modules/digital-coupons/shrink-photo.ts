import { COUPON_MESSAGES, COUPON_PHOTO_MAX_BYTES } from "../../../domain/coupons";

/** Long enough to read a coupon's small print; a phone's 12-megapixel original is 4000 px. */
const LONGEST_SIDE = 1600;
/** Tried in turn until the photo fits the server's limit; the first nearly always does. */
const QUALITIES = [0.85, 0.7, 0.5];

export const PHOTO_UNREADABLE = "This photo could not be read. Use a JPEG, PNG or WebP photo.";

function jpegOf(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/**
 * A photo made small on the device before it is sent: drawn upright on a canvas at most 1600 px
 * on its long side and saved as a JPEG, so a phone sends a few hundred kilobytes, not its 8 MB
 * original, and the camera's metadata (where it was taken) stays on the phone.
 */
export async function shrinkPhoto(file: Blob): Promise<{ photo: Blob } | { problem: string }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return { problem: PHOTO_UNREADABLE };
  }
  const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d")!;
  // JPEG has no transparency: a transparent PNG's background becomes white, not black.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of QUALITIES) {
    const photo = await jpegOf(canvas, quality);
    if (!photo) return { problem: PHOTO_UNREADABLE };
    if (photo.size <= COUPON_PHOTO_MAX_BYTES) return { photo };
  }
  return { problem: COUPON_MESSAGES.photoTooLarge };
}
