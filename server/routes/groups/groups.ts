import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { storableText } from "../../../domain/fields.js";
import {
  createGroupSchema,
  createInvitationSchema,
  deleteGroupSchema,
  groupDeletionPreviewSchema,
  groupSchema,
  invitationSchema,
  transferOwnershipSchema,
  updateGroupSchema,
} from "../../../domain/groups.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../responses.js";
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  previewGroupDeletion,
  removeMember,
  renameGroup,
  transferOwnership,
} from "../../services/groups/groups.js";
import { invite, listGroupInvitations } from "../../services/groups/invitations.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const groupParams = z.object({ groupId: storableText().min(1).max(100) });
const memberParams = groupParams.extend({ userId: storableText().min(1).max(100) });
const tags = ["groups"];

/** Groups (spec create-group, group/{groupId}, user-groups, delete-group, remove-member, transfer-group-ownership, invite-*). */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/groups",
    {
      ...signedIn,
      schema: { summary: "Your groups, personal first", tags, response: { 200: z.array(groupSchema), ...errors } },
    },
    async (request) => listGroups(app.deps, requireUser(request)),
  );

  app.post(
    "/api/groups",
    {
      ...signedIn,
      schema: {
        summary: "Creates a family or team group you own",
        tags,
        body: createGroupSchema,
        response: { 201: groupSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createGroup(app.deps, requireUser(request), request.body)),
  );

  app.get(
    "/api/groups/:groupId",
    {
      ...signedIn,
      schema: { summary: "One of your groups", tags, params: groupParams, response: { 200: groupSchema, ...errors } },
    },
    async (request) => getGroup(app.deps, requireUser(request), request.params.groupId),
  );

  app.patch(
    "/api/groups/:groupId",
    {
      ...signedIn,
      schema: {
        summary: "Renames a group (owner)",
        tags,
        params: groupParams,
        body: updateGroupSchema,
        response: { 200: groupSchema, ...errors },
      },
    },
    async (request) => renameGroup(app.deps, requireUser(request), request.params.groupId, request.body.name),
  );

  app.get(
    "/api/groups/:groupId/deletion-preview",
    {
      ...signedIn,
      schema: {
        summary: "What deleting the group would remove (owner)",
        tags,
        params: groupParams,
        response: { 200: groupDeletionPreviewSchema, ...errors },
      },
    },
    async (request) => previewGroupDeletion(app.deps, requireUser(request), request.params.groupId),
  );

  app.delete(
    "/api/groups/:groupId",
    {
      ...signedIn,
      schema: {
        summary: "Deletes a shared group with its tasks and categories (owner)",
        tags,
        params: groupParams,
        body: deleteGroupSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteGroup(app.deps, requireUser(request), request.params.groupId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/api/groups/:groupId/members/:userId",
    {
      ...signedIn,
      schema: {
        summary: "Removes a member (owner), or leaves the group (your own id)",
        tags,
        params: memberParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeMember(app.deps, requireUser(request), request.params.groupId, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/groups/:groupId/transfer-ownership",
    {
      ...signedIn,
      schema: {
        summary: "Hands the group to another member (owner)",
        tags,
        params: groupParams,
        body: transferOwnershipSchema,
        response: { 200: groupSchema, ...errors },
      },
    },
    async (request) => transferOwnership(app.deps, requireUser(request), request.params.groupId, request.body.userId),
  );

  app.get(
    "/api/groups/:groupId/invitations",
    {
      ...signedIn,
      schema: {
        summary: "Pending invitations of a group",
        tags,
        params: groupParams,
        response: { 200: z.array(invitationSchema), ...errors },
      },
    },
    async (request) => listGroupInvitations(app.deps, requireUser(request), request.params.groupId),
  );

  app.post(
    "/api/groups/:groupId/invitations",
    {
      ...signedIn,
      schema: {
        summary: "Invites someone by email, or a user you share a group with (owner)",
        tags,
        params: groupParams,
        body: createInvitationSchema,
        response: { 201: invitationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invite(app.deps, requireUser(request), request.params.groupId, request.body)),
  );
};
