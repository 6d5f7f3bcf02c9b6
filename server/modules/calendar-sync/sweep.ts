import { databaseFailure } from "../../db/availability.js";
import type { AppDeps } from "../../deps.js";

/**
 * Runs `sweep` every `intervalMs` in this process, never two at once (a slow outside server must
 * not make sweeps pile up); a database that cannot be reached is reported as the outage it is,
 * anything else is logged with `what`. Returns the function that stops it, once the sweep under
 * way ends, as a closing server's database needs.
 */
export function startSweep(
  deps: AppDeps,
  sweep: () => Promise<unknown>,
  intervalMs: number,
  what: string,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = sweep()
      .then(() => undefined)
      .catch(async (err: unknown) => {
        if ((await databaseFailure(deps, err)) === "unreachable") deps.outage.unreachable(err);
        else deps.log.warn({ err }, `${what} failed`);
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
