import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { storableText } from "../../../domain/fields.js";
import { moduleStateSchema, toggleModuleSchema } from "../../../domain/module-state.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../responses.js";
import {
  listGroupModules,
  listUserModules,
  toggleGroupModule,
  toggleUserModule,
} from "../../services/preferences/module-switches.js";

const errors = errorResponses(400, 401, 403, 404);
const moduleParams = z.object({ moduleId: storableText().min(1).max(100) });
const groupParams = z.object({ groupId: storableText().min(1).max(100) });
const groupModuleParams = groupParams.extend({ moduleId: storableText().min(1).max(100) });
const states = z.array(moduleStateSchema);
const tags = ["modules"];

/** The module switches: a user's own, and a group owner's for the whole group (docs/modules.md). */
export const moduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/modules",
    {
      ...signedIn,
      schema: { summary: "Every module, and whether it is on for you", tags, response: { 200: states, ...errors } },
    },
    async (request) => listUserModules(app.deps, requireUser(request)),
  );

  app.put(
    "/api/modules/:moduleId",
    {
      ...signedIn,
      schema: {
        summary: "Switches a module on or off for you (its dependencies first; core modules stay on)",
        tags,
        params: moduleParams,
        body: toggleModuleSchema,
        response: { 200: states, ...errors },
      },
    },
    async (request) => toggleUserModule(app.deps, requireUser(request), request.params.moduleId, request.body.enabled),
  );

  app.get(
    "/api/groups/:groupId/modules",
    {
      ...signedIn,
      schema: {
        summary: "Every module, whether it is on for you in this group, and which the group switched off",
        tags,
        params: groupParams,
        response: { 200: states, ...errors },
      },
    },
    async (request) => listGroupModules(app.deps, requireUser(request), request.params.groupId),
  );

  app.put(
    "/api/groups/:groupId/modules/:moduleId",
    {
      ...signedIn,
      schema: {
        summary: "Switches a module off (or back on) for everyone in the group: its owner only",
        tags,
        params: groupModuleParams,
        body: toggleModuleSchema,
        response: { 200: states, ...errors },
      },
    },
    async (request) =>
      toggleGroupModule(
        app.deps,
        requireUser(request),
        request.params.groupId,
        request.params.moduleId,
        request.body.enabled,
      ),
  );
};
