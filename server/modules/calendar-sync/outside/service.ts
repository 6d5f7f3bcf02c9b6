import { createHash, randomUUID } from "node:crypto";
import {
  type AddSourceInput,
  type ConnectionStatus,
  MAX_EVENT_RANGE_DAYS,
  MAX_OUTSIDE_SOURCES,
  OUTSIDE_MESSAGES,
  OUTSIDE_PALETTE,
  type OutsideEvent,
  type OutsideSource,
  type UpdateCalendarInput,
  type UpdateSourceInput,
} from "../../../../domain/calendar-outside.js";
import type { AppDeps } from "../../../deps.js";
import { ConflictError, NotFoundError, ValidationError } from "../../../errors.js";
import type { User } from "../../../repositories/user-repository.js";
import { inTransaction } from "../../../services/transaction.js";
import { canonicalTimeZone } from "../../../../domain/time-zones.js";
import { pushStatus } from "../push/service.js";
import { calendarNameOf, type ExpandedEvent, newBudget } from "./expand.js";
import { expandOnWorker, ExpandTimeoutError } from "./expand-pool.js";
import { normalizeOutsideUrl, OutsideFetchError } from "./fetch-guard.js";
import { CLAIM_MS, fetchSource, outsideRepository, REFRESH_INTERVAL_MS, refreshSource } from "./refresh.js";
import { type CalendarRow, type CalendarSummary, isoOrNull, OutsideRepository, type SourceRow } from "./repository.js";

/**
 * Outside calendars a user adds (docs/calendar.md, "Outside calendars"): an ICS subscription or
 * a CalDAV account, each fetched once when added (so a bad address is answered at once, in
 * words), then refreshed by the hourly job; their events in a range, and how each source is doing.
 */

const DAY_MS = 86_400_000;

function status(row: SourceRow) {
  return {
    ok: row.last_error === null && row.last_success_at !== null,
    lastSyncedAt: isoOrNull(row.last_success_at),
    lastAttemptAt: isoOrNull(row.last_attempt_at),
    error: row.last_error,
    nextRefreshAt: new Date(row.next_refresh_at).toISOString(),
  };
}

/** The kind as the API names it: a row of an unknown kind reads as a subscription. */
function kindOf(row: SourceRow): OutsideSource["kind"] {
  return row.kind === "caldav" || row.kind === "google" ? row.kind : "ics";
}

function present(row: SourceRow, calendars: readonly CalendarSummary[]): OutsideSource {
  return {
    id: row.id,
    kind: kindOf(row),
    name: row.name,
    color: row.color,
    url: row.url,
    username: row.username,
    calendars: calendars
      .filter((calendar) => calendar.source_id === row.id)
      .map((calendar) => ({
        id: calendar.id,
        name: calendar.name,
        color: calendar.color ?? row.color,
        selected: Number(calendar.selected) === 1,
      })),
    status: status(row),
  };
}

async function ownSource(deps: AppDeps, user: User, sourceId: string): Promise<SourceRow> {
  const row = await outsideRepository(deps).findSource(sourceId);
  // Another user's source is answered like a missing one: its existence is not theirs to learn.
  if (!row || row.user_id !== user.id) throw new NotFoundError(OUTSIDE_MESSAGES.notFound);
  return row;
}

async function presentOne(deps: AppDeps, row: SourceRow): Promise<OutsideSource> {
  const calendars = await outsideRepository(deps).calendarsOfSource(row.id);
  return present(row, calendars);
}

export async function listSources(deps: AppDeps, user: User): Promise<{ sources: OutsideSource[] }> {
  const repository = outsideRepository(deps);
  const [rows, calendars] = await Promise.all([repository.listSources(user.id), repository.listCalendars(user.id)]);
  return { sources: rows.map((row) => present(row, calendars)) };
}

export async function connectionStatus(deps: AppDeps, user: User): Promise<ConnectionStatus> {
  const [rows, push] = await Promise.all([outsideRepository(deps).listSources(user.id), pushStatus(deps, user)]);
  return {
    sources: rows.map((row) => ({
      id: row.id,
      kind: kindOf(row),
      name: row.name,
      ...status(row),
    })),
    push,
  };
}

