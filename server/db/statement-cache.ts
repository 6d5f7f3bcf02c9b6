import type { SqliteDatabase, SqliteStatement } from "kysely";
import type { SqliteConnection } from "./sqlite-driver.js";

const DEFAULT_CAPACITY = 500;

/** Statements that change the schema: after one, statements prepared before it are prepared again. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

/**
 * Hands Kysely one prepared statement per distinct SQL text instead of preparing it again for
 * every query: preparing is the costliest part of a small SQLite query. Kysely runs one query at
 * a time per connection, so sharing is safe. The least recently used statement is dropped past
 * `capacity`, so generated SQL (IN lists of varying length) cannot grow the cache without bound.
 * A schema change (a migration) empties it: SQLite prepares a stale statement again by itself,
 * but node:sqlite's `all()` on Node 22 keeps the column count it first saw, and would leave out
 * a column added since.
 */
export function withStatementCache(connection: SqliteConnection, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement === undefined) {
        if (SCHEMA_CHANGE.test(sql)) {
          statements.clear();
          return connection.prepare(sql);
        }
        statement = connection.prepare(sql);
        if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
      } else {
        statements.delete(sql);
      }
      // Re-inserting moves the entry to the end: Map order is our recency order.
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      connection.close();
    },
  };
}
