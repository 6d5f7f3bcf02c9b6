import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { storableText } from "../../../domain/fields.js";
import { apiErrorSchema } from "../../../domain/api-error.js";
import { AVATAR_MAX_BYTES, profileSchema, publicProfileSchema, updateProfileSchema } from "../../../domain/profiles.js";
import { requireUser } from "../../plugins/authentication.js";
import { ensureUserSetup } from "../../services/accounts/user-setup.js";
import {
  getAvatar,
  getOwnProfile,
  getProfile,
  removeAvatar,
  setAvatar,
  updateProfile,
} from "../../services/accounts/profiles.js";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
};
const userParams = z.object({ userId: storableText().min(1).max(100) });

/** Profiles (spec profiles/{userId}), the avatar, and initial-user-setup. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Avatars arrive as the raw image; the service decides from the bytes, not this header, what they are.
  app.addContentTypeParser(/^image\//, { parseAs: "buffer", bodyLimit: AVATAR_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    "/api/initial-user-setup",
    {
      config: { auth: "user" },
      schema: {
        summary: "Creates whatever the caller's account is missing (runs at sign-in too); safe to repeat",
        tags: ["profiles"],
        response: { 200: z.object({ personalGroupId: z.string() }), ...errors },
      },
    },
    async (request) => ensureUserSetup(app.deps, requireUser(request)),
  );

  app.get(
    "/api/profile",
    {
      config: { auth: "user" },
      schema: { summary: "Your profile", tags: ["profiles"], response: { 200: profileSchema, ...errors } },
    },
    async (request) => getOwnProfile(app.deps, requireUser(request)),
  );

  app.patch(
    "/api/profile",
    {
      config: { auth: "user" },
      schema: {
        summary: "Changes your display name, time zone or language",
        tags: ["profiles"],
        body: updateProfileSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => updateProfile(app.deps, requireUser(request), request.body),
  );

  app.put(
    "/api/profile/avatar",
    {
      config: { auth: "user" },
      schema: {
        summary: "Sets your avatar: send a JPEG, PNG or WebP image as the body (at most 5 MB)",
        tags: ["profiles"],
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return setAvatar(app.deps, user, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
    },
  );

  app.delete(
    "/api/profile/avatar",
    {
      config: { auth: "user" },
      schema: { summary: "Removes your avatar", tags: ["profiles"], response: { 200: profileSchema, ...errors } },
    },
    async (request) => removeAvatar(app.deps, requireUser(request)),
  );

  app.get(
    "/api/profiles/:userId",
    {
      config: { auth: "user" },
      schema: {
        summary: "A profile: all of yours; name and avatar of members of a group you share",
        tags: ["profiles"],
        params: userParams,
        response: { 200: z.union([profileSchema, publicProfileSchema]), ...errors },
      },
    },
    async (request) => getProfile(app.deps, requireUser(request), request.params.userId),
  );

  app.get(
    "/api/profiles/:userId/avatar",
    {
      config: { auth: "user" },
      schema: {
        summary: "A profile's avatar image (WebP)",
        tags: ["profiles"],
        params: userParams,
        querystring: z.object({ v: storableText().max(20).optional() }),
      },
    },
    async (request, reply) => {
      const avatar = await getAvatar(app.deps, requireUser(request), request.params.userId);
      // The URL carries the version, so a cached copy is never stale; "private" keeps it out of shared caches.
      return reply
        .type(avatar.contentType)
        .header("cache-control", "private, max-age=31536000, immutable")
        .header("content-disposition", "inline")
        .send(avatar.data);
    },
  );
};
