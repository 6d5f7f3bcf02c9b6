import type { Health } from "../../domain/health.js";
import type { AppDeps } from "../deps.js";

export async function checkHealth(deps: AppDeps): Promise<Health> {
  const started = performance.now();
  let up = true;
  try {
    await deps.database.ping();
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
