import type { Migration } from "kysely";
import { migrations as coreMigrations } from "../db/migrations/index.js";
import { SERVER_MODULES } from "./registry.js";
import type { ServerModule } from "./server-module.js";

/**
 * The core's migrations (server/db/migrations/) and every module's, in one set. Kysely runs them
 * by name, so a module's migration takes the next free number like any other.
 */
export function allMigrations(modules: readonly ServerModule[] = SERVER_MODULES): Record<string, Migration> {
  const all: Record<string, Migration> = { ...coreMigrations };
  for (const module of modules) {
    for (const [name, migration] of Object.entries(module.migrations ?? {})) {
      if (!/^\d{4}-[a-z0-9-]+$/.test(name))
        throw new Error(`Migration ${name} of ${module.id} needs a "0000-name" name`);
      if (name in all) throw new Error(`Migration ${name} of ${module.id} is named like another`);
      const number = name.slice(0, 4);
      const clash = Object.keys(all).find((other) => other.slice(0, 4) === number);
      if (clash) throw new Error(`Migration ${name} of ${module.id} has the number of ${clash}`);
      all[name] = migration;
    }
  }
  return all;
}
