/**
 * `npm run bench`: our real app against a bare Fastify baseline, measured in the same run on the
 * same machine, with the ratio and the absolute figures of each.
 *
 * 1. Live-update latency (no baseline): WebSockets of one group hear of a task change.
 * 2. Pages (the built web app, dist/web, built first when stale): the layout shift of every page
 *    of the page table in Chromium on a slow network (bench/layout-shift.ts), and the gzip
 *    JavaScript the signed-in "/" loads before its first render (scripts/first-load-js.ts).
 * 3. Throughput, in alternating rounds. Each round starts the baseline process (hello-world and a
 *    200-task list served from memory), measures it, stops it; then starts our app on a fresh
 *    SQLite file, signs up a user over HTTP, makes its tasks, measures each route, stops it. One
 *    server under load at a time, and each server in its own process (never this, the load
 *    generator's, process).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  FIRST_LOAD_JS_BUDGET_BYTES,
  firstLoadJs,
  kilobytes,
  scriptSizes,
  scriptsWithSource,
} from "../scripts/first-load-js.js";
import { buildWebIfStale } from "../scripts/web-build.js";
import { PROJECT_ROOT } from "../server/env.js";
import { signUp } from "../tests/helpers/sign-in.js";
import { measureAssistant, printAssistant } from "./assistant.js";
import { compressionTable, measureCompression } from "./compression.js";
import { LAYOUT_SHIFT_GOAL, type LayoutShiftRow, measureLayoutShifts } from "./layout-shift.js";
import { measureLiveUpdates, type LiveUpdateResult } from "./live-updates.js";
import { BENCH_DIR, ROOT, type Server, withServer } from "./servers.js";
import { measureShoppingClassifier, printShoppingClassifier } from "./shopping-classifier.js";
import { prepareTaskFixture, type TaskFixture } from "./task-fixture.js";

const RESULTS_FILE = path.join(BENCH_DIR, "results", "latest.json");

// Throughput (autocannon).
const CONNECTIONS = 50;
const PIPELINING = 1;
const WARMUP_SECONDS = 2;
/** Seconds measured per target and round; BENCH_DURATION overrides it. */
const DEFAULT_DURATION_SECONDS = 4;
const ROUNDS = 3;

// Data.
const LIST_SIZE = 200;

// Live updates.
const LIVE_CLIENTS = 100;
const LIVE_WRITES = 200;
const LIVE_WARMUP_WRITES = 20;
const LIVE_GOAL_P50_MS = 50;
const LIVE_GOAL_P99_MS = 250;

function durationSeconds(): number {
  const raw = process.env.BENCH_DURATION;
  if (raw === undefined || raw === "") return DEFAULT_DURATION_SECONDS;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`BENCH_DURATION must be a positive number of seconds (got ${JSON.stringify(raw)})`);
  return value;
}

/** One kind of request fired by autocannon. */
interface Load {
  method: "GET" | "POST" | "PATCH";
  path: string;
  headers?: Record<string, string>;
  /** `[<id>]` in it becomes a fresh unique id on every request (autocannon's idReplacement). */
  body?: string;
  status: number;
}

type BaselineTarget = "hello" | "taskList";
type OurTarget =
  | "healthz"
  | "readTask"
  | "listTasks"
  | "listTasksFresh"
  | "listTasksFreshBrotli"
  | "listTasksFreshGzip"
  | "listSmall"
  | "listSmallBrotli"
  | "createTask"
  | "updateTask";

/** Answer sizes (in tasks) of the compression figures: around the threshold, then a page, then a big list. */
const COMPRESSION_SIZES = [1, 2, 3, 5, 10, 50, 200];

const BASELINE_LOADS: Record<BaselineTarget, Load> = {
  hello: { method: "GET", path: "/", status: 200 },
  taskList: { method: "GET", path: "/tasks", status: 200 },
};