/** The address as it will be fetched, or a 400 that says what is wrong with it. */
function checkedUrl(input: string): string {
  try {
    return normalizeOutsideUrl(input).href;
  } catch (error) {
    if (error instanceof OutsideFetchError) throw new ValidationError(error.message);
    throw error;
  }
}

/**
 * Adds a subscription or an account after fetching it once: refused, unreachable, not iCalendar
 * (or not CalDAV), too large, a wrong password: each a 400 saying so, and nothing is stored.
 */
export async function addSource(
  deps: AppDeps,
  user: User,
  input: AddSourceInput,
  now = new Date(),
): Promise<OutsideSource> {
  const repository = outsideRepository(deps);
  const count = await repository.countSources(user.id);
  if (count >= MAX_OUTSIDE_SOURCES) throw new ConflictError(OUTSIDE_MESSAGES.tooMany);
  const url = checkedUrl(input.url);
  const draft = {
    kind: input.kind,
    url,
    name: input.name ?? "",
    username: input.kind === "caldav" ? input.username : null,
    password: input.kind === "caldav" ? input.password : null,
    etag: null,
    last_modified: null,
  };
  let fetched;
  try {
    fetched = await fetchSource(deps, draft, now);
  } catch (error) {
    if (error instanceof OutsideFetchError) throw new ValidationError(error.message);
    throw error;
  }
  const copies = fetched.copies === "unchanged" ? [] : fetched.copies;
  if (copies.length === 0) throw new ValidationError(OUTSIDE_MESSAGES.noCalendars);
  const firstText = input.kind === "ics" ? (JSON.parse(copies[0]!.data) as string[])[0] : undefined;
  const name =
    input.name ??
    (firstText ? calendarNameOf(firstText) : null) ??
    (input.kind === "caldav" ? input.username : new URL(url).hostname);
  const color = input.color ?? OUTSIDE_PALETTE[count % OUTSIDE_PALETTE.length]!;
  const { source, calendars } = newSourceRows(
    user,
    {
      kind: input.kind,
      name: name.slice(0, 100),
      color,
      url,
      username: draft.username,
      password: draft.password,
      etag: fetched.etag,
      last_modified: fetched.lastModified,
    },
    copies,
    now,
    // A subscription's one calendar carries its name.
    input.kind === "ics",
  );
  await insertWithinLimit(deps, user, source, calendars);
  return present(source, calendars);
}

type SourceFields = Pick<
  SourceRow,
  "kind" | "name" | "color" | "url" | "username" | "password" | "etag" | "last_modified"
>;

/**
 * A source just fetched and its calendars, as rows: working, refreshed now, next refresh in an hour,
 * every calendar shown. `calendarsNamedAfterSource` for a subscription, whose one calendar is it.
 */
export function newSourceRows(
  user: User,
  fields: SourceFields,
  copies: readonly { remoteUrl: string; name: string; color: string | null; data: string }[],
  now: Date,
  calendarsNamedAfterSource = false,
): { source: SourceRow; calendars: CalendarRow[] } {
  const at = now.toISOString();
  const source: SourceRow = {
    ...fields,
    id: randomUUID(),
    user_id: user.id,
    created_at: at,
    last_attempt_at: at,
    last_success_at: at,
    last_error: null,
    failures: 0,
    next_refresh_at: new Date(now.getTime() + REFRESH_INTERVAL_MS).toISOString(),
  };
  const calendars = copies.map((copy) => ({
    id: randomUUID(),
    source_id: source.id,
    user_id: user.id,
    remote_url: copy.remoteUrl,
    name: calendarsNamedAfterSource ? source.name : copy.name,
    color: copy.color,
    selected: 1,
    data: copy.data,
    fetched_at: at,
  }));
  return { source, calendars };
}

/** Stores a fetched source with its calendars; 409 when the user already has as many as allowed. */
export async function insertWithinLimit(
  deps: AppDeps,
  user: User,
  source: SourceRow,
  calendars: Parameters<OutsideRepository["insertSource"]>[1],
): Promise<void> {
  await inTransaction(deps, async (repositories, transaction) => {
    // Counted again with the user's row locked: adds sent together (each fetching for seconds
    // after the first count) cannot pass the limit together.
    await repositories.users.lock(user.id);
    const inside = new OutsideRepository(transaction);
    if ((await inside.countSources(user.id)) >= MAX_OUTSIDE_SOURCES) throw new ConflictError(OUTSIDE_MESSAGES.tooMany);
    await inside.insertSource(source, calendars);
  });
}

