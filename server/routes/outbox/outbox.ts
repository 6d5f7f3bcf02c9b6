import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { outboxPageSchema, outboxQuerySchema } from "../../../domain/account-email.js";
import { apiErrorSchema } from "../../../domain/api-error.js";
import { MESSAGES } from "../../../domain/errors.js";
import { NotFoundError, ValidationError } from "../../errors.js";
import { requireUser } from "../../plugins/authentication.js";
import { canReadOutbox } from "../../policies/outbox.js";
import { outboxCursor, parseOutboxCursor, presentOutboxMessage } from "../../presenters/outbox-message.js";

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
      const { limit, cursor } = request.query;
      const before = cursor === undefined ? undefined : parseOutboxCursor(cursor);
      if (cursor !== undefined && !before) throw new ValidationError("querystring.cursor: not a cursor of this list");
      // One more than asked tells whether an older page exists.
      const rows = await app.deps.repositories.outbox.listRecent(limit + 1, before);
      const page = rows.slice(0, limit);
      reply.header("cache-control", "no-store");
      return {
        delivery: app.deps.mailer.mode,
        messages: page.map(presentOutboxMessage),
        nextCursor: rows.length > limit ? outboxCursor(page[page.length - 1]!) : null,
      };
    },
  );
};
