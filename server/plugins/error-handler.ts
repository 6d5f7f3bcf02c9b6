import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { type ApiError, ERROR_STATUS, type ErrorCode, MESSAGES } from "../../domain/errors.js";
import { AppError } from "../errors.js";
import { databaseFailure } from "../db/availability.js";
import { sendDatabaseUnavailable } from "./database-unavailable.js";

function send(reply: FastifyReply, code: ErrorCode, message: string, status = ERROR_STATUS[code]) {
  const body: ApiError = { error: { code, message } };
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

/** "body.message: Too big" style: the field is named so a client knows what to fix. */
function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? "request";
    return error.validation
      .map((issue) => {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        return `${context}${field ? `.${field}` : ""}: ${issue.message}`;
      })
      .join("; ");
  }
  return error.message;
}

/**
 * The single mapping from thrown errors to HTTP answers. Unknown errors are logged with their stack
 * and answered with a generic message: a stack trace never reaches a client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return send(reply, error.code, error.message);
    if (error.validation) return send(reply, "validation_failed", describeValidation(error));

    switch (error.code) {
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        // An image upload gets "File too large"; other bodies the general message.
        return send(
          reply,
          "payload_too_large",
          request.headers["content-type"]?.startsWith("image/") ? MESSAGES.fileTooLarge : MESSAGES.payloadTooLarge,
        );
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return send(reply, "unsupported_media_type", "Unsupported content type.");
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
      case "FST_ERR_CTP_INVALID_JSON_BODY":
        return send(reply, "validation_failed", "The request body is not valid JSON.");
    }
    if (error.statusCode === 429) return send(reply, "rate_limited", MESSAGES.rateLimited);
    if (isForeignKeyViolation(error)) {
      // Something this request refers to was deleted meanwhile (a racing delete): nothing was written.
      return send(reply, "conflict", MESSAGES.changedMeanwhile);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, bad headers): their messages name the problem and hold no secrets.
      return send(reply, "validation_failed", error.message, error.statusCode);
    }

    // Every request fails alike while the database is gone: 503, and the outage is logged once.
    const unavailable = await databaseFailure(app.deps, error);
    if (unavailable) return sendDatabaseUnavailable(app, request, reply, error, unavailable);

    request.log.error({ err: error }, "unhandled error");
    return send(reply, "internal", MESSAGES.internal);
  });
}

/** SQLite's and PostgreSQL's codes for a row that refers to one that is gone. */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "SQLITE_CONSTRAINT_FOREIGNKEY" || code === "23503";
}
