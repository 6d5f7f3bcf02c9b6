import http from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from "fastify";
import { type ApiError, type ErrorCode, MESSAGES } from "../../domain/errors.js";
import type { Config } from "../env.js";
import { apiSecurityHeaders } from "./security-headers.js";

type ConnectionError = Parameters<NonNullable<FastifyServerOptions["clientErrorHandler"]>>[0];

function errorBody(code: ErrorCode, message: string): string {
  return JSON.stringify({ error: { code, message } } satisfies ApiError);
}

/**
 * The answers given before any route, hook or error handler runs, in the shape of every other
 * error answer ({error:{code,message}}) instead of Fastify's and Node's own:
 *
 * - `frameworkErrors`: the router could not read the path: a malformed %-escape (400), or a
 *   path parameter longer than the router's maxParamLength, 100 (414). Pages get the same
 *   answer: the app never makes such an address, so there is no page to show for it.
 * - `clientErrorHandler`: Node's HTTP parser refused the request before Fastify saw it: request
 *   line and headers over Node's 16 KiB (431), a request that took too long to arrive (408),
 *   anything that is not HTTP (400). Only the socket is left, so the answer is written by hand,
 *   as Fastify's default handler does, and the connection closed.
 *
 * Validation, bad JSON, unknown routes and bodies over the limit are answered by
 * error-handler.ts and web-app.ts's not-found handler, as usual.
 */
export function frameworkErrorOptions(
  config: Config,
): Pick<FastifyServerOptions, "frameworkErrors" | "clientErrorHandler"> {
  const headers = apiSecurityHeaders(config);

  return {
    frameworkErrors(error, request, reply) {
      let status = 400;
      let body = errorBody("validation_failed", "The address is not valid: it has a malformed %-escape.");
      if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
        status = 414;
        body = errorBody("validation_failed", "The address is too long.");
      } else if (error.code !== "FST_ERR_BAD_URL") {
        // FST_ERR_ASYNC_CONSTRAINT: no route uses one; should one fail, it is ours to fix.
        request.log.error({ err: error }, "unhandled framework error");
        status = 500;
        body = errorBody("internal", MESSAGES.internal);
      }
      // The option's reply type is generic over every route's schemas; this answer belongs to none.
      const answer = reply as unknown as FastifyReply;
      void answer.status(status).headers(headers).type("application/json; charset=utf-8").send(body);
    },

    clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
      // A connection reset leaves no one to answer (Node's documentation of 'clientError').
      if (error.code === "ECONNRESET" || socket.destroyed) return;
      let status = 400;
      let message = "The request is not valid HTTP.";
      if (error.code === "HPE_HEADER_OVERFLOW") {
        status = 431;
        message = "The request's address or headers are too large.";
      } else if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
        status = 408;
        message = "The request took too long to arrive.";
      }
      this.log.debug({ err: error }, "refused a request Node could not parse");
      if (socket.writable) {
        const body = errorBody("validation_failed", message);
        const lines = [
          `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
          ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
          "content-type: application/json; charset=utf-8",
          `content-length: ${Buffer.byteLength(body)}`,
          "connection: close",
        ];
        socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
      }
      socket.destroy(error);
    },
  };
}
