import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../domain/api-error.js";
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
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  previewGroupDeletion,
  removeMember,
  renameGroup,
  transferOwnership,
} from "../../services/groups.js";
import { invite, listGroupInvitations } from "../../services/invitations.js";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const groupParams = z.object({ groupId: z.string().min(1).max(100) });
const memberParams = groupParams.extend({ userId: z.string().min(1).max(100) });
const tags = ["groups"];

/** Groups (spec create-group, group/{groupId}, user-groups, delete-group, remove-member, transfer-group-ownership, invite-*). */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const user = { config: { auth: "user" as const } };

  app.get(
    "/api/groups",
    {
      ...user,
      schema: { summary: "Your groups, personal first", tags, response: { 200: z.array(groupSchema), ...errors } },
    },
    async (request) => listGroups(app.deps, requireUser(request)),
  );

  app.post(
    "/api/groups",
    {
      ...user,
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
      ...user,
      schema: { summary: "One of your groups", tags, params: groupParams, response: { 200: groupSchema, ...errors } },
    },
    async (request) => getGroup(app.deps, requireUser(request), request.params.groupId),
  );

  app.patch(
    "/api/groups/:groupId",
    {
      ...user,
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
      ...user,
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
      ...user,
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
      ...user,
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
      ...user,
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
      ...user,
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
      ...user,
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