export async function updateSource(
  deps: AppDeps,
  user: User,
  sourceId: string,
  input: UpdateSourceInput,
): Promise<OutsideSource> {
  const row = await ownSource(deps, user, sourceId);
  const changes = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.color !== undefined && { color: input.color }),
  };
  if (Object.keys(changes).length > 0) {
    await inTransaction(deps, async (_repositories, transaction) => {
      const repository = new OutsideRepository(transaction);
      await repository.updateSource(row.id, changes);
      // A subscription's one calendar carries its name.
      if (row.kind === "ics" && input.name !== undefined) {
        for (const calendar of await repository.calendarsOfSource(row.id))
          await repository.updateCalendar(calendar.id, { name: input.name });
      }
    });
  }
  return presentOne(deps, { ...row, ...changes });
}

export async function updateCalendar(
  deps: AppDeps,
  user: User,
  sourceId: string,
  calendarId: string,
  input: UpdateCalendarInput,
): Promise<OutsideSource> {
  const row = await ownSource(deps, user, sourceId);
  const repository = outsideRepository(deps);
  const calendar = (await repository.calendarsOfSource(row.id)).find((entry) => entry.id === calendarId);
  if (!calendar) throw new NotFoundError(OUTSIDE_MESSAGES.notFound);
  await repository.updateCalendar(calendar.id, {
    ...(input.selected !== undefined && { selected: input.selected ? 1 : 0 }),
    ...(input.color !== undefined && { color: input.color }),
  });
  return presentOne(deps, row);
}

export async function removeSource(deps: AppDeps, user: User, sourceId: string): Promise<void> {
  const row = await ownSource(deps, user, sourceId);
  await outsideRepository(deps).deleteSource(row.id);
}

/** Refreshes now ("Refresh" in the settings); a failure is in the answer's status, the old copy kept. */
/** Sources this process is refreshing on a user's request. */
const refreshing = new Set<string>();

/**
 * "Refresh now". A second click while the first is fetching gets 409 rather than a second fetch;
 * the source is claimed as the sweep claims it, so no sweep starts it meanwhile. Should another
 * process refresh it at the same moment, the two saves still go one after the other: each updates
 * the source's row first, which holds the other until it commits.
 */
export async function refreshNow(
  deps: AppDeps,
  user: User,
  sourceId: string,
  now = new Date(),
): Promise<OutsideSource> {
  const row = await ownSource(deps, user, sourceId);
  if (refreshing.has(row.id)) throw new ConflictError(OUTSIDE_MESSAGES.refreshing);
  refreshing.add(row.id);
  try {
    await outsideRepository(deps).claim(row.id, row.next_refresh_at, new Date(now.getTime() + CLAIM_MS).toISOString());
    await refreshSource(deps, row, now);
  } finally {
    refreshing.delete(row.id);
  }
  return presentOne(deps, await ownSource(deps, user, sourceId));
}

async function ownCalendar(deps: AppDeps, user: User, calendarId: string) {
  const calendar = await outsideRepository(deps).ownCalendar(user.id, calendarId);
  // Another user's calendar is answered like a missing one, as their sources are.
  if (!calendar) throw new NotFoundError(OUTSIDE_MESSAGES.notFound);
  return calendar;
}

function checkRange(from: string, to: string): void {
  for (const day of [from, to]) {
    const year = Number(day.slice(0, 4));
    if (year < 1900 || year > 2200) throw new ValidationError(OUTSIDE_MESSAGES.yearOutOfRange);
  }
  if (to < from) throw new ValidationError(OUTSIDE_MESSAGES.rangeOrder);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > MAX_EVENT_RANGE_DAYS) throw new ValidationError(OUTSIDE_MESSAGES.rangeTooLong);
}

/** A stable id per occurrence: the calendar, the event's UID and which occurrence. */
function eventId(calendarId: string, uid: string, occurrence: string): string {
  return createHash("sha256").update(`${calendarId}\n${uid}\n${occurrence}`).digest("base64url").slice(0, 22);
}

/**
 * Expanded calendars already answered, by calendar, content, range and zone: the page asks for the
 * same weeks again and again, and the copy only changes when a refresh brings new content. Only
 * complete answers are kept, with the steps they cost, so a cached one is charged to the budget
 * like a fresh one. Least recently used out past the bound.
 */
