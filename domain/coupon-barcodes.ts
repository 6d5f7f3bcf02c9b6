/**
 * The barcode symbologies a coupon may carry, with what the renderer (bwip-js) and the decoder
 * (zxing-wasm) call each, and the checks of their numbers: a cashier's scanner refuses an EAN-13
 * whose check digit is wrong, so the app refuses to keep one (docs/coupons.md).
 */
export const BARCODE_FORMATS = [
  "ean13",
  "ean8",
  "upca",
  "upce",
  "code128",
  "code39",
  "itf",
  "qrcode",
  "datamatrix",
  "pdf417",
  "aztec",
] as const;
export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];

export const BARCODE_LABELS: Record<BarcodeFormat, string> = {
  ean13: "EAN-13",
  ean8: "EAN-8",
  upca: "UPC-A",
  upce: "UPC-E",
  code128: "Code 128",
  code39: "Code 39",
  itf: "ITF (Interleaved 2 of 5)",
  qrcode: "QR code",
  datamatrix: "Data Matrix",
  pdf417: "PDF417",
  aztec: "Aztec",
};

/** bwip-js's name of each symbology. */
export const BWIP_IDS: Record<BarcodeFormat, string> = {
  ean13: "ean13",
  ean8: "ean8",
  upca: "upca",
  upce: "upce",
  code128: "code128",
  code39: "code39",
  itf: "interleaved2of5",
  qrcode: "qrcode",
  datamatrix: "datamatrix",
  pdf417: "pdf417",
  aztec: "azteccode",
};

/**
 * zxing-wasm's name of each symbology. Its results may name a variant ("QRCodeModel2",
 * "Code39Std", "AztecCode"), read as the family the name starts with.
 */
export const ZXING_NAMES: Record<BarcodeFormat, string> = {
  ean13: "EAN13",
  ean8: "EAN8",
  upca: "UPCA",
  upce: "UPCE",
  code128: "Code128",
  code39: "Code39",
  itf: "ITF",
  qrcode: "QRCode",
  datamatrix: "DataMatrix",
  pdf417: "PDF417",
  aztec: "Aztec",
};

/** The format of a decoder's result, or null for one the app does not keep. */
export function formatOfZxing(name: string): BarcodeFormat | null {
  const formats = Object.keys(ZXING_NAMES) as BarcodeFormat[];
  return (
    formats.find((format) => ZXING_NAMES[format] === name) ??
    formats.find((format) => name.startsWith(ZXING_NAMES[format]) && !/^(MicroQR|RMQR)/.test(name)) ??
    null
  );
}

/**
 * What a decoder read, as the app keeps it, or null for a symbology it does not keep. A UPC-A is
 * an EAN-13 starting with 0, and decoders report it as one: it is kept as the UPC-A printed.
 */
export function scannedBarcode(name: string, text: string): { format: BarcodeFormat; value: string } | null {
  const format = formatOfZxing(name);
  if (format === null) return null;
  if ((format === "ean13" && /^0\d{12}$/.test(text)) || (format === "upca" && /^0\d{12}$/.test(text)))
    return { format: "upca", value: text.slice(1) };
  return { format, value: text };
}

/** Whether the last digit of an EAN/UPC number is the check digit of the ones before it (GS1's mod 10). */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  // From the right, the digits next to the check digit weigh 3, the others 1.
  for (let index = 0; index < body.length; index += 1) {
    const digit = Number(body[body.length - 1 - index]);
    sum += index % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

const NUMERIC: Partial<Record<BarcodeFormat, { length: number; name: string; article: string }>> = {
  ean13: { length: 13, name: "EAN-13", article: "An" },
  ean8: { length: 8, name: "EAN-8", article: "An" },
  upca: { length: 12, name: "UPC-A", article: "A" },
};

/** Why a barcode's value cannot be printed in its format, or null when it can. */
export function barcodeProblem(format: BarcodeFormat, value: string): string | null {
  const numeric = NUMERIC[format];
  if (numeric) {
    if (!new RegExp(`^\\d{${numeric.length}}$`).test(value))
      return `${numeric.article} ${numeric.name} number has ${numeric.length} digits`;
    if (!hasValidCheckDigit(value)) return `That ${numeric.name} number's check digit is wrong`;
    return null;
  }
  switch (format) {
    case "upce":
      return /^[01]\d{7}$/.test(value) ? null : "A UPC-E number has 8 digits and starts with 0 or 1";
    case "itf":
      return /^(\d\d)+$/.test(value) ? null : "An ITF number has an even count of digits";
    case "code39":
      return /^[0-9A-Z \-.$/+%]+$/.test(value) ? null : "Code 39 holds only digits, capital letters and - . $ / + %";
    case "code128":
      return /^[\x20-\x7e]+$/.test(value) ? null : "Code 128 holds only letters, digits and common signs";
    default:
      return null;
  }
}
