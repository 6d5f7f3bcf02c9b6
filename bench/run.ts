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
import { withPostgresDatabase } from "./postgres-database.js";
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

interface BenchOptions {
  /** --db=postgres: the task routes on PostgreSQL too, beside SQLite. */
  postgres: boolean;
  /** --only=throughput: skip pages, the assistant, the shopping classifier and live updates. */
  only: "throughput" | null;
}

function benchOptions(args: readonly string[]): BenchOptions {
  const options: BenchOptions = { postgres: false, only: null };
  for (const arg of args) {
    if (arg === "--db=postgres") options.postgres = true;
    else if (arg === "--db=sqlite") options.postgres = false;
    else if (arg === "--only=throughput") options.only = "throughput";
    else throw new Error(`unknown option ${arg} (known: --db=sqlite, --db=postgres, --only=throughput)`);
  }
  return options;
}

/** BENCH_ROUNDS overrides the number of rounds (odd, so there is a median round). */
function roundsCount(): number {
  const raw = process.env.BENCH_ROUNDS;
  if (raw === undefined || raw === "") return ROUNDS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value % 2 === 0)
    throw new Error(`BENCH_ROUNDS must be an odd whole number (got ${JSON.stringify(raw)})`);
  return value;
}

/** BENCH_TARGETS (comma-separated, e.g. readTask,createTask) measures only those of our targets. */
function selectedTargets(): OurTarget[] {
  const raw = process.env.BENCH_TARGETS;
  if (raw === undefined || raw === "") return [...ALL_OUR_TARGETS];
  const wanted = raw.split(",").map((name) => name.trim());
  const unknown = wanted.filter((name) => !(ALL_OUR_TARGETS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`unknown BENCH_TARGETS ${unknown.join(", ")}; known: ${ALL_OUR_TARGETS.join(", ")}`);
  return ALL_OUR_TARGETS.filter((target) => wanted.includes(target));
}

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

type BaselineTarget = "hello" | "taskList" | "allTasks";
type FloorTarget = "readTask" | "createTask" | "updateTask";
type OurTarget =
  | "healthz"
  | "readTask"
  | "allTasks"
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
  allTasks: { method: "GET", path: "/all-tasks", status: 200 },
};

/** The floor server (bench/floor-server.ts) answers the same paths as our app, on the same file. */
const FLOOR_TARGETS: readonly FloorTarget[] = ["readTask", "createTask", "updateTask"];

/** What runs on PostgreSQL as well (--db=postgres): the task routes; the rest does not touch the database. */
const POSTGRES_TARGETS: readonly OurTarget[] = ["readTask", "allTasks", "listTasks", "createTask", "updateTask"];