const expandedCache = new Map<string, { events: ExpandedEvent[]; steps: number }>();
const MAX_CACHED_EXPANSIONS = 50;
/** Copies that ran past the deadline, by calendar and content: not tried again until they change. */
const failedCopies = new Map<string, true>();
const MAX_FAILED_COPIES = 200;

function remember<T>(cache: Map<string, T>, key: string, value: T, bound: number): void {
  cache.delete(key);
  if (cache.size >= bound) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
}

/**
 * The events of the user's shown calendars from `from` to `to` (days in `timeZone`), or with
 * `calendarId` of that one calendar of theirs, shown or hidden (404 when it is not theirs).
 */
export async function outsideEvents(
  deps: AppDeps,
  user: User,
  query: { from: string; to: string; timeZone?: string | undefined; calendarId?: string | undefined },
): Promise<{ events: OutsideEvent[]; incomplete?: boolean; failedCalendarIds?: string[] }> {
  checkRange(query.from, query.to);
  const asked = query.timeZone ?? (await deps.repositories.profiles.find(user.id))?.timeZone ?? "UTC";
  // One spelling per zone ("europe/berlin" is "Europe/Berlin"): caches below and in the zone code
  // are keyed by it.
  const timeZone = canonicalTimeZone(asked) ?? "UTC";
  const range = { from: query.from, to: query.to, timeZone };
  const calendars = query.calendarId
    ? [await ownCalendar(deps, user, query.calendarId)]
    : await outsideRepository(deps).selectedCalendars(user.id);
  // One budget for the whole request, every calendar and text sharing it (expand.ts).
  let budget = newBudget();
  const events: OutsideEvent[] = [];
  const failedCalendarIds: string[] = [];
  for (const calendar of calendars) {
    if (budget.steps <= 0 || budget.events <= 0) {
      budget.cut = true;
      break;
    }
    let texts: unknown;
    try {
      texts = JSON.parse(calendar.data);
    } catch {
      continue;
    }
    if (!Array.isArray(texts)) continue;
    const strings = texts.filter((text): text is string => typeof text === "string");
    const content = createHash("sha256").update(calendar.data).digest("base64url");
    const copyKey = `${calendar.id}\n${content}`;
    if (failedCopies.has(copyKey)) {
      failedCalendarIds.push(calendar.id);
      continue;
    }
    const key = `${copyKey}\n${range.from}\n${range.to}\n${timeZone}`;
    let expanded = expandedCache.get(key);
    if (expanded && expanded.events.length <= budget.events && expanded.steps <= budget.steps) {
      remember(expandedCache, key, expanded, MAX_CACHED_EXPANSIONS);
      budget = { ...budget, steps: budget.steps - expanded.steps, events: budget.events - expanded.events.length };
    } else {
      try {
        const before = budget;
        const answer = await expandOnWorker(strings, range, { ...before, cut: false });
        expanded = { events: answer.events, steps: before.steps - answer.budget.steps };
        if (!answer.budget.cut) remember(expandedCache, key, expanded, MAX_CACHED_EXPANSIONS);
        budget = { ...answer.budget, cut: before.cut || answer.budget.cut };
      } catch (error) {
        // Past the deadline (or a crashed reader): this calendar is left out, the others shown,
        // and the answer names it. Only a copy that ran out of time is not tried again: a crash
        // may be the worker's, not the calendar's.
        if (error instanceof ExpandTimeoutError) remember(failedCopies, copyKey, true, MAX_FAILED_COPIES);
        failedCalendarIds.push(calendar.id);
        continue;
      }
    }
    for (const event of expanded.events) {
      events.push({
        id: eventId(calendar.id, event.uid, event.recurrenceId || event.start),
        calendarId: calendar.id,
        calendarName: calendar.name,
        color: calendar.color ?? calendar.source_color,
        title: event.title,
        start: event.start,
        end: event.end,
        allDay: event.allDay,
        location: event.location,
      });
    }
  }
  // All-day events ("2026-03-02") before the timed ones of their day ("2026-03-02T…").
  events.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.title.localeCompare(b.title)));
  return {
    events,
    ...(budget.cut && { incomplete: true }),
    ...(failedCalendarIds.length > 0 && { failedCalendarIds }),
  };
}
