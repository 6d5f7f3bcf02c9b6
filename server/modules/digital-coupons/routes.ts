import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  confirmMatchResultSchema,
  confirmMatchSchema,
  couponAnalysisSchema,
  couponCreateSchema,
  couponListSchema,
  couponParams,
  couponPatchSchema,
  couponSchema,
  groupParams,
  shoppingMatchesSchema,
  voteBodySchema,
} from "../../../domain/coupons.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../routes/responses.js";
import { couponPhotoRoutes } from "./photo-routes.js";
import { analyzeGroupCoupons, confirmMatch, matchShoppingList } from "./analysis.js";
import { createCoupon, deleteCoupon, groupCoupons, patchCoupon, voteOnCoupon } from "./service.js";

const errors = errorResponses(400, 401, 403, 404);
const tags = ["coupons"];

/**
 * The digital-coupons module's API (docs/coupons.md): a group's coupons, for its current members
 * only; anyone else gets 404 as for a group that does not exist.
 */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = "/api/groups/:groupId/coupons";
  // In a scope of its own: its bodies are raw image bytes, not JSON.
  await app.register(couponPhotoRoutes);

  app.get(
    base,
    {
      ...signedIn,
      schema: {
        summary: "The group's coupons, soonest expiry first, with status, votes, the caller's vote and days left",
        tags,
        params: groupParams,
        response: { 200: couponListSchema, ...errors },
      },
    },
    async (request) => groupCoupons(app.deps, requireUser(request), request.params.groupId),
  );

  app.post(
    base,
    {
      ...signedIn,
      schema: {
        summary: "Adds a coupon to the group",
        tags,
        params: groupParams,
        body: couponCreateSchema,
        response: { 201: couponSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCoupon(app.deps, requireUser(request), request.params.groupId, request.body)),
  );

  app.patch(
    `${base}/:couponId`,
    {
      ...signedIn,
      schema: {
        summary: "Changes a coupon (its creator or the group's owner)",
        tags,
        params: couponParams,
        body: couponPatchSchema,
        response: { 200: couponSchema, ...errors },
      },
    },
    async (request) =>
      patchCoupon(app.deps, requireUser(request), request.params.groupId, request.params.couponId, request.body),
  );

  app.delete(
    `${base}/:couponId`,
    {
      ...signedIn,
      schema: {
        summary: "Deletes a coupon (its creator or the group's owner)",
        tags,
        params: couponParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteCoupon(app.deps, requireUser(request), request.params.groupId, request.params.couponId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${base}/:couponId/vote`,
    {
      ...signedIn,
      schema: {
        summary: "Sets the caller's vote on a coupon: worked, didnt_work, expired or used",
        tags,
        params: couponParams,
        body: voteBodySchema,
        response: { 200: couponSchema, ...errors },
      },
    },
    async (request) =>
      voteOnCoupon(app.deps, requireUser(request), request.params.groupId, request.params.couponId, request.body.vote),
  );

  app.delete(
    `${base}/:couponId/vote`,
    {
      ...signedIn,
      schema: {
        summary: "Removes the caller's vote on a coupon",
        tags,
        params: couponParams,
        response: { 200: couponSchema, ...errors },
      },
    },
    async (request) =>
      voteOnCoupon(app.deps, requireUser(request), request.params.groupId, request.params.couponId, null),
  );

  app.get(
    "/api/groups/:groupId/coupon-analysis",
    {
      ...signedIn,
      schema: {
        summary: "Savings by month and store, value of active coupons, what expires soon or went unused",
        tags,
        params: groupParams,
        response: { 200: couponAnalysisSchema, ...errors },
      },
    },
    async (request) => analyzeGroupCoupons(app.deps, requireUser(request), request.params.groupId),
  );

  app.post(
    "/api/groups/:groupId/coupon-analysis/match-shopping-list",
    {
      ...signedIn,
      schema: {
        summary: "For each open item of the group's shopping list, the active coupons that fit it",
        tags,
        params: groupParams,
        response: { 200: shoppingMatchesSchema, ...errors },
      },
    },
    async (request) => matchShoppingList(app.deps, requireUser(request), request.params.groupId),
  );

  app.post(
    "/api/groups/:groupId/coupon-analysis/match-shopping-list/confirm",
    {
      ...signedIn,
      schema: {
        summary: "Remembers whether a coupon fits an item of the shopping list",
        tags,
        params: groupParams,
        body: confirmMatchSchema,
        response: { 200: confirmMatchResultSchema, ...errors },
      },
    },
    async (request) => confirmMatch(app.deps, requireUser(request), request.params.groupId, request.body),
  );
};
