import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { CompiledQuery, type Kysely } from "kysely";
import pg from "pg";
import { z } from "zod";
import { CLOSE_CODES } from "../../domain/realtime.js";
import { nameStatement } from "../db/named-statements.js";
import { SharedRoundTrips } from "../db/shared-round-trips.js";
import type { DB } from "../db/schema.js";
import { applyEvent, type ProcessState, type RealtimeBus, type RealtimeEvent, realtimeEventSchema } from "./bus.js";

export const REALTIME_CHANNEL = "tandem_realtime";
/** Shown in pg_stat_activity, so operators (and tests) can find the listening connections. */
export const LISTENER_APPLICATION_NAME = "tandem-realtime";
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (default build). */
export const MAX_PAYLOAD_BYTES = 7_999;

const HEARTBEAT_INTERVAL_MS = 30_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
/**
 * Reconnection backoff. Capped low: events published while the listener is down never reach
 * this process's sockets, so it must be back within moments of the database, and one
 * connection attempt every two seconds costs a database nothing.
 */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 2_000;

/**
 * Notifications in publishing order (unnest keeps the array's), several in one round trip; named
 * (server/db/named-statements.ts), so each connection parses it once.
 */
const NOTIFY = "select pg_notify($1, payload) from unnest($2::text[]) as payload";
nameStatement(NOTIFY);

const envelopeSchema = z.object({ origin: z.string().min(1), event: realtimeEventSchema });

export interface PostgresBusOptions {
  /** The same connection string as the pool's; LISTEN needs a session of its own, never a pooled one. */
  url: string;
  db: Kysely<DB>;
  /** This process's sockets and remembered credentials. */
  local: ProcessState;
  log: FastifyBaseLogger;
}

/**
 * Fan-out between server processes sharing one PostgreSQL database: NOTIFY on one channel through
 * the pool, and one dedicated connection per process that LISTENs.
 *
 * Exactly once per process: the publisher applies the event to its own sockets at once and tags
 * the notification with its process id; its listener then ignores notifications carrying that id.
 * We chose this over relying on our own notification alone because a sign-out must close this
 * process's sockets even while its listener is reconnecting, and without a database round trip.
 */
