import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { outboxPageSchema, outboxQuerySchema } from "../../../domain/account-email.js";
import { apiErrorSchema } from "../../../domain/api-error.js";
import { MESSAGES } from "../../../domain/errors.js";
import { NotFoundError } from "../../errors.js";
import { requireUser } from "../../plugins/authentication.js";
import { canReadOutbox } from "../../policies/outbox.js";
import { readOutboxPage } from "../../services/mail/outbox.js";

/** The local outbox (email kept when no SMTP server is configured), for instance admins. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/outbox",
    {
      config: { auth: "user" },
      schema: {
        summary: "Emails kept in the local outbox, newest first (instance admins only)",
        tags: ["admin"],
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!canReadOutbox(requireUser(request))) throw new NotFoundError(MESSAGES.notFoundRoute);
      const page = await readOutboxPage(app.deps, request.query);
      reply.header("cache-control", "no-store");
      return page;
    },
  );
};
