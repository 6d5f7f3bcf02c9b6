/**
 * `npm run bench`: throughput of our real app against a bare Fastify baseline, measured in the
 * same run on the same machine. Each server runs in its own child process (never in this, the load
 * generator's, process); they are measured one after the other, each after a warm-up.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(BENCH_DIR, "..");
const RESULTS_FILE = path.join(BENCH_DIR, "results", "latest.json");

const CONNECTIONS = 50;
const PIPELINING = 1;
const WARMUP_SECONDS = 2;
const GOAL_RATIO = 0.8;
const ROUNDS = 3;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

function durationSeconds(): number {
  const raw = process.env.BENCH_DURATION;
  if (raw === undefined || raw === "") return 5;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`BENCH_DURATION must be a positive number of seconds (got ${JSON.stringify(raw)})`);
  return value;
}

interface Target {
  name: string;
  script: string;
  path: string;
}

const BASELINE: Target = { name: "baseline: bare Fastify GET /", script: "baseline-server.ts", path: "/" };
const OURS: Target = { name: "tandem: GET /api/healthz", script: "app-server.ts", path: "/api/healthz" };

interface Measurement {
  target: string;
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAverageMs: number;
  totalRequests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface Server {
  child: ChildProcess;
  port: number;
}

/** Starts a server script in its own Node process (tsx loader) and waits for its {"port":N} line. */
function startServer(script: string): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(BENCH_DIR, script)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  return new Promise((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} did not report its port within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    // Keep reading stdout for the server's whole life: a full pipe would stall it.
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      if (!ready) {
        const port = portOf(line);
        if (port !== null) {
          ready = true;
          clearTimeout(timer);
          resolve({ child, port });
          return;
        }
      }
      process.stderr.write(`[${script}] ${line}\n`);
    });
    child.once("exit", (code, signal) => {
      if (ready) return;
      clearTimeout(timer);
      reject(new Error(`${script} exited before it was ready (code ${code}, signal ${signal})`));
    });
  });
}

function portOf(line: string): number | null {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value === "object" && value !== null && Object.keys(value).length === 1 && "port" in value && typeof value.port === "number") {
      return value.port;
    }
  } catch {
    // A log line, not the port line.
  }
  return null;
}

function stopServer(server: Server): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

function load(url: string, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, pipelining: PIPELINING, duration });
}

async function measure(target: Target, duration: number): Promise<Measurement> {
  process.stderr.write(`\n▶ ${target.name}: starting server\n`);
  const server = await startServer(target.script);
  try {
    const url = `http://127.0.0.1:${server.port}${target.path}`;
    // A benchmark of error pages would be meaningless: the target must answer 200 first.
    const probe = await fetch(url);
    if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}, expected 200: ${await probe.text()}`);
    process.stderr.write(`  warming up ${WARMUP_SECONDS} s …\n`);
    await load(url, WARMUP_SECONDS);
    process.stderr.write(`  measuring ${duration} s (${CONNECTIONS} connections, pipelining ${PIPELINING}) …\n`);
    const result = await load(url, duration);
    return {
      target: target.name,
      url: target.path,
      requestsPerSecond: result.requests.average,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      latencyAverageMs: result.latency.average,
      totalRequests: result.requests.total,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
    };
  } finally {
    await stopServer(server);
  }
}

/** The round with the median throughput (rounds are odd in number, so there is one). */
function median(measurements: Measurement[]): Measurement {
  const sorted = [...measurements].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator > 0 ? numerator / denominator : null;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_cell, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [line(rows[0]!), widths.map((width) => "-".repeat(width)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

async function main(): Promise<void> {
  const duration = durationSeconds();
  const machine = {
    cpu: os.cpus()[0]?.model ?? "unknown",
    cores: os.cpus().length,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  };
  const date = new Date().toISOString();

  // One after the other: two servers under load at once would share the cores and the result.
  // Alternating rounds, then the median of each, so a burst of noise on a shared machine skews
  // one round rather than the ratio.
  const rounds: { baseline: Measurement[]; ours: Measurement[] } = { baseline: [], ours: [] };
  for (let round = 1; round <= ROUNDS; round += 1) {
    process.stderr.write(`\n── round ${round} of ${ROUNDS}\n`);
    rounds.baseline.push(await measure(BASELINE, duration));
    rounds.ours.push(await measure(OURS, duration));
  }
  const baseline = median(rounds.baseline);
  const ours = median(rounds.ours);

  const throughputRatio = ratio(ours.requestsPerSecond, baseline.requestsPerSecond);
  const p99Ratio = ratio(ours.latencyP99Ms, baseline.latencyP99Ms);
  const met = throughputRatio !== null && throughputRatio >= GOAL_RATIO;
  const fmt = (value: number | null, digits = 2) => (value === null ? "n/a" : value.toFixed(digits));

  const rows = [
    ["target", "req/s (avg)", "p50 ms", "p99 ms", "errors", "non-2xx"],
    ...[baseline, ours].map((m) => [m.target, m.requestsPerSecond.toFixed(0), fmt(m.latencyP50Ms), fmt(m.latencyP99Ms), String(m.errors), String(m.non2xx)]),
  ];
  console.log("");
  console.log(table(rows));
  console.log("");
  console.log(`ratio ours/baseline  req/s: ${fmt(throughputRatio)}   p99: ${fmt(p99Ratio)} (higher p99 ratio = slower)`);
  console.log(`goal: ratio ≥ ${GOAL_RATIO} — ${met ? "met" : "NOT met"}`);
  console.log("");
  console.log(`machine: ${machine.cpu}, ${machine.cores} cores, ${machine.platform}`);
  console.log(`node ${machine.node}; ${CONNECTIONS} connections, pipelining ${PIPELINING}, median of ${ROUNDS} alternating rounds of ${duration} s per target after ${WARMUP_SECONDS} s warm-up; ${date}`);
  console.log(`all rounds req/s: baseline ${rounds.baseline.map((m) => m.requestsPerSecond.toFixed(0)).join(", ")}; ours ${rounds.ours.map((m) => m.requestsPerSecond.toFixed(0)).join(", ")}`);

  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  const report = {
    date,
    machine,
    settings: { connections: CONNECTIONS, pipelining: PIPELINING, durationSeconds: duration, warmupSeconds: WARMUP_SECONDS, rounds: ROUNDS },
    results: { baseline, ours },
    rounds,
    ratio: { requestsPerSecond: throughputRatio, latencyP99: p99Ratio },
    goal: { requestsPerSecondRatio: GOAL_RATIO, met },
  };
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`results written to ${path.relative(ROOT, RESULTS_FILE)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `bench failed: ${error.message}` : error);
  process.exit(1);
});