function ourLoads(fixture: TaskFixture): Record<OurTarget, Load> {
  const json = { authorization: `Bearer ${fixture.token}`, "content-type": "application/json" };
  const bearer = { authorization: `Bearer ${fixture.token}` };
  return {
    healthz: { method: "GET", path: "/api/healthz", status: 200 },
    readTask: { method: "GET", path: `/api/tasks/${fixture.readTaskId}`, headers: bearer, status: 200 },
    // Every task of the user across both groups (202): what Today and Upcoming read.
    allTasks: { method: "GET", path: "/api/tasks", headers: bearer, status: 200 },
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
  "allTasks",
  "listTasks",
  "listTasksFresh",
  "listTasksFreshBrotli",
  "listTasksFreshGzip",
  "listSmall",
  "listSmallBrotli",
  "createTask",
  "updateTask",
];

type Side = "baseline" | "floor" | "sqlite" | "postgres";

/**
 * The comparisons printed and checked, each against a target of the same round (goal null: for
 * information). The floor does exactly our database work with nothing around it; the baselines
 * are hello-world and the same JSON served from memory, for scale.
 */
const COMPARISONS: {
  name: string;
  ours: [Side, OurTarget];
  against: [Side, BaselineTarget | FloorTarget];
  goal: number | null;
}[] = [
  { name: "GET /api/healthz ÷ hello-world", ours: ["sqlite", "healthz"], against: ["baseline", "hello"], goal: 0.7 },
  { name: "read one task ÷ floor", ours: ["sqlite", "readTask"], against: ["floor", "readTask"], goal: 0.7 },
  { name: "create a task ÷ floor", ours: ["sqlite", "createTask"], against: ["floor", "createTask"], goal: 0.65 },
  { name: "update a task ÷ floor", ours: ["sqlite", "updateTask"], against: ["floor", "updateTask"], goal: 0.7 },
  {
    name: "all the user's tasks (GET /api/tasks) ÷ same JSON",
    ours: ["sqlite", "allTasks"],
    against: ["baseline", "allTasks"],
    goal: 1,
  },
  {
    name: `list ${LIST_SIZE} tasks (GET /api/groups/<id>/tasks) ÷ same JSON`,
    ours: ["sqlite", "listTasks"],
    against: ["baseline", "taskList"],
    goal: 0.6,
  },
  {
    name: `  the same, built afresh (?since=0)`,
    ours: ["sqlite", "listTasksFresh"],
    against: ["baseline", "taskList"],
    goal: null,
  },
  { name: "read one task ÷ hello-world", ours: ["sqlite", "readTask"], against: ["baseline", "hello"], goal: null },
  { name: "create a task ÷ hello-world", ours: ["sqlite", "createTask"], against: ["baseline", "hello"], goal: null },
  { name: "update a task ÷ hello-world", ours: ["sqlite", "updateTask"], against: ["baseline", "hello"], goal: null },
  {
    name: "PostgreSQL: read one task ÷ SQLite floor",
    ours: ["postgres", "readTask"],
    against: ["floor", "readTask"],
    goal: null,
  },
  {
    name: "PostgreSQL: create ÷ SQLite floor",
    ours: ["postgres", "createTask"],
    against: ["floor", "createTask"],
    goal: null,
  },
  {
    name: "PostgreSQL: update ÷ SQLite floor",
    ours: ["postgres", "updateTask"],
    against: ["floor", "updateTask"],
    goal: null,
  },
  {
    name: "PostgreSQL: all the user's tasks ÷ same JSON",
    ours: ["postgres", "allTasks"],
    against: ["baseline", "allTasks"],
    goal: null,
  },
  {
    name: `PostgreSQL: list ${LIST_SIZE} tasks ÷ same JSON`,
    ours: ["postgres", "listTasks"],
    against: ["baseline", "taskList"],
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

async function answerText(server: Server, load: Load): Promise<string> {
  const response = await fetch(server.baseUrl + load.path, { method: load.method, headers: load.headers });
  return response.text();
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
/**
 * The answers the baseline serves from memory, as our API gave them: the 200-task group list and
 * all of the user's tasks.
 */
async function saveAnswers(baseUrl: string, fixture: TaskFixture, taskListFile: string, allTasksFile: string) {
  const headers = { authorization: `Bearer ${fixture.token}` };
  const list = await fetch(`${baseUrl}/api/groups/${fixture.listGroupId}/tasks`, { headers });
  const body = (await list.json()) as { tasks: unknown[] };
  if (list.status !== 200 || body.tasks.length !== LIST_SIZE)
    throw new Error(`expected ${LIST_SIZE} tasks in the list group, got ${list.status} ${body.tasks.length}`);
  fs.writeFileSync(taskListFile, JSON.stringify(body));
  const all = await fetch(`${baseUrl}/api/tasks`, { headers });
  if (all.status !== 200) throw new Error(`GET /api/tasks answered ${all.status}`);
  fs.writeFileSync(allTasksFile, await all.text());
}

/** Live updates on their own server. */
async function measureLive(): Promise<LiveUpdateResult> {
  process.stderr.write(`\n── live updates: ${LIVE_CLIENTS} sockets, ${LIVE_WRITES} writes\n`);
  return withServer("app-server.ts", {}, async (server) => {
    const fixture = await prepareTaskFixture(server.baseUrl, LIST_SIZE);
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
  const allTasksFile = path.join(scratch, "all-tasks.json");
  const fixtureFile = path.join(scratch, "loads.json");
  const options = benchOptions(process.argv.slice(2));
  const roundsCount_ = roundsCount();

  try {
    const everything = options.only === null;
    const pages = everything ? await measurePages() : null;
    const assistant = everything ? measureAssistant() : null;
    const shopping = everything ? await measureShoppingClassifier() : null;
    const live = everything ? await measureLive() : null;

    // Alternating rounds, then the median of each target, so a burst of noise on a shared machine
    // skews one round rather than the ratio.
    const rounds: Record<string, Measurement[]> = {};
    const record = (side: Side, target: string, measurement: Measurement) =>
      (rounds[`${side} ${target}`] ??= []).push(measurement);
    const ourTargets = selectedTargets();
    let readAnswer = "";
    for (let round = 1; round <= roundsCount_; round += 1) {
      const dataDir = fs.mkdtempSync(path.join(scratch, "round-"));
      process.stderr.write(`\n── round ${round} of ${roundsCount_}: tandem on SQLite\n`);
      await withServer("app-server.ts", { BENCH_DATA_DIR: dataDir }, async (server) => {
        const fixture = await prepareTaskFixture(server.baseUrl, LIST_SIZE);
        await saveAnswers(server.baseUrl, fixture, taskListFile, allTasksFile);
        const loads = ourLoads(fixture);
        fs.writeFileSync(fixtureFile, JSON.stringify(loads));
        readAnswer = await answerText(server, loads.readTask);
        for (const target of ourTargets)
          record("sqlite", target, await measure(server, target, loads[target], duration));
      });
      // The floor works on the file our app just used: the same rows, the same user and token.
      process.stderr.write(`── round ${round} of ${roundsCount_}: floor on the same SQLite file\n`);
      const loads = JSON.parse(fs.readFileSync(fixtureFile, "utf8")) as Record<OurTarget, Load>;
      await withServer(
        "floor-server.ts",
        { BENCH_SQLITE_FILE: path.join(dataDir, "tandem.sqlite") },
        async (server) => {
          // The floor must do the same work: the read's answer byte for byte.
          const floorAnswer = await answerText(server, loads.readTask);
          if (floorAnswer !== readAnswer)
            throw new Error(`the floor's read answer differs from ours:\n${floorAnswer}\n${readAnswer}`);
          for (const target of FLOOR_TARGETS.filter((t) => ourTargets.includes(t)))
            record("floor", target, await measure(server, `floor ${target}`, loads[target], duration));
        },
      );
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.stderr.write(`── round ${round} of ${roundsCount_}: baseline\n`);
      await withServer(
        "baseline-server.ts",
        { BENCH_TASK_LIST_FILE: taskListFile, BENCH_ALL_TASKS_FILE: allTasksFile },
        async (server) => {
          for (const [target, load] of Object.entries(BASELINE_LOADS) as [BaselineTarget, Load][]) {
            record("baseline", target, await measure(server, `baseline ${target}`, load, duration));
          }
        },
      );
      if (options.postgres) {
        process.stderr.write(`── round ${round} of ${roundsCount_}: tandem on PostgreSQL (a fresh database)\n`);
        await withPostgresDatabase((url) =>
          withServer("app-server.ts", { BENCH_DATABASE_URL: url }, async (server) => {
            const pgLoads = ourLoads(await prepareTaskFixture(server.baseUrl, LIST_SIZE));
            for (const target of POSTGRES_TARGETS.filter((t) => ourTargets.includes(t)))
              record("postgres", target, await measure(server, `postgres ${target}`, pgLoads[target], duration));
          }),
        );
      }
    }

    const fmt = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
    const cpuOf = (key: string) => medianOf(rounds[key]!.map((m) => m.serverCpuMicrosPerRequest));
    const results = COMPARISONS.filter(
      (c) => rounds[c.ours.join(" ")] !== undefined && rounds[c.against.join(" ")] !== undefined,
    ).map((comparison) => {
      const ours = median(rounds[comparison.ours.join(" ")]!);
      const against = median(rounds[comparison.against.join(" ")]!);
      const ratio = against.requestsPerSecond > 0 ? ours.requestsPerSecond / against.requestsPerSecond : Number.NaN;
      // The CPU figures: the median round of each on its own (it need not be the req/s median round).
      const oursCpu = cpuOf(comparison.ours.join(" "));
      const againstCpu = cpuOf(comparison.against.join(" "));
      return {
        ...comparison,
        oursTarget: comparison.ours[1],
        ours,
        against,
        ratio,
        met: comparison.goal === null ? null : ratio >= comparison.goal,
        serverCpuMicrosPerRequest: { ours: oursCpu, against: againstCpu },
      };
    });
    const liveMet = live === null ? null : live.p50Ms <= LIVE_GOAL_P50_MS && live.p99Ms <= LIVE_GOAL_P99_MS;

    if (pages) printPages(pages);
    if (assistant) printAssistant(assistant);
    if (shopping) printShoppingClassifier(shopping);
    console.log("");
    console.log(
      "Throughput: req/s (p50 / p99 latency in ms), median round of each; server CPU µs per request, median round of each",
    );
    console.log(
      table([
        ["measurement", "ours", "against", "ratio", "goal", "met?", "ours CPU µs", "against CPU µs"],
        ...results.map((r) => [
          r.name,
          `${r.ours.requestsPerSecond.toFixed(0)} (${fmt(r.ours.latencyP50Ms, 0)} / ${fmt(r.ours.latencyP99Ms, 0)})`,
          `${r.against.requestsPerSecond.toFixed(0)} (${fmt(r.against.latencyP50Ms, 0)} / ${fmt(r.against.latencyP99Ms, 0)})`,
          fmt(r.ratio),
          r.goal === null ? "" : `≥ ${r.goal}`,
          r.met === null ? "" : r.met ? "yes" : "NO",
          fmt(r.serverCpuMicrosPerRequest.ours ?? Number.NaN, 0),
          fmt(r.serverCpuMicrosPerRequest.against ?? Number.NaN, 0),
        ]),
      ]),
    );
    const list = results.find((r) => r.oursTarget === "listTasks");
    if (list)
      console.log(
        `list response bytes: ours ${list.ours.bytesPerResponse.toFixed(0)}, baseline ${list.against.bytesPerResponse.toFixed(0)} (headers included)`,
      );
    const measured = (target: OurTarget) => rounds[`sqlite ${target}`] !== undefined;
    const compressionPairs = COMPRESSION_PAIRS.filter((pair) => measured(pair.plain) && measured(pair.compressed)).map(
      (pair) => {
        const plain = median(rounds[`sqlite ${pair.plain}`]!);
        const compressed = median(rounds[`sqlite ${pair.compressed}`]!);
        const plainCpu = cpuOf(`sqlite ${pair.plain}`);
        const compressedCpu = cpuOf(`sqlite ${pair.compressed}`);
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
      },
    );
    if (compressionPairs.length > 0) console.log("");
    if (compressionPairs.length > 0)
      console.log(
        `Compressed API answers (server/plugins/response-compression.ts): the same route plain and compressed, median round; saved time on a ${MOBILE_LINK_MBPS} Mbit/s link`,
      );
    if (compressionPairs.length > 0)
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
    const compression = everything ? measureCompression(taskList, COMPRESSION_SIZES) : null;
    if (compression) {
      console.log("");
      console.log(
        "Compressing one answer in this process (our task list JSON cut to N tasks), median of 7 rounds; break-even = the link speed at which the CPU time equals the transfer time saved",
      );
      console.log(table(compressionTable(compression)));
    }
    if (live) console.log("");
    if (live)
      console.log(
        `Live updates: ${live.clients} WebSockets of one user (all members of the group), ${live.writes} PATCHes one after the other, ${live.samples} deliveries`,
      );
    if (live)
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
      `node ${machine.node}; ${CONNECTIONS} connections, pipelining ${PIPELINING}, median of ${roundsCount_} alternating rounds of ${duration} s per target after ${WARMUP_SECONDS} s warm-up; ${date}; took ${Math.round((Date.now() - startedAt) / 1000)} s`,
    );
    console.log("all rounds, req/s:");
    for (const [target, measurements] of Object.entries(rounds)) {
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
        rounds: roundsCount_,
        databases: options.postgres ? ["sqlite", "postgres"] : ["sqlite"],
        listSize: LIST_SIZE,
        liveClients: LIVE_CLIENTS,
        liveWrites: LIVE_WRITES,
        liveWarmupWrites: LIVE_WARMUP_WRITES,
      },
      throughput: results,
      live: live && { ...live, goal: { p50Ms: LIVE_GOAL_P50_MS, p99Ms: LIVE_GOAL_P99_MS }, met: liveMet },
      compression: { pairs: compressionPairs, perAnswer: compression },
      pages: pages && {
        layoutShift: { goal: LAYOUT_SHIFT_GOAL, loads: pages.layoutShift },
        firstLoadJs: { budgetBytes: FIRST_LOAD_JS_BUDGET_BYTES, ...pages.firstLoad },
        quickAddParser: pages.quickAddParser,
      },
      rounds,
    };
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`results written to ${path.relative(ROOT, RESULTS_FILE)}`);
    // The whole bench ends with task analysis (bench/analysis.ts), in its own process as when
    // run alone; started from here, `npm run bench -- --db=postgres` gives its options to this file.
    if (options.only === null) {
      execFileSync(
        process.execPath,
        [path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), path.join(BENCH_DIR, "analysis.ts")],
        {
          stdio: "inherit",
        },
      );
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `bench failed: ${error.message}` : error);
  process.exit(1);
});