function ourLoads(fixture: TaskFixture): Record<OurTarget, Load> {
  const json = { authorization: `Bearer ${fixture.token}`, "content-type": "application/json" };
  const bearer = { authorization: `Bearer ${fixture.token}` };
  return {
    healthz: { method: "GET", path: "/api/healthz", status: 200 },
    readTask: { method: "GET", path: `/api/tasks/${fixture.readTaskId}`, headers: bearer, status: 200 },
    listTasks: { method: "GET", path: `/api/groups/${fixture.listGroupId}/tasks`, headers: bearer, status: 200 },
    // The same 200 tasks as changes since 0: built from the database on every request, never remembered.
    listTasksFresh: {
      method: "GET",
      path: `/api/groups/${fixture.listGroupId}/tasks?since=0`,
      headers: bearer,
      status: 200,
    },
    // Compressed per request (server/plugins/response-compression.ts), as a browser asks for it.
    listTasksFreshBrotli: {
      method: "GET",
      path: `/api/groups/${fixture.listGroupId}/tasks?since=0`,
      headers: { ...bearer, "accept-encoding": "br" },
      status: 200,
    },
    listTasksFreshGzip: {
      method: "GET",
      path: `/api/groups/${fixture.listGroupId}/tasks?since=0`,
      headers: { ...bearer, "accept-encoding": "gzip" },
      status: 200,
    },
    // The personal group's two tasks: an answer just over the compression threshold.
    listSmall: {
      method: "GET",
      path: `/api/groups/${fixture.personalGroupId}/tasks?since=0`,
      headers: bearer,
      status: 200,
    },
    listSmallBrotli: {
      method: "GET",
      path: `/api/groups/${fixture.personalGroupId}/tasks?since=0`,
      headers: { ...bearer, "accept-encoding": "br" },
      status: 200,
    },
    // Distinct titles, as people write them: one repeated title would also test duplicate detection.
    createTask: {
      method: "POST",
      path: "/api/tasks",
      headers: json,
      body: JSON.stringify({ groupId: fixture.personalGroupId, title: "Bench task [<id>]" }),
      status: 201,
    },
    updateTask: {
      method: "PATCH",
      path: `/api/tasks/${fixture.editTaskId}`,
      headers: json,
      body: JSON.stringify({ title: "Renamed [<id>]" }),
      status: 200,
    },
  };
}

/** Reads first, so the writes' growing tables cannot slow them. */
const ALL_OUR_TARGETS: readonly OurTarget[] = [
  "healthz",
  "readTask",
  "listTasks",
  "listTasksFresh",
  "listTasksFreshBrotli",
  "listTasksFreshGzip",
  "listSmall",
  "listSmallBrotli",
  "createTask",
  "updateTask",
];

/** The comparisons printed and checked, each against a baseline target of the same round (goal null: for information). */
const COMPARISONS: { name: string; oursTarget: OurTarget; baselineTarget: BaselineTarget; goal: number | null }[] = [
  { name: "GET /api/healthz", oursTarget: "healthz", baselineTarget: "hello", goal: 0.8 },
  { name: "read one task (GET /api/tasks/<id>)", oursTarget: "readTask", baselineTarget: "hello", goal: 0.5 },
  { name: "create a task (POST /api/tasks)", oursTarget: "createTask", baselineTarget: "hello", goal: 0.15 },
  { name: "update a task (PATCH /api/tasks/<id>)", oursTarget: "updateTask", baselineTarget: "hello", goal: 0.15 },
  {
    name: `list ${LIST_SIZE} tasks (GET /api/groups/<id>/tasks)`,
    oursTarget: "listTasks",
    baselineTarget: "taskList",
    goal: 0.6,
  },
  {
    name: `  the same, built afresh (?since=0)`,
    oursTarget: "listTasksFresh",
    baselineTarget: "taskList",
    goal: null,
  },
];

