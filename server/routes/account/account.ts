import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { storableText } from "../../../domain/fields.js";
import {
  deleteAccountSchema,
  SIGN_IN_AGAIN_TO_DELETE,
  deletionPreviewSchema,
  linkedSignInSchema,
  sessionInfoSchema,
} from "../../../domain/account.js";
import { apiErrorSchema } from "../../../domain/api-error.js";
import { ForbiddenError } from "../../errors.js";
import { hasRecentSignIn, mayDeleteAccount } from "../../policies/account.js";
import { clearSessionCookie, requireUser } from "../../plugins/authentication.js";
import { presentLinkedSignIn, presentSession } from "../../presenters/account.js";
import { deleteAccount, previewAccountDeletion } from "../../services/accounts/account-deleter.js";
import type { Issuers } from "../../services/sign-in/issuers.js";
import { listSessions, revokeSession } from "../../services/sign-in/sessions.js";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The account itself: where it signs in, its signed-in browsers, and deleting it. */
export function accountRoutes(issuers: Issuers): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/account/sign-in",
      {
        config: { auth: "user" },
        schema: {
          summary: "The identity this account signs in with",
          tags: ["account"],
          response: { 200: linkedSignInSchema, ...errors },
        },
      },
      async (request) => presentLinkedSignIn(requireUser(request), issuers),
    );

    app.get(
      "/api/sessions",
      {
        config: { auth: "user" },
        schema: {
          summary: "Browsers signed in to your account",
          tags: ["account"],
          response: { 200: z.array(sessionInfoSchema), ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const current = request.auth?.via === "session" ? request.auth.sessionIdHash : null;
        return (await listSessions(app.deps, user.id)).map((row) => presentSession(row, current, issuers));
      },
    );

    app.delete(
      "/api/sessions/:id",
      {
        config: { auth: "user" },
        schema: {
          summary: "Signs a browser out (it needs to sign in again)",
          tags: ["account"],
          params: z.object({ id: storableText().max(100) }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await revokeSession(app.deps, requireUser(request).id, request.params.id);
        if (request.auth?.via === "session" && request.auth.sessionIdHash === request.params.id)
          clearSessionCookie(reply, app.deps.config.https);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/api/account/deletion-preview",
      {
        config: { auth: "user" },
        schema: {
          summary: "What deleting your account would remove and which groups pass to whom",
          tags: ["account"],
          response: { 200: deletionPreviewSchema, ...errors },
        },
      },
      async (request) => previewAccountDeletion(app.deps, requireUser(request), hasRecentSignIn(request.auth!)),
    );

    app.delete(
      "/api/account",
      // Only from a browser signed in minutes ago (policies/account.ts).
      {
        config: { auth: "session" },
        schema: {
          summary: "Deletes your account and its data (spec delete-account); ends every session",
          tags: ["account"],
          body: deleteAccountSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        if (!mayDeleteAccount(request.auth!)) throw new ForbiddenError(SIGN_IN_AGAIN_TO_DELETE);
        await deleteAccount(app.deps, user);
        clearSessionCookie(reply, app.deps.config.https);
        return reply.status(204).send(null);
      },
    );
  };
}
