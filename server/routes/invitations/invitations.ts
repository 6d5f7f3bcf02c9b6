import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { storableText } from "../../../domain/fields.js";
import { invitationListsSchema, invitationSchema, respondToInvitationSchema } from "../../../domain/groups.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../responses.js";
import { listInvitations, respondToInvitation, withdrawInvitation } from "../../services/groups/invitations.js";

const errors = errorResponses(400, 401, 403, 404, 409, 410);
const params = z.object({ invitationId: storableText().min(1).max(100) });
const tags = ["invitations"];

/** Invitations (spec my-invites, pending-invites, respond-to-invite, DELETE invitation). */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/invitations",
    {
      ...signedIn,
      schema: {
        summary: "Invitations to your confirmed address, and those you sent",
        tags,
        response: { 200: invitationListsSchema, ...errors },
      },
    },
    async (request) => listInvitations(app.deps, requireUser(request)),
  );

  app.post(
    "/api/invitations/:invitationId/respond",
    {
      ...signedIn,
      schema: {
        summary: "Accepts or declines an invitation to your confirmed address",
        tags,
        params,
        body: respondToInvitationSchema,
        response: { 200: invitationSchema, ...errors },
      },
    },
    async (request) =>
      respondToInvitation(app.deps, requireUser(request), request.params.invitationId, request.body.accept),
  );

  app.delete(
    "/api/invitations/:invitationId",
    {
      ...signedIn,
      schema: {
        summary: "Withdraws a pending invitation (its sender or the group owner)",
        tags,
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await withdrawInvitation(app.deps, requireUser(request), request.params.invitationId);
      return reply.status(204).send(null);
    },
  );
};
