import { createHash } from "node:crypto";
import { CALENDAR_MODULE } from "../../../../domain/calendar-feeds.js";
import { MAX_WRITES_PER_PUSH } from "../../../../domain/calendar-push.js";
import type { AppDeps } from "../../../deps.js";
import { enabledModulesFor } from "../../../services/preferences/module-switches.js";
import { FeedRepository } from "../feed-repository.js";
import { startSweep } from "../sweep.js";
import { groupsWithCalendar } from "../feeds.js";
import { buildEventObject, type FeedTask } from "../ics-feed.js";
import { outsideAuthorization } from "../outside/authorization.js";
import { OutsideFetchError } from "../outside/fetch-guard.js";
import { fetchLimits, outsideRepository, retryDelay } from "../outside/refresh.js";
import type { CalendarRow, SourceRow } from "../outside/repository.js";
import { type Account, deleteEvent, eventUrl, putEvent } from "./remote.js";
import { PushRepository, type PushedEventRow } from "./repository.js";

/**
 * Tasks pushed into an outside calendar (docs/calendar.md, "Tasks in your calendar"). A push
 * compares what should be there (every open task with a deadline in the user's groups that have
 * the module on, each as the feed's event) with what was put there, and writes only the
 * difference: new events, moved or renamed ones (If-Match on the ETag the server gave), and
 * deletions for tasks done or gone. Tandem owns these events: an edit made to one in the calendar
 * app is overwritten by the task's next change. Every write is recorded as it lands, so a push cut
 * short (a failure, the write limit) goes on from there next time, without duplicates.
 */

export const pushRepository = (deps: AppDeps) => new PushRepository(deps.database.db);

/** How often the job looks for changed groups; a task's event moves within about this long. */
export const PUSH_SWEEP_MS = 20_000;
/** However quiet the groups, everything is compared again this often (a share, a lost write). */
const FULL_CHECK_MS = 3_600_000;
/** How long a claimed push may take before another process may try it. */
const CLAIM_MS = 5 * 60_000;
const PER_SWEEP = 10;
/**
 * How long one push starts new writes; the rest waits for the next sweep, as past the write limit.
 * A calendar server answering each write just inside the fetch timeout would otherwise hold the
 * sweep (every other user's push in this process) and a "Push now" for up to MAX_WRITES_PER_PUSH
 * times that, and outlast the claim, so that another process pushed the same user at once.
 */
export const PUSH_BUDGET_MS = 60_000;

export const hashOf = (text: string) => createHash("sha256").update(text).digest("base64url");

/** The account's address and Authorization header (a password, or a Google access token). */
export async function accountOf(deps: AppDeps, source: SourceRow): Promise<Account> {
  return { serverUrl: source.url, authorization: await outsideAuthorization(deps, source) };
}

/** A calendar tasks may be written into: one of the user's, of an account (a subscription is read-only). */
export async function writableCalendar(
  deps: AppDeps,
  userId: string,
  calendarId: string,
): Promise<{ calendar: CalendarRow; source: SourceRow } | null> {
  const repository = outsideRepository(deps);
  const calendar = await repository.findCalendar(calendarId);
  if (!calendar || calendar.user_id !== userId) return null;
  const source = await repository.findSource(calendar.source_id);
  if (!source || source.kind === "ics") return null;
  return { calendar, source };
}

/** The user's groups with the module on and their change counters: while it stays the same, no task changed. */
async function groupsNow(deps: AppDeps, userId: string) {
  const groups = await groupsWithCalendar(deps, userId, await deps.repositories.groups.listForMember(userId));
  const counters = await Promise.all(groups.map((group) => deps.repositories.tasks.latestChange(group.id)));
  const fingerprint = groups
    .map((group, index) => `${group.id}:${counters[index]}`)
    .sort()
    .join(",");
  return { groups, fingerprint };
}

