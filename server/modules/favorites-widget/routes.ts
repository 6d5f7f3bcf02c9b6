import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { favoriteParamsSchema, favoritesSchema, orderFavoritesSchema } from "../../../domain/favorites.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../routes/responses.js";
import { listFavorites, orderFavorites, pinTask, unpinTask } from "./service.js";

const errors = errorResponses(400, 401, 403, 404);
const tags = ["favorites"];

/**
 * The favorites-widget module's API: the caller's pins (docs/api.md). Each write answers with
 * the pins as they are after it, and is safe to send twice.
 */
export const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/favorites",
    {
      ...signedIn,
      schema: {
        summary: "The tasks the caller pinned to their dashboard, first first",
        tags,
        response: { 200: favoritesSchema, ...errors },
      },
    },
    async (request) => listFavorites(app.deps, requireUser(request)),
  );

  app.put(
    "/api/favorites",
    {
      ...signedIn,
      schema: {
        summary: "Orders the pins: these first, in this order, the others after them as they were",
        tags,
        body: orderFavoritesSchema,
        response: { 200: favoritesSchema, ...errors },
      },
    },
    async (request) => orderFavorites(app.deps, requireUser(request), request.body.taskIds),
  );

  app.put(
    "/api/favorites/:taskId",
    {
      ...signedIn,
      schema: {
        summary: "Pins a task the caller can see, last; pinning it again changes nothing",
        tags,
        params: favoriteParamsSchema,
        response: { 200: favoritesSchema, ...errors },
      },
    },
    async (request) => pinTask(app.deps, requireUser(request), request.params.taskId),
  );

  app.delete(
    "/api/favorites/:taskId",
    {
      ...signedIn,
      schema: {
        summary: "Unpins a task; unpinning one that is not pinned changes nothing",
        tags,
        params: favoriteParamsSchema,
        response: { 200: favoritesSchema, ...errors },
      },
    },
    async (request) => unpinTask(app.deps, requireUser(request), request.params.taskId),
  );
};
