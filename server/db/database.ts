import fs from "node:fs";
import path from "node:path";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type Migration,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
} from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../env.js";
import type { Dialect } from "./column-types.js";
import { statementName } from "./named-statements.js";
import { openSqliteConnection, sqliteDriverFor } from "./sqlite-connection.js";
import { withStatementCache } from "./statement-cache.js";
import type { DB } from "./schema.js";

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const PING_TIMEOUT_MS = 2_000;
const PG_TIMESTAMPTZ_OID = 1184;
const PG_TIMESTAMP_OID = 1114;

export interface OpenOptions {
  /** Called for errors on idle PostgreSQL connections, which would otherwise crash the process. */
  onBackgroundError?: (error: Error) => void;
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Database {
  return config.kind === "sqlite" ? openSqlite(config.file, config.driver) : openPostgres(config.url, options);
}

/**
 * Transactions that take the write lock when they begin ("begin immediate"): every transaction
 * here writes. A deferred one reads first and then cannot upgrade while another process (a backup,
 * a second server on the file) holds the lock: SQLite answers busy at once, without waiting the
 * busy_timeout, which an immediate begin does wait.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(settings);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

function openSqlite(file: string, driver: string | undefined): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // node:sqlite where Node has it, better-sqlite3 elsewhere; SQLITE_DRIVER overrides (sqlite-connection.ts).
  const connection = openSqliteConnection(file, sqliteDriverFor(driver));
  // WAL lets readers work during a write; NORMAL sync is durable across application crashes in WAL mode.
  connection.exec("pragma journal_mode = WAL");
  connection.exec("pragma synchronous = NORMAL");
  connection.exec("pragma foreign_keys = ON");
  connection.exec("pragma busy_timeout = 5000");
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(connection) }) });
  const pingStatement = connection.prepare("select 1");
  return {
    db,
    dialect: "sqlite",
    async ping() {
      if (!connection.isOpen) throw new Error("SQLite connection is closed");
      pingStatement.get();
    },
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, options: OpenOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A health check must answer quickly when the database is gone, not hang on connect.
    connectionTimeoutMillis: 3_000,
    types: {
      getTypeParser(oid: number, format?: "text" | "binary") {
        if (oid === PG_TIMESTAMPTZ_OID || oid === PG_TIMESTAMP_OID)
          return (value: string) => new Date(value).toISOString();
        return pg.types.getTypeParser(oid, format);
      },
    },
  });
  pool.on("error", (error) => options.onBackgroundError?.(error));
  // A connection cut while checked out between two queries (inside a transaction, say) emits
  // "error" with none of the pool's listeners on it, which would end the process. Nothing to do
  // here: the query that follows fails and is answered as an outage (server/db/availability.ts);
  // idle connections are reported by the pool's "error" above.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
  return {
    db,
    dialect: "postgres",
    // A health check must answer quickly when the server hangs, not wait for TCP to give up.
    ping: () => withTimeout(sql`select 1`.execute(db), PING_TIMEOUT_MS).then(() => undefined),
    close: () => db.destroy(),
  };
}

/**
 * The pool Kysely uses, with each registered hot statement (named-statements.ts) sent as a named
 * one: the connection parses and plans it once, then only binds and runs it.
 */
function withNamedStatements(pool: pg.Pool): pg.Pool {
  const connect = async () => {
    const client = await pool.connect();
    return new Proxy(client, {
      get(target, property, receiver) {
        if (property !== "query") return Reflect.get(target, property, receiver) as unknown;
        return (text: unknown, values?: unknown[]) => {
          const name = typeof text === "string" ? statementName(text) : undefined;
          if (name === undefined) return (target.query as (...args: unknown[]) => unknown)(text, values);
          return target.query({ name, text: text as string, values });
        };
      },
    });
  };
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property === "connect") return connect;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/** Runs what `migrations` holds that the database has not run yet (server/modules/migrations.ts has them all). */
export async function migrateToLatest(db: Kysely<DB>, migrations: Record<string, Migration>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
