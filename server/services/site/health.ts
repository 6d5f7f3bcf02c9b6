import type { Health } from "../../../domain/health.js";
import type { AppDeps } from "../../deps.js";

export async function checkHealth(deps: AppDeps): Promise<Health> {
  const started = performance.now();
  let up = true;
  try {
    await deps.database.ping();
    deps.outage.reachable();
  } catch (error) {
    up = false;
    // Probes come every few seconds: the outage is logged once, not per probe.
    deps.outage.unreachable(error);
  }
  // A process that misses other processes' events would serve stale live updates: a load
  // balancer should send clients elsewhere until its listener is back (a second or two).
  const listening = deps.bus.listening;
  return {
    status: up && listening ? "ok" : "unavailable",
    database: {
      status: up ? "up" : "down",
      dialect: deps.database.dialect,
      latencyMs: up ? Math.round((performance.now() - started) * 100) / 100 : null,
    },
    realtime: { status: listening ? "up" : "down" },
    version: deps.version,
    uptimeSeconds: Math.round(process.uptime()),
  };
}
