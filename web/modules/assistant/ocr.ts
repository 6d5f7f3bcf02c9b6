import type { Worker } from "tesseract.js";

/** Where this server serves tesseract.js's worker, core and English model (server/modules/assistant/ocr-files.ts). */
const OCR_FILES = "/assistant-ocr";
/** Below this (0–100), a line is more likely noise than words: no proposal is made of it. */
const CONFIDENT = 60;

let worker: Promise<Worker> | null = null;

/** One worker per page, started on first use: loading the model takes a second or two. */
function ocrWorker(): Promise<Worker> {
  worker ??= import("tesseract.js/dist/tesseract.esm.min.js").then(({ default: { createWorker, OEM } }) =>
    createWorker("eng", OEM.LSTM_ONLY, {
      workerPath: `${OCR_FILES}/worker.min.js`,
      corePath: OCR_FILES,
      langPath: OCR_FILES,
      gzip: true,
      // From its own address: the page's policy allows no blob: workers.
      workerBlobURL: false,
      // The browser's HTTP cache keeps the model; no store of tesseract's own beside ours.
      cacheMethod: "none",
    }),
  );
  worker.catch(() => {
    worker = null;
  });
  return worker;
}

/** The lines of text in a photo that recognition is confident of, top to bottom. */
export async function readPhotoLines(dataUrl: string): Promise<string[]> {
  const { data } = await (await ocrWorker()).recognize(dataUrl, {}, { blocks: true });
  const lines = (data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines));
  return lines
    .filter((line) => line.confidence >= CONFIDENT)
    .map((line) => line.text.replace(/\s+/g, " ").trim())
    .filter((text) => /\p{L}{2}/u.test(text));
}
