// Decodes HEIC photos off the main thread: libheif in WebAssembly holds the thread it runs on for
// about 2 s per 12-megapixel photo, which on the server's main thread would stall every request.
// Plain JavaScript, so it starts the same under tsx, vitest and node (server/modules/messaging/heic.ts).
import { parentPort } from "node:worker_threads";
import decodeHeic from "heic-decode";

parentPort?.on("message", async ({ id, bytes, maxPixels }) => {
  try {
    const images = await decodeHeic.all({ buffer: bytes });
    try {
      const first = images[0];
      if (!first) throw new Error("no image");
      if (first.width * first.height > maxPixels) throw new Error("too many pixels");
      const { width, height, data } = await first.decode();
      parentPort?.postMessage({ id, width, height, data }, [data.buffer]);
    } finally {
      images.dispose();
    }
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error) });
  }
});
