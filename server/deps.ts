import type { FastifyBaseLogger } from "fastify";
import { DatabaseOutage } from "./db/availability.js";
import type { Database } from "./db/database.js";
import type { Config } from "./env.js";
import { createRepositories, type Repositories } from "./repositories/index.js";
import { InProcessBus, type ProcessState, type RealtimeBus } from "./realtime/bus.js";
import { RealtimeHub } from "./realtime/hub.js";
import { PostgresBus } from "./realtime/postgres-bus.js";
import { CredentialCache } from "./services/sign-in/credential-cache.js";
import { Mailer } from "./services/mail/mailer.js";
import { PushSender } from "./services/notifications/push.js";
import { TaskListCache } from "./services/tasks/task-list-cache.js";
import type { TaskWriteHook } from "./services/tasks/task-write-hooks.js";

/** What services need, built once per app and handed to them explicitly (no module-level state). */
export interface AppDeps {
  config: Config;
  database: Database;
  /** Whether the database is unreachable now; logs the start and end of an outage once each. */
  outage: DatabaseOutage;
  repositories: Repositories;
  log: FastifyBaseLogger;
  version: string;
  /** SMTP when configured, otherwise the outbox table; app.ts closes it on shutdown. */
  mailer: Mailer;
  /** This process's open WebSockets. */
  realtime: RealtimeHub;
  /** Credentials resolved in the last few seconds; the bus forgets ended ones on every process. */
  credentials: CredentialCache;
  /** Web push to the browsers users subscribed; app.ts waits for it on shutdown. */
  push: PushSender;
  /** Groups' task lists as last sent, while their change log has not moved. */
  taskLists: TaskListCache;
  /** Realtime events for every server process (LISTEN/NOTIFY on PostgreSQL); app.ts starts and closes it. */
  bus: RealtimeBus;
  /** What the modules do on every change to a task (server/services/tasks/task-write-hooks.ts); filled by registerModules. */
  taskWriteHooks: TaskWriteHook[];
}

export function createDeps(config: Config, database: Database, log: FastifyBaseLogger, version: string): AppDeps {
  const repositories = createRepositories(database.db);
  const mailer = new Mailer(config.mail, repositories.outbox, log);
  const realtime = new RealtimeHub();
  const credentials = new CredentialCache();
  const bus = createBus(config, database, { hub: realtime, credentials }, log);
  const taskLists = new TaskListCache();
  const push = new PushSender(repositories, config, log);
  const outage = new DatabaseOutage(() => database.ping(), log);
  return {
    config,
    database,
    outage,
    repositories,
    log,
    version,
    mailer,
    realtime,
    credentials,
    push,
    taskLists,
    bus,
    taskWriteHooks: [],
  };
}

/** SQLite is one process by nature; PostgreSQL may be shared by several behind a load balancer. */
function createBus(config: Config, database: Database, local: ProcessState, log: FastifyBaseLogger): RealtimeBus {
  if (config.database.kind === "sqlite") return new InProcessBus(local);
  return new PostgresBus({ url: config.database.url, db: database.db, local, log });
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
