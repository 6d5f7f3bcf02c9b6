import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export type ContentEncoding = "br" | "gzip";

/**
 * Below this an answer and its headers fit one TCP segment (about 1,460 bytes) anyway: compressing
 * would save neither a packet nor a round trip (docs/benchmarks.md, "Compressed API answers").
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * How hard to compress. An answer made per request is compressed while its client waits:
 * Brotli 1 and gzip 1 cost a fifth to a third of Brotli 4 and gzip 6 and come within 10% of their
 * size on our JSON, so they save more time than they take on any link under about 100 Mbit/s
 * (docs/benchmarks.md). An answer kept and sent many times (a remembered task list) is
 * compressed once: there the denser Brotli 4 and gzip 6 pay.
 */
export type CompressionEffort = "per-request" | "kept";
const LEVELS: Record<CompressionEffort, { br: number; gzip: number }> = {
  "per-request": { br: 1, gzip: 1 },
  kept: { br: 4, gzip: 6 },
};

/** What the client takes, best first: Brotli, then gzip. */
export function acceptedEncoding(request: FastifyRequest | null): ContentEncoding | null {
  const accepts = String(request?.headers["accept-encoding"] ?? "");
  if (accepts === "") return null;
  const weights = new Map<string, number>();
  for (const entry of accepts.split(",")) {
    const [name = "", ...parameters] = entry.trim().toLowerCase().split(";");
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  // "gzip;q=0" refuses gzip; "*" stands for any coding not named.
  const takes = (name: ContentEncoding) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  if (takes("br")) return "br";
  if (takes("gzip")) return "gzip";
  return null;
}

export function compress(text: string, encoding: ContentEncoding, effort: CompressionEffort = "per-request"): Buffer {
  return encoding === "br"
    ? zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: LEVELS[effort].br } })
    : zlib.gzipSync(text, { level: LEVELS[effort].gzip });
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

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/i;

/**
 * Every JSON answer of the API at or over the threshold goes out compressed when the client takes
 * it (docs/benchmarks.md, "Compressed API answers", has the figures behind the threshold and the
 * levels). Only text Fastify serialised: an answer already encoded (the remembered task lists),
 * a stream or a buffer (a backup download, an avatar) is left as it is, and so is anything that is
 * not JSON (an event stream must reach the client as it is written). WebSocket upgrades never
 * reach onSend.
 */
export function registerApiCompression(app: FastifyInstance): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (typeof payload !== "string" || !request.url.startsWith("/api/") || reply.hasHeader("content-encoding")) {
      done(null, payload);
      return;
    }
    if (
      payload.length < COMPRESSION_THRESHOLD_BYTES ||
      !JSON_TYPE.test(String(reply.getHeader("content-type") ?? ""))
    ) {
      done(null, payload);
      return;
    }
    reply.header("vary", "accept-encoding");
    const encoding = acceptedEncoding(request);
    if (encoding === null) {
      done(null, payload);
      return;
    }
    reply.header("content-encoding", encoding);
    // Fastify set no length yet for a string, but a route may have: it would now be wrong.
    reply.removeHeader("content-length");
    done(null, compress(payload, encoding));
  });
}
