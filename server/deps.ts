import type { FastifyBaseLogger } from "fastify";
import type { Database } from "./db/database.js";
import type { Config } from "./env.js";
import { createRepositories, type Repositories } from "./repositories/index.js";
import { RealtimeHub } from "./realtime/hub.js";
import { Mailer } from "./services/mailer.js";

/** What services need, built once per app and handed to them explicitly (no module-level state). */
export interface AppDeps {
  config: Config;
  database: Database;
  repositories: Repositories;
  log: FastifyBaseLogger;
  version: string;
  /** SMTP when configured, otherwise the outbox table; app.ts closes it on shutdown. */
  mailer: Mailer;
  /** This process's open WebSockets. */
  realtime: RealtimeHub;
}

export function createDeps(config: Config, database: Database, log: FastifyBaseLogger, version: string): AppDeps {
  const repositories = createRepositories(database.db);
  const mailer = new Mailer(config.mail, repositories.outbox, log);
  return { config, database, repositories, log, version, mailer, realtime: new RealtimeHub() };
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
