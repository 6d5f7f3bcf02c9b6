import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthSchema } from "../../../domain/health.js";
import { checkHealth } from "../../services/site/health.js";
import { presentedExactly } from "../responses.js";

/**
 * GET /api/healthz (the spec's _healthz): 200 when the database answers and live events from
 * other processes arrive, 503 when either does not.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/healthz",
    {
      // Probes run every few seconds: keep them out of the request log and the rate limit.
      logLevel: "warn",
      config: { rateLimit: false },
      // checkHealth builds the answer field by field in the schema's order: JSON.stringify sends
      // it as it is, instead of zod walking it on every probe.
      ...presentedExactly,
      schema: {
        summary: "Liveness, database and live-event status",
        tags: ["health"],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.deps);
      return reply
        .status(health.status === "ok" ? 200 : 503)
        .header("cache-control", "no-store")
        .send(health);
    },
  );
};
