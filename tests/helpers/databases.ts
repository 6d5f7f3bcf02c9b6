import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, inject } from "vitest";
import type { DatabaseConfig } from "../../server/env.js";

/** The administrative connection; each test file gets a database of its own under it. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabase {
  config: DatabaseConfig;
  /** For PostgreSQL tests that must act on the database from outside (e.g. cut connections). */
  name: string;
  drop(): Promise<void>;
}

/** The migrated template the integration suite's global set-up made (tests/helpers/database-templates.ts). */
function template(name: "sqliteTemplate" | "postgresTemplate"): string | null {
  try {
    return inject(name) ?? null;
  } catch {
    return null; // outside a suite with that set-up: the server migrates a fresh database itself
  }
}

export async function createSqliteDatabase(): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-sqlite-"));
  const file = path.join(dir, "test.sqlite");
  const migrated = template("sqliteTemplate");
  if (migrated) fs.copyFileSync(migrated, file);
  return {
    config: { kind: "sqlite", file },
    name: dir,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `tandem_test_${randomBytes(6).toString("hex")}`;
  const migrated = template("postgresTemplate");
  await adminQuery(migrated ? `CREATE DATABASE ${name} TEMPLATE ${migrated}` : `CREATE DATABASE ${name}`);
  return {
    config: { kind: "postgres", url: postgresUrlFor(name) },
    name,
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export function postgresUrlFor(database: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function postgresReachable(): Promise<boolean> {
  try {
    await adminQuery("select 1");
    return true;
  } catch {
    return false;
  }
}

export type DialectName = "sqlite" | "postgres";

/**
 * The dialects this run covers: both, unless TEST_DIALECTS names fewer ("sqlite"). CI's second
 * run, on Node 24, covers SQLite only: its driver there is Node's own node:sqlite (Node 20 uses
 * better-sqlite3), while PostgreSQL's is plain JavaScript, already covered by the first run.
 * Suites of a dialect left out are not registered at all (not skipped).
 */
export const TEST_DIALECTS: readonly DialectName[] = parseDialects(process.env.TEST_DIALECTS);

function parseDialects(value: string | undefined): DialectName[] {
  if (!value) return ["sqlite", "postgres"];
  const names = [...new Set(value.split(",").map((name) => name.trim()))];
  if (names.some((name) => name !== "sqlite" && name !== "postgres"))
    throw new Error(`TEST_DIALECTS must list sqlite and/or postgres (got "${value}")`);
  return names as DialectName[];
}

const postgresUp = TEST_DIALECTS.includes("postgres") && (await postgresReachable());
if (TEST_DIALECTS.includes("postgres") && !postgresUp) {
  const message = `PostgreSQL is not reachable at ${TEST_POSTGRES_URL} (set TEST_POSTGRES_URL).`;
  // In CI a missing database is a failure, never a skip.
  if (process.env.CI === "true") throw new Error(message);
  console.warn(`${message} PostgreSQL tests are skipped on this machine.`);
}

/** The dialects this run covers and can reach. */
export async function testDialectsToRun(): Promise<DialectName[]> {
  return TEST_DIALECTS.filter((dialect) => dialect === "sqlite" || postgresUp);
}

const FACTORIES: Record<DialectName, () => Promise<TestDatabase>> = {
  sqlite: createSqliteDatabase,
  postgres: createPostgresDatabase,
};

/**
 * Runs the same tests against SQLite and PostgreSQL, each with a fresh database of its own:
 * every repository and API test covers both dialects.
 */
export function describeEachDialect(
  title: string,
  body: (dialect: DialectName, create: () => Promise<TestDatabase>) => void,
): void {
  for (const dialect of TEST_DIALECTS) {
    describe.skipIf(dialect === "postgres" && !postgresUp)(`${title} [${dialect}]`, () =>
      body(dialect, FACTORIES[dialect]),
    );
  }
}

/** Tests only PostgreSQL can run (several server processes on one database). */
export function describePostgres(title: string, body: () => void): void {
  if (!TEST_DIALECTS.includes("postgres")) return;
  describe.skipIf(!postgresUp)(`${title} [postgres]`, body);
}
