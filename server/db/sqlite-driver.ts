import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * The two SQLite drivers behind one shape: Kysely's, plus `get`, `exec` and `isOpen`. Node's
 * built-in node:sqlite where the runtime has it (no native module to build), better-sqlite3
 * elsewhere (Node 20, Node 22 before 22.16); sqlite-connection.ts chooses.
 */
export type SqliteDriverName = "node:sqlite" | "better-sqlite3";

/** A prepared statement as Kysely's SqliteDialect drives it, and `get` for a single row. */
export interface SqliteQuery extends SqliteStatement {
  get(parameters?: readonly unknown[]): unknown;
}

/** One connection to a SQLite file, whichever driver opened it. */
export interface SqliteConnection extends SqliteDatabase {
  readonly driver: SqliteDriverName;
  readonly isOpen: boolean;
  prepare(sql: string): SqliteQuery;
  /** Runs SQL without parameters, one statement or several; results are discarded. */
  exec(sql: string): void;
  /** Closing twice is harmless. */
  close(): void;
}

/** SQLite cannot be used: its driver is missing or does not load, or SQLITE_DRIVER is wrong. */
export class SqliteDriverError extends Error {
  override name = "SqliteDriverError";
}