export class PostgresBus implements RealtimeBus {
  /** Per bus, not per OS process: two apps in one process (tests) are two processes here. */
  readonly origin = randomUUID();
  /** How this bus's own notifications begin (encodeNotifications puts the origin first). */
  private readonly ownPrefix = `{"origin":${JSON.stringify(this.origin)},`;
  private readonly log: FastifyBaseLogger;
  private client: pg.Client | null = null;
  private closed = false;
  private everListened = false;
  private failures = 0;
  /** When the listener lost its connection (null while it listens), for the log line of its return. */
  private lostAt: number | null = null;
  private reconnectTimer: NodeJS.Timeout | undefined;
  /**
   * Each publish's notifications; those published while one statement is on its way go together
   * in the next (server/db/shared-round-trips.ts), in publishing order. (PostgreSQL delivers two
   * identical payloads of one statement once: the same event twice says nothing more.)
   */
  private readonly notifications = new SharedRoundTrips<{ payloads: string[]; kind: string }, void>(
    async (published) => {
      try {
        const payloads = published.flatMap((entry) => entry.payloads);
        await this.options.db.executeQuery(CompiledQuery.raw(NOTIFY, [REALTIME_CHANNEL, payloads]));
      } catch (err) {
        const kinds = [...new Set(published.map((entry) => entry.kind))];
        this.log.warn({ err, kinds }, "realtime notification failed; other processes rely on their recheck");
      }
      return published.map(() => undefined);
    },
  );
  private heartbeatTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: PostgresBusOptions) {
    this.log = options.log.child({ component: "realtime-bus" });
  }

  async publish(event: RealtimeEvent): Promise<void> {
    if (event.kind === "send" && event.userIds.length === 0) return;
    const payloads = encodeNotifications(this.origin, event);
    if (!payloads) {
      // Only a huge message can do this (ids are short); it is a programming error, not a user's.
      this.log.error({ kind: event.kind }, "realtime event too large for a notification; not sent to any process");
      return;
    }
    applyEvent(this.options.local, event);
    await this.notifications.ask({ payloads, kind: event.kind });
  }

  start(): Promise<void> {
    return this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeatTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** True while this process's LISTEN connection is up. */
  get listening(): boolean {
    return this.client !== null;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.options.url,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    let lost = false;
    // pg reports one loss as "error", "end" or both: react once.
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) {
        this.client = null;
        clearInterval(this.heartbeatTimer);
      }
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.failures += 1;
      const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** (this.failures - 1));
      // Said once per outage; the attempts every two seconds after it are not news.
      if (this.lostAt === null) {
        this.lostAt = Date.now();
        this.log.warn(
          { err },
          "realtime listener has no PostgreSQL connection; events from other processes are missed until it reconnects, then this process's sockets are told to resync",
        );
      } else {
        this.log.debug({ err, retryInMs: delay }, "realtime listener still cannot connect");
      }
      this.reconnectTimer = setTimeout(() => void this.connect(), delay * (0.75 + Math.random() * 0.5));
      this.reconnectTimer.unref();
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (notification) => {
      if (notification.channel === REALTIME_CHANNEL) this.receive(notification.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    } catch (err) {
      onLost(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    if (lost) return;
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    this.heartbeatTimer = setInterval(() => void this.heartbeat(client, onLost), HEARTBEAT_INTERVAL_MS);
    this.heartbeatTimer.unref();
    if (this.everListened) {
      this.log.info(
        { downForMs: this.lostAt === null ? null : Date.now() - this.lostAt },
        "realtime listener reconnected",
      );
      // Revocations published during the gap were missed: check every socket's credential now
      // rather than at the next minute, and resolve every credential afresh.
      this.options.local.credentials.clear();
      void this.options.local.hub.recheck(CLOSE_CODES.signedOut).catch(() => undefined);
      // So were changes: every client here catches up (tasks by change number, the rest by refetching).
      this.options.local.hub.broadcast({ type: "resync" });
    }
    this.lostAt = null;
    this.everListened = true;
  }

  /**
   * An idle LISTEN connection can die silently (server restart behind a proxy, network cut) and
   * TCP keepalive takes minutes to notice, so the connection is probed with a short timeout.
   */
  private async heartbeat(client: pg.Client, onLost: (err?: Error) => void): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error("heartbeat timed out")), HEARTBEAT_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query("select 1"), timeout]);
    } catch (err) {
      onLost(err instanceof Error ? err : new Error(String(err)));
    } finally {
      clearTimeout(timer);
    }
  }

  private receive(payload: string | undefined): void {
    // Our own notification comes back to our listener too: dropped before any parsing, as every
    // task write here would otherwise pay for reading its own event again.
    if (payload?.startsWith(this.ownPrefix)) return;
    let json: unknown;
    try {
      json = JSON.parse(payload ?? "");
    } catch {
      json = undefined;
    }
    const parsed = envelopeSchema.safeParse(json);
    if (!parsed.success) {
      this.log.warn({ issues: parsed.error.issues.slice(0, 3) }, "ignored a malformed realtime notification");
      return;
    }
    if (parsed.data.origin === this.origin) return;
    applyEvent(this.options.local, parsed.data.event);
  }
}

/**
 * The notification payloads for an event: one, or for a `send` to many users, several that split
 * the user ids. Null when even one user id would not fit (the message itself is too large).
 */
export function encodeNotifications(origin: string, event: RealtimeEvent): string[] | null {
  const whole = JSON.stringify({ origin, event });
  if (byteLength(whole) <= MAX_PAYLOAD_BYTES) return [whole];
  if (event.kind !== "send") return null;
  const encode = (userIds: string[]) => JSON.stringify({ origin, event: { ...event, userIds } });
  const base = byteLength(encode([]));
  const payloads: string[] = [];
  let chunk: string[] = [];
  let size = base;
  for (const userId of event.userIds) {
    const idBytes = byteLength(JSON.stringify(userId));
    if (base + idBytes > MAX_PAYLOAD_BYTES) return null;
    if (chunk.length > 0 && size + 1 + idBytes > MAX_PAYLOAD_BYTES) {
      payloads.push(encode(chunk));
      chunk = [];
      size = base;
    }
    size += (chunk.length > 0 ? 1 : 0) + idBytes;
    chunk.push(userId);
  }
  if (chunk.length > 0) payloads.push(encode(chunk));
  return payloads;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}
