import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { storableText } from "../../../domain/fields.js";
import { apiErrorSchema } from "../../../domain/api-error.js";
import { apiTokenSchema, createApiTokenSchema, createdApiTokenSchema } from "../../../domain/auth.js";
import { requireUser } from "../../plugins/authentication.js";
import { createApiToken, revokeApiToken } from "../../services/sign-in/api-tokens.js";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Personal API tokens: shown once when made, kept only as a hash, revocable at any time. */
export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/tokens",
    {
      config: { auth: "user" },
      schema: {
        summary: "Your API tokens (never their secret)",
        tags: ["tokens"],
        response: { 200: z.array(apiTokenSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rows = await app.deps.repositories.apiTokens.listForUser(user.id);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        scope: row.scope,
        createdAt: row.createdAt,
        lastUsedAt: row.lastUsedAt,
      }));
    },
  );

  app.post(
    "/api/tokens",
    // A leaked token must not be able to mint more tokens and outlive its own revocation.
    {
      config: { auth: "session" },
      schema: {
        summary: "Creates an API token; the secret is in this answer only",
        tags: ["tokens"],
        body: createApiTokenSchema,
        response: { 201: createdApiTokenSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const created = await createApiToken(app.deps, user.id, request.body.name, request.body.scope);
      return reply
        .status(201)
        .header("cache-control", "no-store")
        .send({ ...created, lastUsedAt: null });
    },
  );

  app.delete(
    "/api/tokens/:id",
    {
      config: { auth: "user" },
      schema: {
        summary: "Revokes an API token",
        tags: ["tokens"],
        params: z.object({ id: storableText().max(100) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeApiToken(app.deps, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
