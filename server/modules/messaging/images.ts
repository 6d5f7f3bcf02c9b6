import sharp, { type Sharp } from "sharp";
import { MESSAGE_IMAGE_MAX_BYTES, MESSAGE_IMAGE_TYPES, MESSAGING_MESSAGES } from "../../../domain/messaging.js";
import { PayloadTooLargeError, UnsupportedMediaTypeError } from "../../errors.js";
import { decodeHeicPixels } from "./heic.js";

/** Refuses decompression bombs: a small file that decodes to an enormous bitmap. */
const MAX_INPUT_PIXELS = 50_000_000;
/** The long side an image is stored at: sharp on a phone, a fraction of a camera's original. */
const MAX_SIDE = 2048;

export interface EncodedImage {
  contentType: "image/webp";
  width: number;
  height: number;
  data: Buffer;
}

/** The bytes and the claimed type of a "data:image/…;base64,…" URL; refused otherwise. */
function parseDataUrl(dataUrl: string): { type: string; bytes: Buffer } {
  const match = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/i.exec(dataUrl);
  if (!match || !(MESSAGE_IMAGE_TYPES as readonly string[]).includes(match[1]!.toLowerCase())) {
    throw new UnsupportedMediaTypeError(MESSAGING_MESSAGES.invalidFileType);
  }
  const bytes = Buffer.from(match[2]!, "base64");
  if (bytes.length > MESSAGE_IMAGE_MAX_BYTES) throw new PayloadTooLargeError(MESSAGING_MESSAGES.fileTooLarge);
  return { type: match[1]!.toLowerCase(), bytes };
}

/**
 * A HEIC photo as raw pixels. sharp's bundled libvips reads HEIF only with AV1 inside (AVIF), not
 * the HEVC of a phone's photos, so libheif compiled to WebAssembly decodes them, on a worker
 * thread (heic.ts; docs/decisions.md).
 */
async function heicPixels(bytes: Buffer): Promise<Sharp> {
  const { width, height, data } = await decodeHeicPixels(bytes, MAX_INPUT_PIXELS);
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
}

/**
 * Decodes a message's image and stores a fresh WebP of at most 2048 px on its long side: whatever
 * the bytes claimed to be, what members get is an image the server encoded itself, without the
 * original's metadata (camera, GPS position). Anything that does not decode is "Invalid file type".
 */
export async function encodeMessageImage(dataUrl: string): Promise<EncodedImage> {
  const { bytes } = parseDataUrl(dataUrl);
  // A photo decodes to up to 200 MB of pixels: two at a time bound the server's memory.
  const release = await decodingTurn();
  try {
    return await encode(bytes);
  } finally {
    release();
  }
}

const DECODES_AT_ONCE = 2;
let decoding = 0;
const queued: (() => void)[] = [];

/** Waits for one of the decoding turns; call what it returns when done. */
async function decodingTurn(): Promise<() => void> {
  if (decoding >= DECODES_AT_ONCE) await new Promise<void>((resolve) => queued.push(resolve));
  else decoding += 1;
  return () => {
    const next = queued.shift();
    if (next) next();
    else decoding -= 1;
  };
}

async function encode(bytes: Buffer): Promise<EncodedImage> {
  try {
    const heic = isHeic(bytes);
    const image = heic
      ? await heicPixels(bytes)
      : sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    if (!heic) {
      const { format } = await image.metadata();
      if (format !== "jpeg" && format !== "png") throw new Error(`not accepted: ${format}`);
    }
    const { data, info } = await image
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { contentType: "image/webp", width: info.width, height: info.height, data };
  } catch {
    throw new UnsupportedMediaTypeError(MESSAGING_MESSAGES.invalidFileType);
  }
}

/** HEIF's brands of HEVC photos ("ftypheic" at byte 4), as phones write them. */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

function isHeic(bytes: Buffer): boolean {
  return (
    bytes.subarray(4, 8).toString("latin1") === "ftyp" && HEIC_BRANDS.has(bytes.subarray(8, 12).toString("latin1"))
  );
}
