import { Worker } from "node:worker_threads";

interface Decoded {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8ClampedArray;
}

type Answer = { id: number; error: string } | ({ id: number } & Decoded);

/** Longer than any real photo takes (about 2 s for 12 megapixels): a file that hangs libheif is given up. */
const DECODE_TIMEOUT_MS = 30_000;
/** An idle decoder is stopped: WebAssembly memory never shrinks after a large photo. */
const IDLE_MS = 60_000;

interface Decoder {
  worker: Worker;
  waiting: Map<number, { resolve(value: Decoded): void; reject(error: Error): void; timer: NodeJS.Timeout }>;
  idle: NodeJS.Timeout | null;
}

let current: Decoder | null = null;
let nextId = 0;

/** Stops a decoder and fails what it still had; a new one starts with the next photo. */
function stop(decoder: Decoder, error: Error): void {
  if (current === decoder) current = null;
  for (const caller of decoder.waiting.values()) {
    clearTimeout(caller.timer);
    caller.reject(error);
  }
  decoder.waiting.clear();
  if (decoder.idle) clearTimeout(decoder.idle);
  void decoder.worker.terminate();
}

/**
 * The decoding thread, started on the first HEIC photo. It keeps the process alive only while it
 * decodes (Node refs a worker again when a listener is added, so unref comes after).
 */
function decoder(): Decoder {
  if (current) return current;
  const worker = new Worker(new URL("./heic-worker.mjs", import.meta.url));
  const started: Decoder = { worker, waiting: new Map(), idle: null };
  worker.on("message", (answer: Answer) => {
    const caller = started.waiting.get(answer.id);
    if (!caller) return;
    started.waiting.delete(answer.id);
    clearTimeout(caller.timer);
    if ("error" in answer) caller.reject(new Error(answer.error));
    else caller.resolve({ width: answer.width, height: answer.height, data: answer.data });
    if (started.waiting.size === 0) {
      worker.unref();
      started.idle = setTimeout(() => stop(started, new Error("idle")), IDLE_MS).unref();
    }
  });
  worker.on("error", (error) => stop(started, error));
  worker.on("exit", (code) => stop(started, new Error(`The HEIC decoder stopped (${code})`)));
  current = started;
  return started;
}

/**
 * A HEIC photo's first image as RGBA pixels, decoded on a worker thread (heic-worker.mjs says
 * why). Refused, before its pixels are allocated, past `maxPixels`; given up after 30 s.
 */
export function decodeHeicPixels(bytes: Buffer, maxPixels: number): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    const thread = decoder();
    if (thread.idle) clearTimeout(thread.idle);
    thread.idle = null;
    const timer = setTimeout(() => stop(thread, new Error("The photo took too long to decode")), DECODE_TIMEOUT_MS);
    thread.waiting.set(id, { resolve, reject, timer });
    thread.worker.ref();
    // A copy: the caller's buffer may be a view into a larger pooled one.
    thread.worker.postMessage({ id, bytes: new Uint8Array(bytes), maxPixels });
  });
}
