/**
 * Live-update latency: `clients` WebSockets on /api/ws, all of one user (so all members of the
 * personal group), and a writer that PATCHes a task of that group, one write at a time. For each
 * write and each socket: the time from sending the PATCH until that socket has the write's
 * {type:"tasks.changed"} message. Sender and sockets share this process's clock.
 */
import { performance } from "node:perf_hooks";
import WebSocket from "ws";

const CONNECT_TIMEOUT_MS = 10_000;
const WRITE_TIMEOUT_MS = 10_000;

export interface LiveUpdateOptions {
  baseUrl: string;
  token: string;
  groupId: string;
  taskId: string;
  clients: number;
  /** Writes measured. */
  writes: number;
  /** Writes made first and not counted (JIT, statement cache, socket buffers). */
  warmupWrites: number;
}

export interface LiveUpdateResult {
  clients: number;
  writes: number;
  /** One sample per (write, socket): writes × clients of them. */
  samples: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Per write, the time until the last of the sockets had it. */
  lastSocketP50Ms: number;
  lastSocketP99Ms: number;
  /** The writer's own PATCH round trip, for comparison. */
  httpP50Ms: number;
  httpP99Ms: number;
}

interface Pending {
  startedAt: number;
  /** The group's change number before this write: the write's message carries a larger one. */
  afterSeq: number;
  received: number;
  lastAt: number;
  done: () => void;
}

export async function measureLiveUpdates(options: LiveUpdateOptions): Promise<LiveUpdateResult> {
  const { baseUrl, token, groupId, taskId, clients } = options;
  let pending: Pending | null = null;
  const latencies: number[] = [];
  const lastSocket: number[] = [];
  const http: number[] = [];
  let measuring = false;
  /** Per socket, the newest seq it has seen, so a message is counted once per socket. */
  const seen = new Array<number>(clients).fill(0);

  const sockets = await Promise.all(
    Array.from({ length: clients }, (_unused, index) =>
      openSocket(`${baseUrl.replace(/^http/, "ws")}/api/ws`, token, (message) => {
        if (message.type !== "tasks.changed" || message.groupId !== groupId) return;
        const seq = Number(message.seq);
        const write = pending;
        if (write === null || seq <= write.afterSeq || seq <= seen[index]!) return;
        seen[index] = seq;
        const now = performance.now();
        if (measuring) latencies.push(now - write.startedAt);
        write.received += 1;
        write.lastAt = now;
        if (write.received === clients) write.done();
      }),
    ),
  );

  try {
    let seq = await currentSeq(baseUrl, token, groupId);
    for (let write = 0; write < options.warmupWrites + options.writes; write += 1) {
      measuring = write >= options.warmupWrites;
      let done!: () => void;
      const allReceived = new Promise<void>((resolve) => (done = resolve));
      const startedAt = performance.now();
      const current: Pending = { startedAt, afterSeq: seq, received: 0, lastAt: startedAt, done };
      pending = current;
      const response = await fetch(`${baseUrl}/api/tasks/${taskId}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ title: `Live update ${write}` }),
      });
      const answeredAt = performance.now();
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`PATCH /api/tasks/${taskId} answered ${response.status}`);
      await withTimeout(
        allReceived,
        WRITE_TIMEOUT_MS,
        () => `write ${write}: ${current.received} of ${clients} sockets had the message after ${WRITE_TIMEOUT_MS} ms`,
      );
      if (measuring) {
        http.push(answeredAt - startedAt);
        lastSocket.push(current.lastAt - startedAt);
      }
      seq = Math.max(...seen);
      pending = null;
    }
  } finally {
    for (const socket of sockets) socket.terminate();
  }

  return {
    clients,
    writes: options.writes,
    samples: latencies.length,
    p50Ms: percentile(latencies, 50),
    p90Ms: percentile(latencies, 90),
    p99Ms: percentile(latencies, 99),
    maxMs: percentile(latencies, 100),
    lastSocketP50Ms: percentile(lastSocket, 50),
    lastSocketP99Ms: percentile(lastSocket, 99),
    httpP50Ms: percentile(http, 50),
    httpP99Ms: percentile(http, 99),
  };
}

/** Opens a socket with the API token (scripts' way in; no Origin needed) and waits for the greeting. */
function openSocket(
  url: string,
  token: string,
  onMessage: (message: Record<string, unknown>) => void,
): Promise<WebSocket> {
  const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
  return withTimeout(
    new Promise<WebSocket>((resolve, reject) => {
      socket.once("unexpected-response", (_request, response) =>
        reject(new Error(`/api/ws refused: ${response.statusCode}`)),
      );
      socket.once("error", reject);
      socket.on("message", (data) => {
        const message = JSON.parse(data.toString()) as Record<string, unknown>;
        if (message.type === "hello") resolve(socket);
        else onMessage(message);
      });
    }),
    CONNECT_TIMEOUT_MS,
    () => `no greeting on /api/ws within ${CONNECT_TIMEOUT_MS} ms`,
  );
}

async function currentSeq(baseUrl: string, token: string, groupId: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/groups/${groupId}/tasks`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`GET /api/groups/${groupId}/tasks answered ${response.status}`);
  return ((await response.json()) as { seq: number }).seq;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message())), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Nearest-rank percentile; 100 is the maximum. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}
