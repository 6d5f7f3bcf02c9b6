import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  analysisParamsSchema,
  analysisQuerySchema,
  analyzeTaskBodySchema,
  groupAnalysisSchema,
  taskAnalysisSchema,
} from "../../../domain/analysis.js";
import { requireUser } from "../../plugins/authentication.js";
import { errorResponses, signedIn } from "../../routes/responses.js";
import { analyzeGroup, analyzeTask } from "./service.js";

const errors = errorResponses(400, 401, 403, 404, 503);
const tags = ["analysis"];

/** The task-analysis module's API (docs/analysis.md): read-only, computed on the server. */
export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/groups/:groupId/analysis",
    {
      ...signedIn,
      schema: {
        summary: "How a group, or one member of it, did over the last weeks, with suggestions",
        tags,
        params: analysisParamsSchema,
        querystring: analysisQuerySchema,
        response: { 200: groupAnalysisSchema, ...errors },
      },
    },
    async (request) => analyzeGroup(app.deps, requireUser(request), request.params.groupId, request.query),
  );

  app.post(
    "/api/analyze-task",
    {
      ...signedIn,
      schema: {
        summary: "One task's age, postponements and tracked time next to similar finished tasks",
        tags,
        body: analyzeTaskBodySchema,
        response: { 200: taskAnalysisSchema, ...errors },
      },
    },
    async (request) => analyzeTask(app.deps, requireUser(request), request.body.taskId),
  );
};
