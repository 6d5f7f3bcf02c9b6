import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../domain/api-error.js";
import { contactMessageSchema, contactMessageViewSchema } from "../../../domain/contact.js";
import { MESSAGES } from "../../../domain/errors.js";
import { NotFoundError } from "../../errors.js";
import { requireUser } from "../../plugins/authentication.js";
import { sharedLimit } from "../../plugins/rate-limits.js";
import { isInstanceAdmin } from "../../policies/instance.js";
import { listContactMessages, receiveContactMessage } from "../../services/site/contact.js";

/** Messages a person may send per address in the window: enough for a correction, not for spam. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };

/** Spec "contact": the contact form (anyone) and its messages (instance admins). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/contact",
    {
      // Counted for all server processes together (plugins/rate-limits.ts).
      config: { rateLimit: sharedLimit("contact", CONTACT_RATE_LIMIT) },
      bodyLimit: 16 * 1024,
      schema: {
        summary: "Sends a message to the operator of this instance (the contact form)",
        tags: ["contact"],
        body: contactMessageSchema,
        response: { 202: z.object({ received: z.literal(true) }), 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await receiveContactMessage(app.deps, request.body, request.auth?.user ?? null);
      return reply.status(202).send({ received: true });
    },
  );

  app.get(
    "/api/admin/contact-messages",
    {
      config: { auth: "user" },
      schema: {
        summary: "Messages sent with the contact form, newest first (instance admins only)",
        tags: ["admin"],
        response: { 200: z.array(contactMessageViewSchema), 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Other people's messages and addresses: everyone but an admin is told there is nothing here.
      if (!isInstanceAdmin(requireUser(request))) throw new NotFoundError(MESSAGES.notFoundRoute);
      reply.header("cache-control", "no-store");
      return listContactMessages(app.deps);
    },
  );
};
