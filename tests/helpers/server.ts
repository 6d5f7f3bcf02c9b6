import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../../server/app.js";
import { openDatabase, type Database } from "../../server/db/database.js";
import { type Config, loadConfig } from "../../server/env.js";
import { createPostgresDatabase, type TestDatabase } from "./databases.js";
import { freePort } from "./free-port.js";
import { createWebFixture } from "./web-fixture.js";

export interface RunningServer {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real app on a free port over real HTTP, on the given test database.
 * `env` overrides configuration exactly as environment variables would.
 */
export async function startServer(
  testDatabase: TestDatabase,
  env: Record<string, string> = {},
  beforeListen?: (app: FastifyInstance) => void | Promise<void>,
  /** Receives the log, one JSON line per write (set LOG_LEVEL in `env`: tests default to silent). */
  logStream?: { write(line: string): void },
): Promise<RunningServer> {
  // A port found free can be taken by another file's server or peer before this one listens on it
  // (the suites run side by side): then the app is built again on another.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreePort(testDatabase, env, beforeListen, logStream);
    } catch (error) {
      if ((error as { code?: string }).code !== "EADDRINUSE" || attempt >= 5) throw error;
    }
  }
}

async function startOnFreePort(
  testDatabase: TestDatabase,
  env: Record<string, string>,
  beforeListen: ((app: FastifyInstance) => void | Promise<void>) | undefined,
  logStream: { write(line: string): void } | undefined,
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-data-"));
  // The public URL must name the real port (sign-in redirects go there), so the port is chosen first.
  const port = await freePort();
  const config = {
    ...loadConfig({
      NODE_ENV: "test",
      // The cheapest password hash a test server may use; the production cost has a test of its own.
      PASSWORD_HASH_COST: "10",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    }),
    database: testDatabase.config,
  };
  const database = openDatabase(config.database);
  const app = await buildApp({ config, database, logStream });
  await beforeListen?.(app);
  try {
    await app.listen({ port, host: "127.0.0.1" });
  } catch (error) {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    baseUrl: baseUrlOf(port),
    config,
    database,
    async close() {
      await closeReportingDelay(app, baseUrlOf(port));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const baseUrlOf = (port: number) => `http://127.0.0.1:${port}`;

/**
 * Closes the app; should that take long (an integration run once saw a test server's close
 * outlast its 60 s hook), says on stderr what it is still waiting for, so the next such log
 * names the cause.
 */
async function closeReportingDelay(app: FastifyInstance, baseUrl: string): Promise<void> {
  const report = setTimeout(() => {
    app.server.getConnections((_error, connections) => {
      process.stderr.write(
        `test server ${baseUrl} still closing after 15 s: ${connections} open connection(s); ` +
          `active resources ${JSON.stringify(process.getActiveResourcesInfo())}\n`,
      );
    });
  }, 15_000);
  try {
    await app.close();
  } finally {
    clearTimeout(report);
  }
}

/**
 * One server for a describe block: a fresh database and server before its tests, both removed
 * after. Read `.server` and `.database` inside tests (they are set once beforeAll has run).
 */
export function useServer(createDatabase: () => Promise<TestDatabase>, env: Record<string, string> = {}) {
  const context = {} as { server: RunningServer; database: TestDatabase };
  beforeAll(async () => {
    context.database = await createDatabase();
    context.server = await startServer(context.database, env);
  });
  afterAll(async () => {
    await context.server?.close();
    await context.database?.drop();
  });
  return context;
}

/**
 * Two server processes on one new PostgreSQL database, as behind a load balancer
 * (docs/architecture.md, "Realtime"), for a describe block. `restart("b")` replaces one with a
 * new process on the same database.
 */
export function useTwoServers(env: Record<string, string> = {}) {
  const web = createWebFixture();
  const context = {} as {
    a: RunningServer;
    b: RunningServer;
    database: TestDatabase;
    restart: (which: "a" | "b") => Promise<RunningServer>;
  };
  const fullEnv = { WEB_DIST_DIR: web.dir, ...env };
  context.restart = async (which) => {
    await context[which].close();
    context[which] = await startServer(context.database, fullEnv);
    return context[which];
  };
  beforeAll(async () => {
    context.database = await createPostgresDatabase();
    context.a = await startServer(context.database, fullEnv);
    context.b = await startServer(context.database, fullEnv);
  });
  afterAll(async () => {
    await context.a?.close();
    await context.b?.close();
    await context.database?.drop();
    web.remove();
  });
  return context;
}
