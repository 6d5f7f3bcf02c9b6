import type { FastifyReply } from "fastify";
import { apiErrorSchema } from "../../domain/api-error.js";

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415;

/** The error answers a route documents, each with the one error body: `errorResponses(400, 404)`. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

/** Route options of an endpoint that needs a signed-in caller (session or API token). */
export const signedIn = { config: { auth: "user" as const } };

/**
 * Sends JSON text made earlier by the route's own response schema (a remembered answer) as it is:
 * Fastify serialises only objects, so a string with a JSON content type goes out untouched. The
 * type provider types `send` by the schema's object shape, hence the one cast here.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(json as never);
}
