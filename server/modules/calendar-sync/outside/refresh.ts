import { randomUUID } from "node:crypto";
import { CALENDAR_MODULE } from "../../../../domain/calendar-feeds.js";
import type { AppDeps } from "../../../deps.js";
import { inTransaction } from "../../../services/transaction.js";
import { enabledModulesFor } from "../../../services/preferences/module-switches.js";
import { startSweep } from "../sweep.js";
import { fetchCaldav } from "./caldav-source.js";
import { fetchGoogle } from "../google/access.js";
import { OutsideFetchError } from "./fetch-guard.js";
import { fetchIcs } from "./ics-source.js";
import { fetchLimits } from "./limits.js";
import { OutsideRepository, type SourceRow } from "./repository.js";

/**
 * Refreshing outside calendars (docs/calendar.md, "Outside calendars"): hourly, each source on
 * its own schedule, sooner again after a failure and then less and less often. A failure keeps
 * the last good copy and records why, in plain words, for connection-status. Every process runs
 * the sweep (as the notification sweep does); a source is claimed in the database by moving its
 * next refresh ahead, so of several processes on one PostgreSQL exactly one fetches it.
 */

export const REFRESH_INTERVAL_MS = 3_600_000;
/** Waits after 1, 2, 3… failures in a row: 15 min, 30 min, 1 h, 2 h… at most a day. */
const FIRST_RETRY_MS = 15 * 60_000;
const MAX_RETRY_MS = 24 * 3_600_000;
/** How long a claimed refresh may take before another process may try it. */
export const CLAIM_MS = 10 * 60_000;
/** Sources one sweep refreshes; the rest wait for the next minute. */
const PER_SWEEP = 10;
const SWEEP_MS = 60_000;

export const outsideRepository = (deps: AppDeps) => new OutsideRepository(deps.database.db);

export { fetchLimits };

export function retryDelay(failures: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

/** What a refresh fetched: new copies of the calendars, or "unchanged" (a 304). */
export type Fetched = {
  copies: { remoteUrl: string; name: string; color: string | null; data: string }[] | "unchanged";
  etag: string | null;
  lastModified: string | null;
};

/** Fetches a source once; throws OutsideFetchError with the reason in plain words. */
export async function fetchSource(
  deps: AppDeps,
  source: Pick<SourceRow, "kind" | "url" | "name" | "username" | "password" | "etag" | "last_modified">,
  now: Date,
): Promise<Fetched> {
  if (source.kind === "google") {
    // The refresh token is kept where a CalDAV account keeps its password (tables.ts).
    const copies = await fetchGoogle(deps, source, now);
    return { copies, etag: null, lastModified: null };
  }
  if (source.kind === "caldav") {
    const copies = await fetchCaldav(
      source.url,
      { username: source.username ?? "", password: source.password ?? "" },
      fetchLimits(deps),
      now,
    );
    return { copies, etag: null, lastModified: null };
  }
  const result = await fetchIcs(
    source.url,
    { etag: source.etag, lastModified: source.last_modified },
    fetchLimits(deps),
  );
  if (result.kind === "unchanged")
    return { copies: "unchanged", etag: source.etag, lastModified: source.last_modified };
  return {
    copies: [{ remoteUrl: source.url, name: source.name, color: null, data: JSON.stringify([result.text]) }],
    etag: result.etag,
    lastModified: result.lastModified,
  };
}

/** Refreshes one source now; a failure is recorded (never thrown, but for the database's own). */
export async function refreshSource(deps: AppDeps, source: SourceRow, now = new Date()): Promise<void> {
  const at = now.toISOString();
  let fetched: Fetched;
  try {
    fetched = await fetchSource(deps, source, now);
  } catch (error) {
    if (!(error instanceof OutsideFetchError))
      deps.log.warn({ err: error, sourceId: source.id }, "outside calendar refresh failed");
    const failures = Number(source.failures) + 1;
    await outsideRepository(deps).updateSource(source.id, {
      last_attempt_at: at,
      last_error: error instanceof OutsideFetchError ? error.message : "The calendar could not be read",
      failures,
      next_refresh_at: new Date(now.getTime() + retryDelay(failures)).toISOString(),
    });
    return;
  }
  await inTransaction(deps, (_repositories, transaction) =>
    new OutsideRepository(transaction).saveRefresh(
      source.id,
      {
        etag: fetched.etag,
        last_modified: fetched.lastModified,
        last_attempt_at: at,
        last_success_at: at,
        last_error: null,
        failures: 0,
        next_refresh_at: new Date(now.getTime() + REFRESH_INTERVAL_MS).toISOString(),
      },
      fetched.copies,
      at,
      source.user_id,
      randomUUID,
    ),
  );
}

/** One sweep: the due sources this process claims. Returns how many it refreshed. */
export async function refreshDueSources(deps: AppDeps, now = new Date()): Promise<number> {
  const repository = outsideRepository(deps);
  let refreshed = 0;
  for (const due of await repository.due(now.toISOString(), PER_SWEEP)) {
    if (!(await repository.claim(due.id, due.next_refresh_at, new Date(now.getTime() + CLAIM_MS).toISOString())))
      continue;
    const source = await repository.findSource(due.id);
    if (!source) continue;
    // A user who switched the module off is not fetched for; their next look is in an hour.
    if (!(await enabledModulesFor(deps, source.user_id, [])).has(CALENDAR_MODULE)) {
      await repository.updateSource(source.id, {
        next_refresh_at: new Date(now.getTime() + REFRESH_INTERVAL_MS).toISOString(),
      });
      continue;
    }
    await refreshSource(deps, source, now);
    refreshed += 1;
  }
  return refreshed;
}

/** Starts the sweep every minute; returns the function that stops it, once the sweep under way ends. */
export function startOutsideRefresh(deps: AppDeps, intervalMs = SWEEP_MS): () => Promise<void> {
  return startSweep(deps, () => refreshDueSources(deps), intervalMs, "refreshing outside calendars");
}
