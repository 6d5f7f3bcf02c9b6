import type { FastifyBaseLogger } from "fastify";

/**
 * Why a query failed when the fault is the database's state rather than the request:
 * "unreachable": no connection can be had (refused, cut, timed out, the server shutting down or
 * refusing connections); "busy": SQLite's file stayed locked by another writer past the busy
 * timeout. Null for everything else (a constraint, a bug), which stays a 500 with its stack.
 */
export type DatabaseUnavailability = "unreachable" | "busy";

/** Node's codes for a TCP connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs of a server that will not serve this connection now: class 08 (connection
 * exception), 53300 too_many_connections, 57P01 admin_shutdown (pg_terminate_backend, a fast
 * shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down).
 */
const POSTGRES_CODES = new Set(["53300", "57P01", "57P02", "57P03"]);

/** What node-postgres says when the socket ends or a connect times out; these carry no code. */
const PG_CONNECTION_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];

/**
 * Whether a request failed because the database could not serve it. Driver codes and messages
 * decide at once; a bare network error (ECONNREFUSED…) could as well come from a mail server or
 * an identity provider, so it counts only while the database is known to be down or fails a ping.
 */
export async function databaseFailure(
  { outage, database }: { outage: DatabaseOutage; database: { ping(): Promise<void> } },
  error: unknown,
): Promise<DatabaseUnavailability | null> {
  const known = databaseUnavailability(error);
  if (known !== "network") return known;
  if (outage.down) return "unreachable";
  try {
    await database.ping();
    return null;
  } catch {
    return "unreachable";
  }
}

/** What the error alone says; "network": a connection failed, to something. */
export function databaseUnavailability(error: unknown): DatabaseUnavailability | "network" | null {
  // Wrapped errors (a cause, Node's AggregateError for a host with several addresses) are looked into, a few deep.
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  let network = false;
  while (pending.length > 0 && seen.size < 10) {
    const current = pending.shift();
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    const verdict = classify(current as { code?: unknown; message?: unknown });
    if (verdict === "network") network = true;
    else if (verdict) return verdict;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    if (cause !== undefined) pending.push(cause);
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return network ? "network" : null;
}

function classify({ code, message }: { code?: unknown; message?: unknown }): DatabaseUnavailability | "network" | null {
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code)) return "network";
    if (POSTGRES_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return "unreachable";
    // 55000 is object_not_in_prerequisite_state in general; only this message means "not now".
    if (code === "55000" && typeof message === "string" && message.includes("not currently accepting connections"))
      return "unreachable";
    // SQLite: the file cannot be opened or read (moved, its disk gone).
    if (code === "SQLITE_CANTOPEN" || code.startsWith("SQLITE_IOERR")) return "unreachable";
    // Another process holds the write lock past busy_timeout (a backup, a second server on the file).
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
  }
  if (typeof message === "string" && PG_CONNECTION_MESSAGES.some((text) => message.startsWith(text)))
    return "unreachable";
  return null;
}

/** How often an outage checks whether the database answers again. */
const PROBE_INTERVAL_MS = 1_000;

/**
 * Notices when the database stops answering and when it answers again, and says each once in the
 * log: during an outage every request fails the same way, and a stack per request would bury the
 * one line an operator needs. The end is found by pinging, not by the next request that happens
 * to work (a page that needs no query proves nothing).
 */
export class DatabaseOutage {
  private since: number | null = null;
  private probe: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  get down(): boolean {
    return this.since !== null;
  }

  /** A query failed because the database could not be reached. */
  unreachable(error: unknown): void {
    if (this.since !== null || this.closed) return;
    this.since = Date.now();
    this.log.error({ err: error }, "database unreachable; requests that need it answer 503 until it is back");
    this.scheduleProbe();
  }

  /** The database answered (a health check, the probe). */
  reachable(): void {
    if (this.since === null) return;
    const downForMs = Date.now() - this.since;
    this.since = null;
    clearTimeout(this.probe);
    this.log.info({ downForMs }, "database reachable again");
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.probe);
  }

  private scheduleProbe(): void {
    clearTimeout(this.probe);
    this.probe = setTimeout(() => {
      this.ping().then(
        () => this.reachable(),
        () => {
          if (this.since !== null && !this.closed) this.scheduleProbe();
        },
      );
    }, PROBE_INTERVAL_MS);
    this.probe.unref();
  }
}
