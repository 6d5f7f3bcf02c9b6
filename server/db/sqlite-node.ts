import { type SqliteConnection, type SqliteQuery } from "./sqlite-driver.js";
import { sqliteErrorName } from "./sqlite-error-codes.js";
import { bindable } from "./sqlite-parameters.js";

type Row = Record<string, unknown>;

/** What we use of node:sqlite; the @types/node we build with is Node 20's, which has no node:sqlite. */
interface StatementSync {
  /** Rows as arrays of values: we turn on setReturnArrays for every statement that returns rows. */
  all(...parameters: unknown[]): unknown[][];
  get(...parameters: unknown[]): unknown[] | undefined;
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown[]>;
  columns(): { name: string }[];
  setReturnArrays(enabled: boolean): void;
}
interface DatabaseSync {
  prepare(sql: string): StatementSync;
  exec(sql: string): void;
  close(): void;
}
export interface NodeSqlite {
  DatabaseSync: new (file: string) => DatabaseSync;
  StatementSync: { prototype: Partial<StatementSync> };
}

/** Printed the first time node:sqlite loads, on the Node versions that still call it experimental (22 among them). */
const EXPERIMENTAL_WARNING = "SQLite is an experimental feature and might change at any time";

let loaded: NodeSqlite | null | undefined;

/**
 * node:sqlite where this Node has it without a flag and with what we use of it (Node 22.16+,
 * 23.11+, 24): `columns()`, which tells a statement that returns rows from one that does not, as
 * Kysely needs to know, and `setReturnArrays()`. Null elsewhere. A built-in module loads synchronously.
 */
export function nodeSqlite(): NodeSqlite | null {
  if (loaded === undefined) {
    const sqlite = withoutExperimentalWarning(() => process.getBuiltinModule("node:sqlite")) as NodeSqlite | undefined;
    const statement = sqlite?.StatementSync.prototype;
    const usable = typeof statement?.columns === "function" && typeof statement.setReturnArrays === "function";
    loaded = usable ? sqlite! : null;
  }
  return loaded;
}

/**
 * Loads with node:sqlite's ExperimentalWarning dropped: it tells an operator nothing to act on
 * and would be the only line on stderr at every start. Only that warning, and only while loading.
 */
function withoutExperimentalWarning<T>(load: () => T): T {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (warning: string | Error, ...rest: unknown[]) {
    const type = typeof rest[0] === "string" ? rest[0] : (rest[0] as { type?: unknown } | undefined)?.type;
    const message = typeof warning === "string" ? warning : warning.message;
    if (type === "ExperimentalWarning" && message === EXPERIMENTAL_WARNING) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return load();
  } finally {
    process.emitWarning = emitWarning;
  }
}

export function openNodeSqlite(sqlite: NodeSqlite, file: string): SqliteConnection {
  let database: DatabaseSync;
  try {
    database = new sqlite.DatabaseSync(file);
  } catch (error) {
    throw withSqliteCode(error);
  }
  let open = true;
  return {
    driver: "node:sqlite",
    get isOpen() {
      return open;
    },
    prepare(sql) {
      try {
        return new NodeStatement(database.prepare(sql));
      } catch (error) {
        throw withSqliteCode(error);
      }
    },
    exec(sql) {
      try {
        database.exec(sql);
      } catch (error) {
        throw withSqliteCode(error);
      }
    },
    close() {
      if (!open) return;
      open = false;
      database.close();
    },
  };
}

/**
 * node:sqlite's statement as Kysely drives one: parameters come as one array, `reader` says
 * whether rows come back, and rows are plain objects, BLOBs Buffers, as better-sqlite3 makes them.
 * node:sqlite's own rows have no prototype and are slower to build and to read than objects
 * built here from its rows as arrays, which all share one shape (measured in docs/decisions.md).
 */
class NodeStatement implements SqliteQuery {
  readonly reader: boolean;
  readonly #statement: StatementSync;
  #names: string[];

  constructor(statement: StatementSync) {
    this.#statement = statement;
    this.#names = columnNames(statement);
    // RETURNING counts: such an insert hands back rows, and Kysely reads them with all().
    this.reader = this.#names.length > 0;
    if (this.reader) statement.setReturnArrays(true);
  }

  all(parameters: readonly unknown[] = []): unknown[] {
    let rows: unknown[][];
    try {
      rows = this.#statement.all(...bindable(parameters));
    } catch (error) {
      throw withSqliteCode(error);
    }
    const objects = new Array<Row>(rows.length);
    for (let index = 0; index < rows.length; index += 1) objects[index] = this.#object(rows[index]!);
    return objects;
  }

  get(parameters: readonly unknown[] = []): unknown {
    let row: unknown[] | undefined;
    try {
      row = this.#statement.get(...bindable(parameters));
    } catch (error) {
      throw withSqliteCode(error);
    }
    return row === undefined ? undefined : this.#object(row);
  }

  run(parameters: readonly unknown[] = []) {
    try {
      return this.#statement.run(...bindable(parameters));
    } catch (error) {
      throw withSqliteCode(error);
    }
  }

  *iterate(parameters: readonly unknown[] = []): IterableIterator<unknown> {
    try {
      for (const row of this.#statement.iterate(...bindable(parameters))) yield this.#object(row);
    } catch (error) {
      throw withSqliteCode(error);
    }
  }

  #object(values: unknown[]): Row {
    // SQLite prepares a statement again when the schema changed under it (another process migrated).
    if (values.length !== this.#names.length) this.#names = columnNames(this.#statement);
    const names = this.#names;
    const row: Row = {};
    for (let index = 0; index < names.length; index += 1) {
      const value = values[index];
      // node:sqlite reads a BLOB as a Uint8Array; our code (the schema's types, the avatar route)
      // expects a Buffer, which can share the array's memory.
      row[names[index]!] =
        value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;
    }
    return row;
  }
}

function columnNames(statement: StatementSync): string[] {
  const names = statement.columns().map(({ name }) => name);
  // Assigned to a plain object, a column named so would set the row's prototype instead.
  if (names.includes("__proto__")) throw new TypeError('SQLite: name the column "__proto__" something else');
  return names;
}

/**
 * node:sqlite's errors say `ERR_SQLITE_ERROR` and carry SQLite's number in `errcode`; the code
 * becomes better-sqlite3's name for that number, which our error handling reads
 * (server/db/availability.ts, server/plugins/error-handler.ts). `errcode` and `errstr` stay.
 */
function withSqliteCode(error: unknown): unknown {
  const details = error as { code?: unknown; errcode?: unknown } | null;
  if (details?.code === "ERR_SQLITE_ERROR" && typeof details.errcode === "number")
    details.code = sqliteErrorName(details.errcode);
  return error;
}
