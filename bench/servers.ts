/**
 * Starting and stopping benchmark servers. Each runs in its own Node process (never in the load
 * generator's) and reports {"port":N} on stdout when it is ready.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(BENCH_DIR, "..");

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface Server {
  child: ChildProcess;
  port: number;
  baseUrl: string;
}

/** Starts a server script in its own Node process (tsx loader) and waits for its {"port":N} line. */
export function startServer(script: string, env: Record<string, string> = {}): Promise<Server> {
  // BENCH_PROFILE_DIR: each server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", path.join(BENCH_DIR, script)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production", ...env },
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
          resolve({ child, port, baseUrl: `http://127.0.0.1:${port}` });
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
    if (
      typeof value === "object" &&
      value !== null &&
      Object.keys(value).length === 1 &&
      "port" in value &&
      typeof value.port === "number"
    ) {
      return value.port;
    }
  } catch {
    // A log line, not the port line.
  }
  return null;
}

export function stopServer(server: Server): Promise<void> {
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

/** Starts a server, runs `use` against it, and stops it whatever happens. */
export async function withServer<T>(
  script: string,
  env: Record<string, string>,
  use: (server: Server) => Promise<T>,
): Promise<T> {
  const server = await startServer(script, env);
  try {
    return await use(server);
  } finally {
    await stopServer(server);
  }
}
