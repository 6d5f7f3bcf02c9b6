import diagnostics from "node:diagnostics_channel";
import type { FastifyInstance, RouteOptions } from "fastify";

export interface CollectedRoute {
  /** One method per entry: a route declared for several methods is listed once for each. */
  method: string;
  /** The pattern as registered, e.g. /api/tokens/:id. */
  url: string;
  /** What the route declared in `config.auth` (server/plugins/authentication.ts). */
  auth: "user" | "session" | undefined;
  /** The request schemas it declared (zod, as passed to Fastify). */
  schema: { body?: unknown; querystring?: unknown; params?: unknown; headers?: unknown } | undefined;
}

/**
 * Runs `build` and returns, next to its result, every route that any Fastify instance created
 * meanwhile registered (the HEAD routes Fastify adds for GET routes included). Fastify announces
 * each new instance on the `fastify.initialization` diagnostics channel before anything is
 * registered on it, so an onRoute hook added there sees all routes, without the app's help.
 */
export async function collectRoutes<T>(build: () => Promise<T>): Promise<{ result: T; routes: CollectedRoute[] }> {
  const routes: CollectedRoute[] = [];
  const onInitialization = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook("onRoute", (route: RouteOptions) => {
      const url = route.url;
      const auth = (route.config as { auth?: "user" | "session" } | undefined)?.auth;
      const schema = route.schema as CollectedRoute["schema"];
      for (const method of [route.method].flat()) routes.push({ method, url, auth, schema });
    });
  };
  diagnostics.subscribe("fastify.initialization", onInitialization);
  try {
    return { result: await build(), routes };
  } finally {
    diagnostics.unsubscribe("fastify.initialization", onInitialization);
  }
}

/** A concrete URL for a route pattern: each :param and wildcard replaced by a harmless sample. */
export function sampleUrl(pattern: string): string {
  return pattern.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, "123").replace(/\*/g, "anything");
}
