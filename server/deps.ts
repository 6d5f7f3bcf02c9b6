import type { FastifyBaseLogger } from "fastify";
import type { Database } from "./db/database.js";
import type { Config } from "./env.js";
import { createRepositories, type Repositories } from "./repositories/index.js";

/** What services need, built once per app and handed to them explicitly (no module-level state). */
export interface AppDeps {
  config: Config;
  database: Database;
  repositories: Repositories;
  log: FastifyBaseLogger;
  version: string;
}

export function createDeps(config: Config, database: Database, log: FastifyBaseLogger, version: string): AppDeps {
  return { config, database, repositories: createRepositories(database.db), log, version };
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
