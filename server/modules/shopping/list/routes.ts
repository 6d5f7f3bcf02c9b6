import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  checkOffSchema,
  correctionSchema,
  dismissSchema,
  groupParams,
  organizedListSchema,
  organizeInputSchema,
  pinSchema,
  shoppingStateSchema,
  storeInputSchema,
  storeParams,
  storeSchema,
  suggestionsSchema,
} from "../../../../domain/shopping/list.js";
import { requireUser } from "../../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../../routes/responses.js";
import {
  addStore,
  checkOff,
  correctAisle,
  dismissSuggestion,
  organize,
  pinItem,
  removeStore,
  renameStore,
  shoppingState,
  suggestions,
} from "./service.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ["shopping"];
const at = "/api/groups/:groupId/shopping";

/** The shopping list's API (docs/shopping.md), inside the module's guard. */
export const shoppingListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    at,
    {
      ...signedIn,
      schema: {
        summary: "The group's stores with their learned order and its aisle corrections: what sorting needs",
        tags,
        params: groupParams,
        response: { 200: shoppingStateSchema, ...errors },
      },
    },
    async (request) => shoppingState(app.deps, requireUser(request), request.params.groupId),
  );

  app.post(
    `${at}/organize`,
    {
      ...signedIn,
      schema: {
        summary: "organize-shopping-list: the open items with their aisles, in the store's walking order",
        tags,
        params: groupParams,
        body: organizeInputSchema,
        response: { 200: organizedListSchema, ...errors },
      },
    },
    async (request) => organize(app.deps, requireUser(request), request.params.groupId, request.body.storeId ?? null),
  );

  app.post(
    `${at}/stores`,
    {
      ...signedIn,
      schema: {
        summary: "Add a store",
        tags,
        params: groupParams,
        body: storeInputSchema,
        response: { 201: storeSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addStore(app.deps, requireUser(request), request.params.groupId, request.body.name)),
  );

  app.patch(
    `${at}/stores/:storeId`,
    {
      ...signedIn,
      schema: {
        summary: "Rename a store",
        tags,
        params: storeParams,
        body: storeInputSchema,
        response: { 200: storeSchema, ...errors },
      },
    },
    async (request) =>
      renameStore(app.deps, requireUser(request), request.params.groupId, request.params.storeId, request.body.name),
  );

  app.delete(
    `${at}/stores/:storeId`,
    {
      ...signedIn,
      schema: {
        summary: "Remove a store with its learned order",
        tags,
        params: storeParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeStore(app.deps, requireUser(request), request.params.groupId, request.params.storeId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${at}/stores/:storeId/pins`,
    {
      ...signedIn,
      schema: {
        summary: "Pin an item to a place in the store's walk (a drag), or unpin it",
        tags,
        params: storeParams,
        body: pinSchema,
        response: { 200: storeSchema, ...errors },
      },
    },
    async (request) =>
      pinItem(app.deps, requireUser(request), request.params.groupId, request.params.storeId, request.body),
  );

  app.post(
    `${at}/check-offs`,
    {
      ...signedIn,
      schema: {
        summary: "An item checked off at a store, at the moment it was tapped: the store's order learns from it",
        tags,
        params: groupParams,
        body: checkOffSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await checkOff(app.deps, requireUser(request), request.params.groupId, request.body);
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${at}/aisles`,
    {
      ...signedIn,
      schema: {
        summary: "A member's aisle for an item, for the whole group (null forgets it)",
        tags,
        params: groupParams,
        body: correctionSchema,
        response: { 200: z.object({ key: z.string() }), ...errors },
      },
    },
    async (request) => correctAisle(app.deps, requireUser(request), request.params.groupId, request.body),
  );

  app.get(
    `${at}/suggestions`,
    {
      ...signedIn,
      schema: {
        summary:
          "shopping-suggestions: items due again, bought together, or needed for planned meals, each with its reason",
        tags,
        params: groupParams,
        response: { 200: suggestionsSchema, ...errors },
      },
    },
    async (request) => suggestions(app.deps, requireUser(request), request.params.groupId),
  );

  app.post(
    `${at}/suggestions/dismiss`,
    {
      ...signedIn,
      schema: {
        summary: "Not this one: not suggested again until it is bought again",
        tags,
        params: groupParams,
        body: dismissSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await dismissSuggestion(app.deps, requireUser(request), request.params.groupId, request.body.key);
      return reply.code(204).send(null);
    },
  );
};
