import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import bwipjs from "bwip-js/node";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { type BarcodeFormat, BWIP_IDS, scannedBarcode } from "../../../domain/coupon-barcodes";

/**
 * What the coupon card draws (bwip-js) a scanner reads back (zxing-wasm, the decoder the page
 * ships), symbology by symbology: a PNG made as a phone would show it, decoded to raw pixels.
 */
describe("barcode round trip", () => {
  beforeAll(() => {
    const wasm = readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    });
  });

  const cases: [BarcodeFormat, string][] = [
    ["ean13", "4006381333931"],
    ["upca", "036000291452"],
    ["code128", "SAVE-20%-COFFEE"],
    ["qrcode", "https://example.org/coupon/42?code=SAVE20"],
    ["datamatrix", "COUPON 1234 5678"],
  ];

  it.each(cases)("draws %s %s and reads it back", async (format, value) => {
    const png = await bwipjs.toBuffer({
      bcid: BWIP_IDS[format],
      text: value,
      scale: 3,
      paddingwidth: 10,
      paddingheight: 10,
      backgroundcolor: "FFFFFF",
    });
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const results = await readBarcodes(
      {
        data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
        width: info.width,
        height: info.height,
        colorSpace: "srgb",
      } as ImageData,
      { tryHarder: true },
    );
    expect(results.map((result) => scannedBarcode(result.format, result.text))).toContainEqual({ format, value });
  });
});
