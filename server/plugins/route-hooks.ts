import type { RouteOptions } from "fastify";

type HookName = "onRequest" | "onResponse";

/**
 * Adds a hook to one route from an onRoute hook, after any the route declared itself. Per-route
 * hooks let plugins bind what they know about the route once, instead of looking it up per request.
 */
export function appendRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  const existing = route[name];
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<HookName, unknown[]>)[name] = [...list, hook];
}
