import type { FastifyPluginAsync } from "fastify";

/**
 * What a module brings to the server (docs/modules.md). Its definition (name, dependencies, pages,
 * menu) is in domain/modules.ts under the same id; this is its code: one folder,
 * server/modules/<id>/, listed once in server/modules/registry.ts.
 */
export interface ServerModule {
  /** The id of its definition in domain/modules.ts. */
  id: string;
  /**
   * Its API. Registered in a scope of its own: while the module is off for the caller (or for
   * the group a route's :groupId names), every one of these routes answers 403 MODULE_DISABLED.
   */
  routes?: FastifyPluginAsync;
}

/** A route a module registered: what the guard covers, listed for tests and the API docs. */
export interface ModuleRoute {
  moduleId: string;
  method: string;
  url: string;
}
