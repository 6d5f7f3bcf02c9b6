import type { Health } from "../../domain/health.js";
import type { AppDeps } from "../deps.js";

const PING_TIMEOUT_MS = 2_000;

export async function checkHealth(deps: AppDeps): Promise<Health> {
  const started = performance.now();
  let up = true;
  try {
    await withTimeout(deps.database.ping(), PING_TIMEOUT_MS);
  } catch (error) {
    up = false;
    deps.log.warn({ err: error }, "database health check failed");
  }
  return {
    status: up ? "ok" : "unavailable",
    database: {
      status: up ? "up" : "down",
      dialect: deps.database.dialect,
      latencyMs: up ? Math.round((performance.now() - started) * 100) / 100 : null,
    },
    version: deps.version,
    uptimeSeconds: Math.round(process.uptime()),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
