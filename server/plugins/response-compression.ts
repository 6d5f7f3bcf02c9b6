import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

export type ContentEncoding = "br" | "gzip";

/** Below this, compressing saves less than the headers it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * What the client takes, best first: Brotli, then gzip. Quality is set for speed (Brotli 4,
 * gzip 6), because answers made per request are compressed while the client waits.
 */
export function acceptedEncoding(request: FastifyRequest | null): ContentEncoding | null {
  const accepts = String(request?.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepts)) return "br";
  if (/\bgzip\b/.test(accepts)) return "gzip";
  return null;
}

export function compress(text: string, encoding: ContentEncoding): Buffer {
  return encoding === "br"
    ? zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    : zlib.gzipSync(text, { level: 6 });
}

/**
 * Sends text compressed when the client accepts it and it is worth it. `encoded` may hand back a
 * copy compressed earlier (a remembered answer), so it is not compressed again.
 */
export function sendCompressed(
  request: FastifyRequest | null,
  reply: FastifyReply,
  text: string,
  encoded: (encoding: ContentEncoding) => Buffer = (encoding) => compress(text, encoding),
): FastifyReply {
  // The same address answers compressed or plain by Accept-Encoding: caches must key on it.
  reply.header("vary", "accept-encoding");
  const encoding = text.length >= COMPRESSION_THRESHOLD_BYTES ? acceptedEncoding(request) : null;
  if (encoding === null) return reply.send(text);
  return reply.header("content-encoding", encoding).send(encoded(encoding));
}
