import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { settingsSchema, updateSettingsSchema } from "../../../domain/settings.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../responses.js";
import { getSettings, updateSettings } from "../../services/preferences/settings.js";

const errors = errorResponses(400, 401);

/** The user's settings (spec GET settings), synced between devices. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/settings",
    {
      ...signedIn,
      schema: {
        summary: "Your settings, every one with its value or default",
        tags: ["settings"],
        response: { 200: settingsSchema, ...errors },
      },
    },
    async (request) => getSettings(app.deps, requireUser(request)),
  );

  app.patch(
    "/api/settings",
    {
      ...signedIn,
      schema: {
        summary: "Changes some settings; the others keep their values",
        tags: ["settings"],
        body: updateSettingsSchema,
        response: { 200: settingsSchema, ...errors },
      },
    },
    async (request) => updateSettings(app.deps, requireUser(request), request.body),
  );
};
