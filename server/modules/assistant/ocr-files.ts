/**
 * The files the browser's OCR (tesseract.js) needs, served by this server from the installed
 * packages: no download from a CDN at run time, nothing written anywhere. Only the LSTM builds of
 * the core (the panel asks for that engine) and the compact English model are offered.
 */
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { type ContentEncoding, compress } from "../../plugins/response-compression.js";

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

const SCRIPT = "text/javascript; charset=utf-8";

interface OcrFile {
  path: string;
  type: string;
  /** Already compressed (the model): sent as it is. */
  compressed: boolean;
}

function files(): Record<string, OcrFile> {
  const core = packageDir("tesseract.js-core");
  const script = (file: string): OcrFile => ({ path: file, type: SCRIPT, compressed: false });
  return {
    "worker.min.js": script(path.join(packageDir("tesseract.js"), "dist", "worker.min.js")),
    // The worker picks one by what the browser's WebAssembly supports.
    "tesseract-core-lstm.wasm.js": script(path.join(core, "tesseract-core-lstm.wasm.js")),
    "tesseract-core-simd-lstm.wasm.js": script(path.join(core, "tesseract-core-simd-lstm.wasm.js")),
    "tesseract-core-relaxedsimd-lstm.wasm.js": script(path.join(core, "tesseract-core-relaxedsimd-lstm.wasm.js")),
    // "best_int": the LSTM model at 3 MB, against 11 MB for the one with the legacy engine too.
    "eng.traineddata.gz": {
      path: path.join(packageDir("@tesseract.js-data/eng"), "4.0.0_best_int", "eng.traineddata.gz"),
      type: "application/gzip",
      compressed: true,
    },
  };
}

let known: Record<string, OcrFile> | undefined;
/** Compressed once, on first request: the scripts are 4 MB of base64 each. */
const kept = new Map<string, Promise<Buffer>>();

export const OCR_FILES_PATH = "/assistant-ocr";

/**
 * The Content-Security-Policy of the worker script: a worker follows the policy of its own
 * script's response, and this one loads the core with importScripts and compiles WebAssembly.
 */
export const OCR_WORKER_POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'";

export function ocrFile(name: string): OcrFile | null {
  known ??= files();
  return Object.hasOwn(known, name) ? known[name]! : null;
}

export function ocrFileBody(name: string, file: OcrFile, encoding: ContentEncoding | null): Promise<Buffer> {
  const key = `${name}:${file.compressed ? "" : (encoding ?? "")}`;
  let body = kept.get(key);
  if (!body) {
    body = fs
      .readFile(file.path)
      .then((bytes) => (encoding && !file.compressed ? compress(bytes.toString("utf8"), encoding, "kept") : bytes));
    // A failed read is tried again next time.
    body.catch(() => kept.delete(key));
    kept.set(key, body);
  }
  return body;
}
