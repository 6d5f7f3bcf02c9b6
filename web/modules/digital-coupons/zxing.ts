import { prepareZXingModule, readBarcodes, type ReadResult } from "zxing-wasm/reader";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { type BarcodeFormat, scannedBarcode } from "../../../domain/coupon-barcodes";

// The decoder's .wasm comes from this server's build, never a CDN: scanning works offline and
// leaks nothing to a third party.
prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
});

export interface Scanned {
  format: BarcodeFormat;
  value: string;
}

function firstKnown(results: readonly ReadResult[]): Scanned | null {
  for (const result of results) {
    const scanned = result.isValid ? scannedBarcode(result.format, result.text) : null;
    if (scanned) return scanned;
  }
  return null;
}

/** The first barcode the app keeps found in an image file or a video frame, or null. */
export async function scanImage(input: Blob | ImageData): Promise<Scanned | null> {
  return firstKnown(await readBarcodes(input, { tryHarder: true, maxNumberOfSymbols: 4 }));
}
