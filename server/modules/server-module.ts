import type { FastifyPluginAsync } from "fastify";
import type { Migration } from "kysely";
import type { TaskWriteHook } from "../services/tasks/task-write-hooks.js";

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
  /**
   * Its tables, numbered in the one sequence of all migrations (server/modules/migrations.ts).
   * They run whether the module is on or off: a switch is per user, the tables are the instance's.
   * Rows that belong to a user, group or task reference it ON DELETE CASCADE, so deleting an
   * account or a group removes them with the rest.
   */
  migrations?: Record<string, Migration>;
  /** What it does on every change to an existing task (the core's task writes call it); one per part of it. */
  taskWrites?: Omit<TaskWriteHook, "moduleId"> | readonly Omit<TaskWriteHook, "moduleId">[];
}

/** A route a module registered: what the guard covers, listed for tests and the API docs. */
export interface ModuleRoute {
  moduleId: string;
  method: string;
  url: string;
}
