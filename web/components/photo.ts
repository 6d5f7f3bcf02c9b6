import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_TYPES } from "../../domain/photos";

/** A photo's long side after downscaling: enough to read a note or a receipt, on a screen or by OCR. */
const MAX_SIDE = 2048;

function typeOf(file: File): string {
  // Some browsers give a HEIC photo no type at all.
  if (!file.type && /\.hei[cf]$/i.test(file.name)) return "image/heic";
  return file.type.toLowerCase();
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener("load", () => resolve(reader.result as string));
    reader.addEventListener("error", () => reject(reader.error ?? new Error("The photo could not be read.")));
    reader.readAsDataURL(blob);
  });
}

/**
 * A chosen photo as a data URL, or the spec's message for one refused ("Invalid file type", "File
 * too large"). Large JPEG and PNG photos are downscaled first; HEIC, which browsers do not draw,
 * goes as it is.
 */
export async function preparePhoto(file: File): Promise<{ dataUrl: string } | { problem: string }> {
  const type = typeOf(file);
  if (!(PHOTO_TYPES as readonly string[]).includes(type)) return { problem: PHOTO_MESSAGES.invalidFileType };
  if (file.size > PHOTO_MAX_BYTES) return { problem: PHOTO_MESSAGES.fileTooLarge };
  if (type === "image/heic") return { dataUrl: await readAsDataUrl(new Blob([file], { type })) };
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1) {
      bitmap.close();
      return { dataUrl: await readAsDataUrl(file) };
    }
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return { dataUrl: canvas.toDataURL("image/jpeg", 0.85) };
  } catch {
    return { problem: PHOTO_MESSAGES.invalidFileType };
  }
}
