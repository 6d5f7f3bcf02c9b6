import type { FastifyInstance, FastifyRequest } from "fastify";
import { checkModuleRegistry } from "../../domain/module-rules.js";
import { requireModule } from "../services/preferences/module-switches.js";
import { SERVER_MODULES } from "./registry.js";
import type { ModuleRoute } from "./server-module.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Every route a module registered, by module (server/modules/register-modules.ts). */
    moduleRoutes: ModuleRoute[];
  }
}

/**
 * Registers every module's routes, each module in a scope whose guard answers 403 MODULE_DISABLED
 * while the module is off for the caller, or for the group the URL names. The guard runs after
 * sign-in is checked (no credentials: 401) and before the input is validated.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  checkModuleRegistry();
  app.decorate("moduleRoutes", []);
  for (const module of SERVER_MODULES) {
    for (const hook of [module.taskWrites ?? []].flat()) app.deps.taskWriteHooks.push({ moduleId: module.id, ...hook });
    const { routes } = module;
    if (!routes) continue;
    await app.register(async (scope) => {
      scope.addHook("onRoute", (route) => {
        for (const method of [route.method].flat()) {
          if (method !== "HEAD") app.moduleRoutes.push({ moduleId: module.id, method, url: route.url });
        }
      });
      scope.addHook("preValidation", async (request) => guard(app, request, module.id));
      await scope.register(routes);
    });
  }
}

async function guard(app: FastifyInstance, request: FastifyRequest, moduleId: string): Promise<void> {
  const user = request.auth?.user;
  if (!user) return;
  const groupId = (request.params as { groupId?: unknown } | undefined)?.groupId;
  // A group the caller is not in is answered by the route (404): its switches are not theirs to learn.
  const inGroup =
    typeof groupId === "string" && (await app.deps.repositories.groups.memberRole(groupId, user.id)) !== undefined;
  await requireModule(app.deps, user.id, moduleId, inGroup ? [groupId] : []);
}
