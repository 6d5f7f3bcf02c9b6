import { Worker } from "node:worker_threads";

interface Decoded {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8ClampedArray;
}

type Answer = { id: number; error: string } | ({ id: number } & Decoded);

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve(value: Decoded): void; reject(error: Error): void }>();

/**
 * The one decoding thread, started on the first HEIC photo. It keeps the process alive only
 * while it decodes (Node refs a worker again when a listener is added, so unref comes after).
 */
function decoder(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL("./heic-worker.mjs", import.meta.url));
  started.on("message", (answer: Answer) => {
    const caller = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (waiting.size === 0) started.unref();
    if ("error" in answer) caller?.reject(new Error(answer.error));
    else caller?.resolve({ width: answer.width, height: answer.height, data: answer.data });
  });
  const fail = (error: Error) => {
    worker = null;
    for (const caller of waiting.values()) caller.reject(error);
    waiting.clear();
  };
  started.on("error", fail);
  started.on("exit", (code) => fail(new Error(`The HEIC decoder stopped (${code})`)));
  worker = started;
  return started;
}

/**
 * A HEIC photo's first image as RGBA pixels, decoded on a worker thread (heic-worker.mjs says
 * why). Refused, before its pixels are allocated, past `maxPixels`.
 */
export function decodeHeicPixels(bytes: Buffer, maxPixels: number): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    waiting.set(id, { resolve, reject });
    const thread = decoder();
    thread.ref();
    // A copy: the caller's buffer may be a view into a larger pooled one.
    thread.postMessage({ id, bytes: new Uint8Array(bytes), maxPixels });
  });
}