/** Plain against compressed answers of the same route, both built per request (no baseline: ours against ours). */
const COMPRESSION_PAIRS: { name: string; plain: OurTarget; compressed: OurTarget }[] = [
  { name: `${LIST_SIZE} tasks (?since=0), Brotli`, plain: "listTasksFresh", compressed: "listTasksFreshBrotli" },
  { name: `${LIST_SIZE} tasks (?since=0), gzip`, plain: "listTasksFresh", compressed: "listTasksFreshGzip" },
  { name: "2 tasks (?since=0), Brotli", plain: "listSmall", compressed: "listSmallBrotli" },
];
/** The link a phone on a mobile network might have, to say what the bytes saved are worth. */
const MOBILE_LINK_MBPS = 20;

interface Measurement {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAverageMs: number;
  /** Response bytes (headers included) per request, from autocannon's throughput. */
  bytesPerResponse: number;
  /**
   * The server process's CPU time (all its threads) per request during the measurement, from
   * /proc; null where there is no /proc. Less sensitive than req/s to other load on the machine.
   */
  serverCpuMicrosPerRequest: number | null;
  totalRequests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

function run(server: Server, load: Load, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: server.baseUrl + load.path,
    method: load.method,
    headers: load.headers,
    body: load.body,
    idReplacement: load.body?.includes("[<id>]") ?? false,
    connections: CONNECTIONS,
    pipelining: PIPELINING,
    duration,
  });
}

async function measure(server: Server, name: string, load: Load, duration: number): Promise<Measurement> {
  // A benchmark of error pages would be meaningless: the target must answer as expected first.
  const probe = await fetch(server.baseUrl + load.path, {
    method: load.method,
    headers: load.headers,
    body: load.body?.replaceAll("[<id>]", "probe"),
  });
  const probeText = await probe.text();
  if (probe.status !== load.status)
    throw new Error(`${load.method} ${load.path} answered ${probe.status}, expected ${load.status}: ${probeText}`);
  process.stderr.write(`  ${name}: warming up ${WARMUP_SECONDS} s, measuring ${duration} s …`);
  await run(server, load, WARMUP_SECONDS);
  const cpuBefore = processCpuMs(server.child.pid);
  const result = await run(server, load, duration);
  const cpuAfter = processCpuMs(server.child.pid);
  const measurement: Measurement = {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAverageMs: result.latency.average,
    bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    serverCpuMicrosPerRequest:
      cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
        ? ((cpuAfter - cpuBefore) * 1000) / result.requests.total
        : null,
    totalRequests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
  process.stderr.write(` ${measurement.requestsPerSecond.toFixed(0)} req/s\n`);
  if (measurement.errors + measurement.timeouts + measurement.non2xx > 0) {
    throw new Error(
      `${name}: ${measurement.errors} errors, ${measurement.timeouts} timeouts, ${measurement.non2xx} non-2xx answers`,
    );
  }
  return measurement;
}

let clockTicksPerSecond: number | undefined;

/** User + system CPU time of a process so far, in ms (Linux /proc), or null where unavailable. */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    clockTicksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  } catch {
    return null;
  }
}

