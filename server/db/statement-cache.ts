import type BetterSqlite3 from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

const DEFAULT_CAPACITY = 500;

/**
 * Hands Kysely one prepared statement per distinct SQL text instead of preparing it again for
 * every query. Preparing is the costliest part of a small SQLite query, and every discarded
 * statement is left for V8 to collect (where better-sqlite3 12 on Node 24.19+ can abort: see
 * docs/decisions.md). Kysely runs one query at a time per connection, so sharing is safe.
 * The least recently used statement is dropped past `capacity`, so generated SQL (IN lists of
 * varying length) cannot grow the cache without bound.
 */
export function withStatementCache(connection: BetterSqlite3.Database, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement === undefined) {
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
