import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Registry } from "prom-client";
import { RequestDurationHistogram } from "./request-duration-histogram.js";
import { appendRouteHook } from "./route-hooks.js";
import { MESSAGES } from "../../domain/errors.js";
import { NotFoundError } from "../errors.js";
import { isInstanceAdmin } from "../policies/instance.js";

const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * Prometheus metrics at /metrics: process defaults plus request durations by route and status.
 * Admin-only by default (METRICS_ACCESS=public opens it, for a scraper on a private network).
 */
export function registerMetrics(app: FastifyInstance): { serveMetrics: () => void } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new RequestDurationHistogram(BUCKETS);
  registry.registerMetric(duration.asMetric());

  // The route pattern, never the raw URL, so ids and typos cannot explode the label set. Each
  // route's pattern is bound once here: request.routeOptions builds a fresh object on every read.
  app.addHook("onRoute", (route) => {
    const pattern = route.url ?? route.path;
    const observe = (
      request: { method: string },
      reply: { statusCode: number; elapsedTime: number },
      done: () => void,
    ) => {
      duration.observe(request.method, pattern, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    appendRouteHook(route, "onResponse", observe);
  });
  app.addHook("onResponse", (request, reply, done) => {
    if (request.is404) duration.observe(request.method, "unmatched", reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // The route itself comes later (serveMetrics), once authentication can guard it; the hooks above
  // come first, so that every route registered after them is measured.
  const serveMetrics = () => {
    const adminOnly = app.deps.config.metricsAccess === "admin";
    app.get(
      "/metrics",
      {
        config: { rateLimit: false, ...(adminOnly && { auth: "user" as const }) },
        logLevel: "warn",
        schema: { hide: true },
      },
      async (request, reply) => {
        // Like every admin-only object: to anyone else it does not exist.
        if (adminOnly && !(request.auth && isInstanceAdmin(request.auth.user)))
          throw new NotFoundError(MESSAGES.notFoundRoute);
        reply.type(registry.contentType);
        return registry.metrics();
      },
    );
  };
  return { serveMetrics };
}