/** The round with the median throughput (rounds are odd in number, so there is one). */
function median(measurements: Measurement[]): Measurement {
  const sorted = [...measurements].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function medianOf(values: (number | null)[]): number | null {
  if (values.some((value) => value === null)) return null;
  const sorted = (values as number[]).slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_cell, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  return [line(rows[0]!), widths.map((width) => "-".repeat(width)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

const WEB_DIST = path.join(PROJECT_ROOT, "dist", "web");

interface PagesResult {
  layoutShift: LayoutShiftRow[];
  firstLoad: ReturnType<typeof firstLoadJs>;
  /** Loaded on demand by the task list (idle or first keystroke): what it would add if loaded up front. */
  quickAddParser: ReturnType<typeof scriptSizes>;
}

/** The built app in Chromium: every page's layout shift, and what the signed-in "/" loads first. */
async function measurePages(): Promise<PagesResult> {
  process.stderr.write("\n── pages: the built web app\n");
  if (buildWebIfStale()) process.stderr.write("  (built dist/web: it was older than its sources)\n");
  return withServer("app-server.ts", {}, async (server) => {
    process.stderr.write("  layout shift of every page, phone and desk, visitor and user, on a slow network …\n");
    const layoutShift = await measureLayoutShifts(server.baseUrl, { throttled: true });
    const { client } = await signUp(server.baseUrl, "First Load", "first-load@example.org");
    const firstLoad = firstLoadJs(WEB_DIST, await (await client.request("/")).text());
    const loaded = new Set(firstLoad.scripts.map((script) => script.path));
    const quickAddParser = scriptSizes(
      WEB_DIST,
      scriptsWithSource(WEB_DIST, "domain/quick-add/").filter((script) => !loaded.has(script)),
    );
    return { layoutShift, firstLoad, quickAddParser };
  });
}

function printPages(pages: PagesResult): void {
  const rows = [...pages.layoutShift].sort((a, b) => b.total - a.total);
  const over = rows.filter((row) => row.total > LAYOUT_SHIFT_GOAL);
  console.log("");
  console.log(
    `Layout shift (sum of a load's shifts, ≥ CLS) of ${rows.length} page loads, 150 ms / 1.6 Mbit/s; goal ≤ ${LAYOUT_SHIFT_GOAL} on every page: ${over.length === 0 ? "met" : `NOT met on ${over.length}`}`,
  );
  const shown = rows.filter((row) => row.total > 0.001).slice(0, 12);
  if (shown.length === 0) console.log("  no page shifted at all");
  else
    console.log(
      table([
        ["page", "visit", "viewport", "shift", "largest shift: what moved"],
        ...shown.map((row) => [row.path, row.visit, row.viewport, row.total.toFixed(3), row.worst[0] ?? ""]),
      ]),
    );
  const { firstLoad, quickAddParser } = pages;
  const met = firstLoad.gzipBytes <= FIRST_LOAD_JS_BUDGET_BYTES;
  console.log("");
  console.log(
    `First-load JavaScript of the signed-in "/" (gzip -9): ${kilobytes(firstLoad.gzipBytes)} in ${firstLoad.scripts.length} scripts, budget ${kilobytes(FIRST_LOAD_JS_BUDGET_BYTES)}: ${met ? "met" : "NOT met"}`,
  );
  console.log(
    table([
      ["script", "raw", "gzip"],
      ...firstLoad.scripts
        .slice(0, 8)
        .map((script) => [script.path, kilobytes(script.bytes), kilobytes(script.gzipBytes)]),
    ]),
  );
  console.log(
    `  the quick-add parser, loaded on demand: ${kilobytes(quickAddParser.gzipBytes)} in ${quickAddParser.scripts.length} scripts (${kilobytes(firstLoad.gzipBytes + quickAddParser.gzipBytes)} if it were loaded up front)`,
  );
}

/** Live updates on their own server, and the task list our API answers (the baseline serves it). */
async function measureLive(taskListFile: string): Promise<LiveUpdateResult> {
  process.stderr.write(`\n── live updates: ${LIVE_CLIENTS} sockets, ${LIVE_WRITES} writes\n`);
  return withServer("app-server.ts", {}, async (server) => {
    const fixture = await prepareTaskFixture(server.baseUrl, LIST_SIZE);
    const list = await fetch(`${server.baseUrl}/api/groups/${fixture.listGroupId}/tasks`, {
      headers: { authorization: `Bearer ${fixture.token}` },
    });
    const body = (await list.json()) as { tasks: unknown[] };
    if (list.status !== 200 || body.tasks.length !== LIST_SIZE)
      throw new Error(`expected ${LIST_SIZE} tasks in the list group, got ${list.status} ${body.tasks.length}`);
    fs.writeFileSync(taskListFile, JSON.stringify(body));
    return measureLiveUpdates({
      baseUrl: server.baseUrl,
      token: fixture.token,
      groupId: fixture.personalGroupId,
      taskId: fixture.editTaskId,
      clients: LIVE_CLIENTS,
      writes: LIVE_WRITES,
      warmupWrites: LIVE_WARMUP_WRITES,
    });
  });
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const duration = durationSeconds();
  const machine = {
    cpu: os.cpus()[0]?.model ?? "unknown",
    cores: os.cpus().length,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  };
  const date = new Date().toISOString();
  // Other work on the machine skews req/s (the CPU-time figures much less): the run says how busy it was.
  const loadBefore = os.loadavg()[0]!;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-bench-run-"));
  const taskListFile = path.join(scratch, "task-list.json");

  try {
    const pages = await measurePages();
    const assistant = measureAssistant();
    const shopping = await measureShoppingClassifier();
    const live = await measureLive(taskListFile);

    // Alternating rounds, then the median of each target, so a burst of noise on a shared machine
    // skews one round rather than the ratio.
    const rounds = {
      baseline: { hello: [], taskList: [] } as Record<BaselineTarget, Measurement[]>,
      ours: Object.fromEntries(ALL_OUR_TARGETS.map((target) => [target, []])) as unknown as Record<
        OurTarget,
        Measurement[]
      >,
    };
    for (let round = 1; round <= ROUNDS; round += 1) {
      process.stderr.write(`\n── round ${round} of ${ROUNDS}: baseline\n`);
      await withServer("baseline-server.ts", { BENCH_TASK_LIST_FILE: taskListFile }, async (server) => {
        for (const [target, load] of Object.entries(BASELINE_LOADS) as [BaselineTarget, Load][]) {
          rounds.baseline[target].push(await measure(server, target, load, duration));
        }
      });
      process.stderr.write(`── round ${round} of ${ROUNDS}: tandem\n`);
      await withServer("app-server.ts", {}, async (server) => {
        const loads = ourLoads(await prepareTaskFixture(server.baseUrl, LIST_SIZE));
        for (const target of ALL_OUR_TARGETS) {
          rounds.ours[target].push(await measure(server, target, loads[target], duration));
        }
      });
    }

    const fmt = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
    const results = COMPARISONS.map((comparison) => {
      const ours = median(rounds.ours[comparison.oursTarget]);
      const baseline = median(rounds.baseline[comparison.baselineTarget]);
      const ratio = baseline.requestsPerSecond > 0 ? ours.requestsPerSecond / baseline.requestsPerSecond : Number.NaN;
      // The CPU figures: the median round of each on its own (it need not be the req/s median round).
      const oursCpu = medianOf(rounds.ours[comparison.oursTarget].map((m) => m.serverCpuMicrosPerRequest));
      const baselineCpu = medianOf(rounds.baseline[comparison.baselineTarget].map((m) => m.serverCpuMicrosPerRequest));
      const cpuRatio = oursCpu !== null && baselineCpu !== null && oursCpu > 0 ? baselineCpu / oursCpu : null;
      return {
        ...comparison,
        ours,
        baseline,
        ratio,
        met: comparison.goal === null ? null : ratio >= comparison.goal,
        serverCpuMicrosPerRequest: { ours: oursCpu, baseline: baselineCpu, ratio: cpuRatio },
      };
    });
    const liveMet = live.p50Ms <= LIVE_GOAL_P50_MS && live.p99Ms <= LIVE_GOAL_P99_MS;

    printPages(pages);
    printAssistant(assistant);
    printShoppingClassifier(shopping);
    console.log("");
    console.log("Throughput: req/s (p50 / p99 latency in ms), median round of each");
    console.log(
      table([
        ["measurement", "ours", "baseline", "ratio", "goal", "met?"],
        ...results.map((r) => [
          r.name,
          `${r.ours.requestsPerSecond.toFixed(0)} (${fmt(r.ours.latencyP50Ms, 0)} / ${fmt(r.ours.latencyP99Ms, 0)})`,
          `${r.baseline.requestsPerSecond.toFixed(0)} (${fmt(r.baseline.latencyP50Ms, 0)} / ${fmt(r.baseline.latencyP99Ms, 0)})`,
          fmt(r.ratio),
          r.goal === null ? "" : `≥ ${r.goal}`,
          r.met === null ? "" : r.met ? "yes" : "NO",
        ]),
      ]),
    );
    if (results.every((r) => r.serverCpuMicrosPerRequest.ratio !== null)) {
      console.log("");
      console.log("Server CPU time per request (µs), median round of each; ratio = baseline ÷ ours");
      console.log(
        table([
          ["measurement", "ours", "baseline", "ratio"],
          ...results.map((r) => [
            r.name,
            fmt(r.serverCpuMicrosPerRequest.ours ?? Number.NaN, 0),
            fmt(r.serverCpuMicrosPerRequest.baseline ?? Number.NaN, 0),
            fmt(r.serverCpuMicrosPerRequest.ratio ?? Number.NaN),
          ]),
        ]),
      );
    }
    const list = results.find((r) => r.oursTarget === "listTasks")!;
    console.log(
      `list response bytes: ours ${list.ours.bytesPerResponse.toFixed(0)}, baseline ${list.baseline.bytesPerResponse.toFixed(0)} (headers included)`,
    );
    const compressionPairs = COMPRESSION_PAIRS.map((pair) => {
      const plain = median(rounds.ours[pair.plain]);
      const compressed = median(rounds.ours[pair.compressed]);
      const plainCpu = medianOf(rounds.ours[pair.plain].map((m) => m.serverCpuMicrosPerRequest));
      const compressedCpu = medianOf(rounds.ours[pair.compressed].map((m) => m.serverCpuMicrosPerRequest));
      const savedBytes = plain.bytesPerResponse - compressed.bytesPerResponse;
      const extraCpu = plainCpu !== null && compressedCpu !== null ? compressedCpu - plainCpu : null;
      return {
        ...pair,
        plain: { requestsPerSecond: plain.requestsPerSecond, bytes: plain.bytesPerResponse, cpuMicros: plainCpu },
        compressed: {
          requestsPerSecond: compressed.requestsPerSecond,
          bytes: compressed.bytesPerResponse,
          cpuMicros: compressedCpu,
        },
        savedBytes,
        extraCpuMicros: extraCpu,
        /** Transfer time the saved bytes take on the mobile link, in µs. */
        savedMicrosOnMobileLink: (savedBytes * 8) / MOBILE_LINK_MBPS,
      };
    });
    console.log("");
    console.log(
      `Compressed API answers (server/plugins/response-compression.ts): the same route plain and compressed, median round; saved time on a ${MOBILE_LINK_MBPS} Mbit/s link`,
    );
    console.log(
      table([
        [
          "answer",
          "req/s plain / compressed",
          "bytes plain / compressed",
          "CPU µs plain / compressed",
          "extra CPU",
          `saved on ${MOBILE_LINK_MBPS} Mbit/s`,
        ],
        ...compressionPairs.map((pair) => [
          pair.name,
          `${pair.plain.requestsPerSecond.toFixed(0)} / ${pair.compressed.requestsPerSecond.toFixed(0)}`,
          `${pair.plain.bytes.toFixed(0)} / ${pair.compressed.bytes.toFixed(0)}`,
          `${fmt(pair.plain.cpuMicros ?? Number.NaN, 0)} / ${fmt(pair.compressed.cpuMicros ?? Number.NaN, 0)}`,
          pair.extraCpuMicros === null ? "n/a" : `${pair.extraCpuMicros.toFixed(0)} µs`,
          `${pair.savedMicrosOnMobileLink.toFixed(0)} µs`,
        ]),
      ]),
    );
    const taskList = JSON.parse(fs.readFileSync(taskListFile, "utf8")) as { tasks: unknown[] };
    const compression = measureCompression(taskList, COMPRESSION_SIZES);
    console.log("");
    console.log(
      "Compressing one answer in this process (our task list JSON cut to N tasks), median of 7 rounds; break-even = the link speed at which the CPU time equals the transfer time saved",
    );
    console.log(table(compressionTable(compression)));
    console.log("");
    console.log(
      `Live updates: ${live.clients} WebSockets of one user (all members of the group), ${live.writes} PATCHes one after the other, ${live.samples} deliveries`,
    );
    console.log(
      table([
        ["write sent → socket has tasks.changed", "p50 ms", "p90 ms", "p99 ms", "max ms", "goal"],
        [
          "each delivery",
          fmt(live.p50Ms),
          fmt(live.p90Ms),
          fmt(live.p99Ms),
          fmt(live.maxMs),
          `p50 ≤ ${LIVE_GOAL_P50_MS}, p99 ≤ ${LIVE_GOAL_P99_MS}: ${liveMet ? "met" : "NOT met"}`,
        ],
        ["last of the sockets, per write", fmt(live.lastSocketP50Ms), "", fmt(live.lastSocketP99Ms), "", ""],
        ["the writer's PATCH round trip", fmt(live.httpP50Ms), "", fmt(live.httpP99Ms), "", ""],
      ]),
    );
    console.log("");
    const loadAfter = os.loadavg()[0]!;
    console.log(
      `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.platform}; 1-minute load average ${loadBefore.toFixed(1)} at the start, ${loadAfter.toFixed(1)} at the end`,
    );
    console.log(
      `node ${machine.node}; ${CONNECTIONS} connections, pipelining ${PIPELINING}, median of ${ROUNDS} alternating rounds of ${duration} s per target after ${WARMUP_SECONDS} s warm-up; ${date}; took ${Math.round((Date.now() - startedAt) / 1000)} s`,
    );
    console.log("all rounds, req/s:");
    for (const [target, measurements] of [
      ...Object.entries(rounds.baseline).map(([t, m]) => [`baseline ${t}`, m] as const),
      ...Object.entries(rounds.ours).map(([t, m]) => [`ours ${t}`, m] as const),
    ]) {
      console.log(`  ${target}: ${measurements.map((m) => m.requestsPerSecond.toFixed(0)).join(", ")}`);
    }

    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    const report = {
      date,
      machine: { ...machine, loadAverage: { start: loadBefore, end: loadAfter } },
      settings: {
        connections: CONNECTIONS,
        pipelining: PIPELINING,
        durationSeconds: duration,
        warmupSeconds: WARMUP_SECONDS,
        rounds: ROUNDS,
        listSize: LIST_SIZE,
        liveClients: LIVE_CLIENTS,
        liveWrites: LIVE_WRITES,
        liveWarmupWrites: LIVE_WARMUP_WRITES,
      },
      throughput: results,
      live: { ...live, goal: { p50Ms: LIVE_GOAL_P50_MS, p99Ms: LIVE_GOAL_P99_MS }, met: liveMet },
      compression: { pairs: compressionPairs, perAnswer: compression },
      pages: {
        layoutShift: { goal: LAYOUT_SHIFT_GOAL, loads: pages.layoutShift },
        firstLoadJs: { budgetBytes: FIRST_LOAD_JS_BUDGET_BYTES, ...pages.firstLoad },
        quickAddParser: pages.quickAddParser,
      },
      rounds,
    };
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`results written to ${path.relative(ROOT, RESULTS_FILE)}`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `bench failed: ${error.message}` : error);
  process.exit(1);
});
