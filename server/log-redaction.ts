import type { FastifyRequest } from "fastify";

/**
 * What the request log keeps of an address. Some addresses are credentials: a calendar feed's
 * (the secret is the path, polled by calendar apps every few hours) and an emailed link's
 * `?token=` (verify, reset, unsubscribe), and the `?code=` and `?state=` Google sends back with
 * (docs/calendar.md, "Google Calendar"). Logs travel further than the database, which keeps
 * only their hashes, so the log keeps neither (docs/calendar.md).
 */
const FEED_PATH = /^(\/api\/calendar\/feed\/)[^/?#]+/;
const TOKEN_PARAM = /([?&](?:token|code|state)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(FEED_PATH, "$1[redacted]").replace(TOKEN_PARAM, "$1[redacted]");
}

/** Fastify's own request serializer, with the address redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
