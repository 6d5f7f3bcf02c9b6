import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import { type SqliteConnection, SqliteDriverError, type SqliteQuery } from "./sqlite-driver.js";
import { bindable } from "./sqlite-parameters.js";

type BetterSqlite3Constructor = typeof BetterSqlite3;

const require = createRequire(import.meta.url);

/**
 * better-sqlite3, loaded on first use: it is an optional dependency (its native build may fail on
 * a Node it has no binary for, and a Node with node:sqlite does not need it), so a missing or
 * unloadable module is a start-up error of one line that says what to do, raised only where the
 * module is needed. Required, not imported, so that opening a database stays synchronous.
 */
export function loadBetterSqlite3(moduleId = "better-sqlite3"): BetterSqlite3Constructor {
  let Driver: BetterSqlite3Constructor;
  try {
    Driver = require(moduleId) as BetterSqlite3Constructor;
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (code === "MODULE_NOT_FOUND" && String(message).includes(`'${moduleId}'`))
      throw new SqliteDriverError(
        `SQLite on Node ${process.version} needs the better-sqlite3 package, which is not installed ` +
          `(Node 22.16 and newer have SQLite built in): run \`npm install better-sqlite3\`, or use a newer Node`,
      );
    throw unloadable(error);
  }
  // The native part loads with the first connection; one built for another Node fails only then.
  try {
    new Driver(":memory:").close();
  } catch (error) {
    throw unloadable(error);
  }
  return Driver;
}

function unloadable(error: unknown): SqliteDriverError {
  const reason = String((error as { message?: unknown } | null)?.message ?? error).replace(/\s+/g, " ");
  return new SqliteDriverError(
    `better-sqlite3 does not load on Node ${process.version} (${reason}): run \`npm rebuild better-sqlite3\``,
  );
}

export function openBetterSqlite3(Driver: BetterSqlite3Constructor, file: string): SqliteConnection {
  // SQLite's own default, as node:sqlite has it, where better-sqlite3 would wait 5 s: callers set busy_timeout.
  const database = new Driver(file, { timeout: 0 });
  return {
    driver: "better-sqlite3",
    get isOpen() {
      return database.open;
    },
    prepare: (sql) => new BetterStatement(database.prepare(sql)),
    exec(sql) {
      database.exec(sql);
    },
    close() {
      if (database.open) database.close();
    },
  };
}

class BetterStatement implements SqliteQuery {
  readonly reader: boolean;
  readonly #statement: BetterSqlite3.Statement;

  constructor(statement: BetterSqlite3.Statement) {
    this.#statement = statement;
    this.reader = statement.reader;
  }

  // better-sqlite3 binds the elements of an array argument as positional parameters.
  all(parameters: readonly unknown[] = []): unknown[] {
    return this.#statement.all(bindable(parameters));
  }

  get(parameters: readonly unknown[] = []): unknown {
    return this.#statement.get(bindable(parameters));
  }

  run(parameters: readonly unknown[] = []) {
    return this.#statement.run(bindable(parameters));
  }

  iterate(parameters: readonly unknown[] = []): IterableIterator<unknown> {
    return this.#statement.iterate(bindable(parameters));
  }
}
