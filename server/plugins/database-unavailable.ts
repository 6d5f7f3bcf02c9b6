import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ApiError, MESSAGES } from "../../domain/errors.js";
import { escapeHtml } from "../../domain/html.js";
import type { DatabaseUnavailability } from "../db/availability.js";

/** Seconds a client should wait before trying again; the outage probe looks every second. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to a request that failed because the database could not serve it: 503 with
 * Retry-After, which the offline queue and any HTTP client read as "try again later" rather than
 * as a fault of the request. A browser opening a page gets a small page that reloads itself (the
 * service worker shows its offline copy instead where it has one: web/sw.ts); everything else
 * gets the API's error body.
 */
export function sendDatabaseUnavailable(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  why: DatabaseUnavailability,
): FastifyReply {
  if (why === "unreachable") app.deps.outage.unreachable(error);
  // A lock held by another process past busy_timeout is not an outage; no stack, it is not a bug.
  else request.log.warn({ code: (error as { code?: unknown }).code }, "database busy; answered 503");
  const message = why === "unreachable" ? MESSAGES.databaseDown : MESSAGES.databaseBusy;
  reply.status(503).header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS)).header("cache-control", "no-store");
  if (isPageRequest(request)) {
    return reply.type("text/html; charset=utf-8").send(unavailablePage(message));
  }
  const body: ApiError = { error: { code: "service_unavailable", message } };
  return reply.type("application/json; charset=utf-8").send(body);
}

function isPageRequest(request: FastifyRequest): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !request.url.startsWith("/api/") &&
    !request.url.startsWith("/oidc/") &&
    (request.headers.accept ?? "").includes("text/html")
  );
}

function unavailablePage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${DATABASE_RETRY_AFTER_SECONDS * 2}">
<meta name="robots" content="noindex">
<title>Temporarily unavailable</title>
</head>
<body>
<h1>Temporarily unavailable</h1>
<p>${escapeHtml(message)} This page tries again by itself in a few seconds.</p>
</body>
</html>
`;
}
