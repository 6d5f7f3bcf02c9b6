import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { storableText } from "../../../domain/fields.js";
import {
  categorySchema,
  createCategorySchema,
  reorderCategoriesSchema,
  updateCategorySchema,
} from "../../../domain/categories.js";
import { operationIdQuerySchema } from "../../../domain/operation-id.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../routes/responses.js";
import { listCategories } from "../../services/tasks/categories.js";
import { addCategory, cleanUpCategories, deleteCategory, reorderCategories, updateCategory } from "./service.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const groupParams = z.object({ groupId: storableText().min(1).max(100) });
const categoryParams = groupParams.extend({ categoryId: storableText().min(1).max(100) });
const tags = ["categories"];

/** The task-categories module's API: a group's categories (spec share-category is `PATCH {shared}`; docs/api.md). */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/groups/:groupId/categories",
    {
      ...signedIn,
      schema: {
        summary: "A group's categories, in order",
        tags,
        params: groupParams,
        response: { 200: z.array(categorySchema), ...errors },
      },
    },
    async (request) => listCategories(app.deps, requireUser(request), request.params.groupId),
  );

  app.post(
    "/api/groups/:groupId/categories",
    {
      ...signedIn,
      schema: {
        summary: "Adds a category; its id comes from the name",
        tags,
        params: groupParams,
        body: createCategorySchema,
        response: { 201: categorySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addCategory(app.deps, requireUser(request), request.params.groupId, request.body)),
  );

  app.put(
    "/api/groups/:groupId/categories/order",
    {
      ...signedIn,
      schema: {
        summary: "Puts the categories in this order (every id once)",
        tags,
        params: groupParams,
        body: reorderCategoriesSchema,
        response: { 200: z.array(categorySchema), ...errors },
      },
    },
    async (request) =>
      reorderCategories(
        app.deps,
        requireUser(request),
        request.params.groupId,
        request.body.ids,
        request.body.operationId,
      ),
  );

  app.patch(
    "/api/groups/:groupId/categories/:categoryId",
    {
      ...signedIn,
      schema: {
        summary: "Renames a category, or changes its colour, icon or sharing",
        tags,
        params: categoryParams,
        body: updateCategorySchema,
        response: { 200: categorySchema, ...errors },
      },
    },
    async (request) =>
      updateCategory(app.deps, requireUser(request), request.params.groupId, request.params.categoryId, request.body),
  );

  app.delete(
    "/api/groups/:groupId/categories/:categoryId",
    {
      ...signedIn,
      schema: {
        summary: "Deletes a category; its tasks move to Other Tasks",
        tags,
        params: categoryParams,
        querystring: operationIdQuerySchema,
        response: { 200: z.object({ movedTasks: z.number().int() }), ...errors },
      },
    },
    async (request) =>
      deleteCategory(
        app.deps,
        requireUser(request),
        request.params.groupId,
        request.params.categoryId,
        request.query.operationId,
      ),
  );

  app.post(
    "/api/groups/:groupId/categories/cleanup",
    {
      ...signedIn,
      schema: {
        summary: "Moves tasks of problematic or missing categories to Other Tasks and deletes problematic categories",
        tags,
        params: groupParams,
        response: {
          200: z.object({ migratedTasks: z.number().int(), removedCategories: z.number().int() }),
          ...errors,
        },
      },
    },
    async (request) => cleanUpCategories(app.deps, requireUser(request), request.params.groupId),
  );
};