/** Writes one task's event, recovering from what the calendar's server changed meanwhile. */
async function writeEvent(
  deps: AppDeps,
  userId: string,
  task: FeedTask,
  target: { calendar: CalendarRow; source: SourceRow },
  known: PushedEventRow | undefined,
  manual: boolean,
  now: string,
): Promise<PushedEventRow> {
  const text = buildEventObject(task, deps.config.publicUrl);
  const account = await accountOf(deps, target.source);
  const limits = fetchLimits(deps);
  const sameCalendar = known?.calendar_id === target.calendar.id;
  if (known && !sameCalendar)
    await deleteEvent(await accountOf(deps, await sourceOfCalendar(deps, known)), known.url, limits);
  const url = sameCalendar ? known.url : eventUrl(target.calendar.remote_url, task.id);
  let result = await putEvent(
    account,
    url,
    text,
    sameCalendar && known.etag ? { ifMatch: known.etag } : sameCalendar ? null : { ifNoneMatch: "*" },
    limits,
  );
  // Changed in the calendar app since (412), or an event of this task left by a push whose record
  // was lost: the task is what counts. Deleted there (404): put back, the task still being open.
  if (result.kind !== "written") result = await putEvent(account, url, text, null, limits);
  if (result.kind !== "written") throw new OutsideFetchError("http_status", "The calendar refused the event");
  const row: PushedEventRow = {
    user_id: userId,
    task_id: task.id,
    calendar_id: target.calendar.id,
    url,
    etag: result.etag,
    content_hash: hashOf(text),
    manual: manual ? 1 : 0,
    updated_at: now,
  };
  await pushRepository(deps).saveEvent(row);
  return row;
}

async function sourceOfCalendar(deps: AppDeps, row: PushedEventRow): Promise<SourceRow> {
  const repository = outsideRepository(deps);
  const calendar = await repository.findCalendar(row.calendar_id);
  const source = calendar ? await repository.findSource(calendar.source_id) : undefined;
  if (!source) throw new OutsideFetchError("not_calendar", "The calendar is no longer connected");
  return source;
}

/** Puts one task into a calendar now (POST /api/calendar/events); it follows the task from then on. */
export async function pushOne(
  deps: AppDeps,
  userId: string,
  task: FeedTask,
  target: { calendar: CalendarRow; source: SourceRow },
  now: Date,
): Promise<PushedEventRow> {
  const known = (await pushRepository(deps).events(userId)).find((row) => row.task_id === task.id);
  const chosen = (await pushRepository(deps).find(userId))?.calendar_id ?? null;
  // Into the push's own calendar it is just one of the pushed; elsewhere it is kept there by hand.
  return writeEvent(deps, userId, task, target, known, target.calendar.id !== chosen, now.toISOString());
}

/**
 * One push for a user: what should be in their calendars against what is. Returns how many
 * writes it made. Throws OutsideFetchError when the calendar's server fails; what was written
 * before that is recorded.
 */
async function reconcile(
  deps: AppDeps,
  userId: string,
  groups: { id: string; name: string }[],
  now: Date,
  budgetMs: number,
) {
  const stopAt = Date.now() + budgetMs;
  const overBudget = () => Date.now() >= stopAt;
  const repository = pushRepository(deps);
  const push = await repository.find(userId);
  if (!push) return { writes: 0, complete: true };
  const at = now.toISOString();
  const tasks = await new FeedRepository(deps.database.db).feedTasks(groups, false, at.slice(0, 10));
  const pushed = new Map((await repository.events(userId)).map((row) => [row.task_id, row]));
  const target = push.calendar_id ? await writableCalendar(deps, userId, push.calendar_id) : null;
  const targets = new Map<string, { calendar: CalendarRow; source: SourceRow } | null>();
  let writes = 0;
  const wanted = new Set<string>();
  const refused: string[] = [];
  for (const task of tasks) {
    const known = pushed.get(task.id);
    const manual = known !== undefined && Number(known.manual) === 1;
    let into = manual ? undefined : target;
    if (manual) {
      if (!targets.has(known.calendar_id))
        targets.set(known.calendar_id, await writableCalendar(deps, userId, known.calendar_id));
      into = targets.get(known.calendar_id);
    }
    if (!into) continue;
    wanted.add(task.id);
    const text = buildEventObject(task, deps.config.publicUrl);
    if (known && known.calendar_id === into.calendar.id && known.content_hash === hashOf(text)) continue;
    if (writes >= MAX_WRITES_PER_PUSH || overBudget()) return { writes, complete: false };
    try {
      await writeEvent(deps, userId, task, into, known, manual, at);
    } catch (error) {
      // The server refused this one event (a 4xx of its own): the other tasks still go, and the
      // refusal is the push's status. A refused password or a server down stops the push.
      if (!(error instanceof OutsideFetchError) || error.reason !== "http_status") throw error;
      refused.push(`"${task.title}": ${error.message}`);
    }
    writes += 1;
  }
  for (const row of pushed.values()) {
    if (wanted.has(row.task_id)) continue;
    if (writes >= MAX_WRITES_PER_PUSH || overBudget()) return { writes, complete: false };
    const source = await outsideRepository(deps).findSource(
      (await outsideRepository(deps).findCalendar(row.calendar_id))?.source_id ?? "",
    );
    // An account gone meanwhile takes its events' record with it: nothing left to reach.
    if (source) await deleteEvent(await accountOf(deps, source), row.url, fetchLimits(deps));
    await repository.deleteEvent(userId, row.task_id);
    writes += 1;
  }
  if (refused.length > 0) {
    const more = refused.length > 1 ? ` (and ${refused.length - 1} more)` : "";
    throw new OutsideFetchError("http_status", `The calendar refused ${refused[0]}${more}`);
  }
  return { writes, complete: true };
}

