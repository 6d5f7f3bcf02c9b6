import type { FastifyReply, FastifyRequest } from "fastify";
import { sendCompressed } from "../plugins/response-compression.js";
import type { JsonAnswer } from "../services/tasks/task-list-cache.js";
import { apiErrorSchema } from "../../domain/api-error.js";

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 503;

/** The error answers a route documents, each with the one error body: `errorResponses(400, 404)`. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

/** Route options of an endpoint that needs a signed-in caller (session or API token). */
export const signedIn = { config: { auth: "user" as const } };

/**
 * Route options of the hot task answers, which a presenter builds field by field in the schema's
 * order (server/presenters/task.ts; errors come from the error handler, also exact): sent with
 * JSON.stringify as they are. The schema still documents them; zod walking every field of every
 * answer on the way out cost about a tenth of a task read.
 */
export const presentedExactly = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/**
 * Sends JSON text made earlier by the route's own response schema (a remembered answer) as it is,
 * compressed when the client takes it: Fastify serialises only objects, so a body with a JSON
 * content type goes out untouched. The type provider types `send` by the schema's object shape,
 * hence the one cast here.
 */
export function sendJsonAnswer(request: FastifyRequest, reply: FastifyReply, answer: JsonAnswer): FastifyReply {
  reply.type("application/json; charset=utf-8");
  return sendCompressed(request, reply as FastifyReply, answer.json, (encoding) => answer.encoded(encoding));
}
