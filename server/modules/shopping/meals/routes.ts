import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addMissingResultSchema,
  addMissingSchema,
  groupParams,
  IMPORT_BODY_LIMIT,
  importedRecipeSchema,
  importRequestSchema,
  mealChangeSchema,
  mealInputSchema,
  mealParams,
  mealSchema,
  recipeInputSchema,
  recipeParams,
  recipeSchema,
  recipesSchema,
  suggestionsQuerySchema,
  suggestionsSchema,
  weekPlanSchema,
  weekQuerySchema,
} from "../../../../domain/meals/meals.js";
import { requireUser } from "../../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../../routes/responses.js";
import {
  addMeal,
  changeMeal,
  createRecipe,
  deleteRecipe,
  getRecipe,
  getWeek,
  importRecipeText,
  listRecipes,
  removeMeal,
  suggestMeals,
  updateRecipe,
} from "./service.js";
import { addMissingIngredients } from "./shopping-list.js";

const errors = errorResponses(400, 401, 403, 404);
const tags = ["meals"];
const empty = z.null();

/**
 * The meal planner's API (docs/shopping.md, "Meals"; docs/api.md): a group's recipes, its week of
 * meals, the missing ingredients to the shopping list and the meal suggestions. Members only:
 * anyone else gets 404 as for a missing group.
 */
export const mealsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = "/api/groups/:groupId";

  app.get(
    `${base}/recipes`,
    {
      ...signedIn,
      schema: {
        summary: "The group's recipes, by name",
        tags,
        params: groupParams,
        response: { 200: recipesSchema, ...errors },
      },
    },
    async (request) => listRecipes(app.deps, requireUser(request), request.params.groupId),
  );

  app.post(
    `${base}/recipes`,
    {
      ...signedIn,
      schema: {
        summary: "Adds a recipe",
        tags,
        params: groupParams,
        body: recipeInputSchema,
        response: { 201: recipeSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRecipe(app.deps, requireUser(request), request.params.groupId, request.body)),
  );

  app.post(
    `${base}/recipes/import`,
    {
      ...signedIn,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        summary: "Reads a recipe from a pasted page's HTML or its schema.org JSON-LD; not saved",
        tags,
        params: groupParams,
        body: importRequestSchema,
        response: { 200: importedRecipeSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => importRecipeText(app.deps, requireUser(request), request.params.groupId, request.body.text),
  );

  app.get(
    `${base}/recipes/:recipeId`,
    {
      ...signedIn,
      schema: { summary: "One recipe", tags, params: recipeParams, response: { 200: recipeSchema, ...errors } },
    },
    async (request) => getRecipe(app.deps, requireUser(request), request.params.groupId, request.params.recipeId),
  );

  app.put(
    `${base}/recipes/:recipeId`,
    {
      ...signedIn,
      schema: {
        summary: "Replaces a recipe's fields",
        tags,
        params: recipeParams,
        body: recipeInputSchema,
        response: { 200: recipeSchema, ...errors },
      },
    },
    async (request) =>
      updateRecipe(app.deps, requireUser(request), request.params.groupId, request.params.recipeId, request.body),
  );

  app.delete(
    `${base}/recipes/:recipeId`,
    {
      ...signedIn,
      schema: {
        summary: "Deletes a recipe; its planned meals keep its name",
        tags,
        params: recipeParams,
        response: { 204: empty, ...errors },
      },
    },
    async (request, reply) => {
      await deleteRecipe(app.deps, requireUser(request), request.params.groupId, request.params.recipeId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${base}/meal-plan`,
    {
      ...signedIn,
      schema: {
        summary: "The meals of the week (Monday to Sunday) holding a day",
        tags,
        params: groupParams,
        querystring: weekQuerySchema,
        response: { 200: weekPlanSchema, ...errors },
      },
    },
    async (request) => getWeek(app.deps, requireUser(request), request.params.groupId, request.query.week),
  );

  app.post(
    `${base}/meal-plan/meals`,
    {
      ...signedIn,
      schema: {
        summary: "Plans a meal on a day",
        tags,
        params: groupParams,
        body: mealInputSchema,
        response: { 201: mealSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addMeal(app.deps, requireUser(request), request.params.groupId, request.body)),
  );

  app.patch(
    `${base}/meal-plan/meals/:mealId`,
    {
      ...signedIn,
      schema: {
        summary: "Moves a meal to another day or changes it",
        tags,
        params: mealParams,
        body: mealChangeSchema,
        response: { 200: mealSchema, ...errors },
      },
    },
    async (request) =>
      changeMeal(app.deps, requireUser(request), request.params.groupId, request.params.mealId, request.body),
  );

  app.delete(
    `${base}/meal-plan/meals/:mealId`,
    {
      ...signedIn,
      schema: { summary: "Removes a planned meal", tags, params: mealParams, response: { 204: empty, ...errors } },
    },
    async (request, reply) => {
      await removeMeal(app.deps, requireUser(request), request.params.groupId, request.params.mealId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/meal-plan/add-missing`,
    {
      ...signedIn,
      schema: {
        summary:
          "Adds the ingredients a week's meals (or one meal's) need to the group's shopping list, without duplicates",
        tags,
        params: groupParams,
        body: addMissingSchema,
        response: { 200: addMissingResultSchema, ...errors },
      },
    },
    async (request) => addMissingIngredients(app.deps, requireUser(request), request.params.groupId, request.body),
  );

  app.get(
    `${base}/meal-suggestions`,
    {
      ...signedIn,
      schema: {
        summary: "The group's recipes for a day, best first, each with its reasons",
        tags,
        params: groupParams,
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsSchema, ...errors },
      },
    },
    async (request) => suggestMeals(app.deps, requireUser(request), request.params.groupId, request.query.date),
  );
};
