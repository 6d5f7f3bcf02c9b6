import { loadBetterSqlite3, openBetterSqlite3 } from "./sqlite-better.js";
import { type SqliteConnection, SqliteDriverError, type SqliteDriverName } from "./sqlite-driver.js";
import { nodeSqlite, openNodeSqlite } from "./sqlite-node.js";

const DRIVER_VARIABLE = "SQLITE_DRIVER";

/** The driver SQLITE_DRIVER names (server/env.ts reads it), otherwise the runtime's best. */
export function sqliteDriverFor(requested: string | undefined): SqliteDriverName {
  if (requested === undefined || requested === "") return nodeSqlite() ? "node:sqlite" : "better-sqlite3";
  if (requested === "node:sqlite" || requested === "better-sqlite3") return requested;
  throw new SqliteDriverError(
    `Invalid configuration: ${DRIVER_VARIABLE} must be node:sqlite or better-sqlite3 (got ${JSON.stringify(requested)})`,
  );
}

export function openSqliteConnection(
  file: string,
  driver: SqliteDriverName = sqliteDriverFor(undefined),
): SqliteConnection {
  if (driver === "better-sqlite3") return openBetterSqlite3(loadBetterSqlite3(), file);
  const sqlite = nodeSqlite();
  if (!sqlite)
    throw new SqliteDriverError(
      `${DRIVER_VARIABLE}=node:sqlite needs Node 22.16, 23.11 or newer; this is Node ${process.version}`,
    );
  return openNodeSqlite(sqlite, file);
}

/** The drivers this runtime can open a connection with, its default first: tests run on each. */
export function availableSqliteDrivers(): SqliteDriverName[] {
  const drivers: SqliteDriverName[] = [];
  if (nodeSqlite()) drivers.push("node:sqlite");
  try {
    loadBetterSqlite3();
    drivers.push("better-sqlite3");
  } catch {
    // Not installed, or built for another Node: this runtime does without it.
  }
  return drivers;
}
