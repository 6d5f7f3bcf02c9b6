import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clientErrorReportSchema } from "../../../domain/client-error.js";
import { apiErrorSchema } from "../../../domain/api-error.js";
import { recordClientError } from "../../services/site/client-errors.js";

/** POST /api/log-error: the web app's error boundary reports what broke, for the operator. */
export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/log-error",
    {
      // Anyone can reach this before signing in, so it gets a tight limit of its own.
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      bodyLimit: 32 * 1024,
      schema: {
        summary: "Report an error the web app could not handle",
        tags: ["errors"],
        body: clientErrorReportSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await recordClientError(app.deps, request.body, request.headers["user-agent"]);
      return reply.status(204).send(null);
    },
  );
};