/**
 * Pushes for one user if their groups changed since the last push (or `force`, or the hourly full
 * check is due), and records how it went. Never throws for the calendar's server: its failure is
 * the push's status, in plain words, and the next try waits longer after each.
 */
export async function pushForUser(
  deps: AppDeps,
  userId: string,
  now = new Date(),
  force = false,
  budgetMs = PUSH_BUDGET_MS,
): Promise<void> {
  const repository = pushRepository(deps);
  const push = await repository.find(userId);
  if (!push) return;
  const next = new Date(now.getTime() + PUSH_SWEEP_MS).toISOString();
  // Switched off by the user: their events stay as they are until it is on again.
  if (!(await enabledModulesFor(deps, userId, [])).has(CALENDAR_MODULE)) {
    await repository.update(userId, { next_check_at: new Date(now.getTime() + FULL_CHECK_MS).toISOString() });
    return;
  }
  const { groups, fingerprint } = await groupsNow(deps, userId);
  const lastFull = push.last_full_at === null ? 0 : new Date(push.last_full_at).getTime();
  const quiet = push.fingerprint === fingerprint && now.getTime() - lastFull < FULL_CHECK_MS;
  if (quiet && !force) {
    await repository.update(userId, { next_check_at: next });
    return;
  }
  try {
    const { complete } = await reconcile(deps, userId, groups, now, budgetMs);
    await repository.update(userId, {
      // Cut short by the write limit or the time budget: the rest at the next sweep.
      fingerprint: complete ? fingerprint : null,
      last_full_at: complete ? now.toISOString() : push.last_full_at,
      last_pushed_at: now.toISOString(),
      last_error: null,
      failures: 0,
      next_check_at: next,
    });
  } catch (error) {
    if (!(error instanceof OutsideFetchError)) throw error;
    const failures = Number(push.failures) + 1;
    await repository.update(userId, {
      fingerprint: null,
      last_error: error.message,
      failures,
      next_check_at: new Date(now.getTime() + Math.min(retryDelay(failures), FULL_CHECK_MS)).toISOString(),
    });
  }
}

/** Pushes for a user under a claim, or not at all while another process (or request) pushes for them. */
async function claimed(deps: AppDeps, userId: string, now: Date, push: () => Promise<void>): Promise<boolean> {
  const repository = pushRepository(deps);
  if (!(await repository.claim(userId, now.toISOString(), new Date(now.getTime() + CLAIM_MS).toISOString())))
    return false;
  try {
    await push();
  } finally {
    await repository.release(userId);
  }
  return true;
}

/** One sweep: the due pushes this process claims. */
export async function pushDue(deps: AppDeps, now = new Date(), budgetMs = PUSH_BUDGET_MS): Promise<void> {
  const repository = pushRepository(deps);
  for (const due of await repository.due(now.toISOString(), PER_SWEEP))
    await claimed(deps, due.user_id, now, () => pushForUser(deps, due.user_id, now, false, budgetMs));
}

/**
 * A push a request asks for ("Push now", a calendar chosen): everything compared at once. False
 * when a push for the user is under way elsewhere; its outcome is the status then.
 */
export async function pushOnRequest(deps: AppDeps, userId: string, now = new Date()): Promise<boolean> {
  return claimed(deps, userId, now, () => pushForUser(deps, userId, now, true));
}

/** Starts the push job; returns the function that stops it, once the sweep under way ends. */
export function startPush(deps: AppDeps, intervalMs = PUSH_SWEEP_MS): () => Promise<void> {
  return startSweep(deps, () => pushDue(deps), intervalMs, "pushing tasks into calendars");
}
