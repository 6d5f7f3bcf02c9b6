import { TASK_MESSAGES } from "../../../../domain/task-rules.js";
import { taskAbilities } from "../../../policies/tasks.js";
import {
  CLOCK_SKEW_MS,
  entryProblem,
  type EntryChange,
  firstOverlap,
  MAX_ENTRY_MS,
  MAX_REPORT_DAYS,
  type NewEntry,
  type StartTimer,
  type StopTimer,
  type Stopped,
  type TaskTime,
  TIME_MESSAGES,
  type TimeEntry,
  type Timer,
} from "../../../../domain/time-tracking.js";
import { formatDateTime } from "../../../../domain/time-format.js";
import type { AppDeps } from "../../../deps.js";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../../errors.js";
import type { Repositories } from "../../../repositories/index.js";
import type { User } from "../../../repositories/user-repository.js";
import { inTransaction } from "../../../services/transaction.js";
import { tellModuleUsers } from "../../live.js";
import { TimeRepository } from "./repository.js";

export const TIME_MODULE = "task-delegation";
export const TIME_CHANGED = "time.changed";

const iso = (at: number) => new Date(at).toISOString();

/** The user's devices refetch their timer and entries. */
async function tellDevices(deps: AppDeps, user: User): Promise<void> {
  await tellModuleUsers(deps, TIME_MODULE, [user.id], TIME_CHANGED);
}

/** A second insert of a running timer, or of a taken id, that the database refused. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * A write on the user's time in one transaction that holds the user's row, so two devices are
 * decided one after the other (PostgreSQL locks the row; SQLite writes one at a time). The unique
 * index on running entries is the last word: a start it refuses is a 409. Tells the devices after.
 */
async function changeTime<T>(
  deps: AppDeps,
  user: User,
  work: (time: TimeRepository, repositories: Repositories) => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await inTransaction(deps, async (repositories, transaction) => {
      await repositories.users.lock(user.id);
      return work(new TimeRepository(transaction), repositories);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(TIME_MESSAGES.raced);
    throw error;
  }
  await tellDevices(deps, user);
  return result;
}

/** An instant the client sent, as the one stored form (SQLite compares them as text). */
function instant(value: string): number {
  return Date.parse(value);
}

export async function getTimer(deps: AppDeps, user: User): Promise<Timer> {
  return { timer: (await new TimeRepository(deps.database.db).running(user.id)) ?? null };
}

/**
 * Starts a timer on a task the user sees, at the instant they pressed Start (now when not given;
 * at most 24 hours ago, not in the future). A timer already running stops at that instant. No
 * entry overlaps another: a start before the end of the user's latest entry, or before the running
 * timer's start (an offline start synced late), begins there instead. Sending the same start again
 * changes nothing and answers the timer as it is.
 */
export function startTimer(deps: AppDeps, user: User, input: StartTimer, now = new Date()): Promise<Timer> {
  return changeTime(deps, user, async (time, repositories) => {
    const at = now.getTime();
    const again = await time.find(user.id, input.id);
    if (again) return { timer: (await time.running(user.id)) ?? null };
    if (await time.idTaken(input.id)) throw new ConflictError(TIME_MESSAGES.raced);
    if (!(await repositories.tasks.findVisible(input.taskId, user.id))) throw new NotFoundError(TASK_MESSAGES.notFound);
    let start = input.startedAt ? instant(input.startedAt) : at;
    if (start > at + CLOCK_SKEW_MS) throw new ValidationError(TIME_MESSAGES.inFuture);
    if (start < at - MAX_ENTRY_MS) throw new ValidationError(TIME_MESSAGES.startTooOld);
    start = Math.min(start, at);
    const running = await time.running(user.id);
    const latestEnd = await time.latestEnd(user.id);
    if (latestEnd) start = Math.max(start, instant(latestEnd));
    if (running) {
      const runningStart = instant(running.startedAt);
      start = Math.max(start, runningStart);
      await time.stop(user.id, running.id, iso(Math.min(start, runningStart + MAX_ENTRY_MS)), iso(at));
    }
    await time.insert({
      id: input.id,
      userId: user.id,
      taskId: input.taskId,
      startedAt: iso(start),
      endedAt: null,
      note: null,
      now: iso(at),
    });
    return { timer: (await time.running(user.id)) ?? null };
  });
}

/**
 * Stops the timer (the one named, else the running one) at the instant the user pressed Stop,
 * which an offline device sends when it syncs. Not in the future; never before the entry's start
 * (a start moved forward past another entry ends there, tracking nothing) nor more than 24
 * hours after it. A timer already stopped (by a later start, or a stop sent twice) stays as it
 * is, and the answer is its final state.
 */
export function stopTimer(deps: AppDeps, user: User, input: StopTimer, now = new Date()): Promise<Stopped> {
  return changeTime(deps, user, async (time) => {
    const at = now.getTime();
    const stop = instant(input.stoppedAt);
    if (stop > at + CLOCK_SKEW_MS) throw new ValidationError(TIME_MESSAGES.inFuture);
    const entry = input.entryId ? await time.find(user.id, input.entryId) : await time.running(user.id);
    if (!entry) {
      if (input.entryId) throw new NotFoundError(TIME_MESSAGES.entryNotFound);
      return { timer: null, entry: null };
    }
    if (entry.endedAt) return { timer: null, entry };
    const start = instant(entry.startedAt);
    const end = Math.min(Math.max(stop, start), start + MAX_ENTRY_MS, Math.max(at, start));
    await time.stop(user.id, entry.id, iso(end), iso(at));
    return { timer: null, entry: (await time.find(user.id, entry.id)) ?? null };
  });
}

export async function listEntries(deps: AppDeps, user: User, from: string, to: string): Promise<TimeEntry[]> {
  if (instant(to) <= instant(from)) throw new ValidationError(TIME_MESSAGES.endBeforeStart);
  // One answer never holds more than a report's longest range.
  if (instant(to) - instant(from) > MAX_REPORT_DAYS * 24 * 3600_000)
    throw new ValidationError(TIME_MESSAGES.rangeTooLong);
  return new TimeRepository(deps.database.db).listOfUser(user.id, iso(instant(from)), iso(instant(to)));
}

/** Refuses a finished entry that breaks a rule or overlaps another of the user's entries. */
async function checkEntry(
  time: TimeRepository,
  user: User,
  span: { id?: string; startedAt: string; endedAt: string },
  at: number,
  locale: string | null,
  timeZone: string,
): Promise<void> {
  const problem = entryProblem(span, at);
  if (problem) throw new ValidationError(problem);
  const others = await time.listOfUser(user.id, span.startedAt, span.endedAt);
  const clash = firstOverlap(span, others, at);
  if (clash) {
    const end = clash.endedAt ? formatDateTime(clash.endedAt, locale, timeZone) : "now";
    throw new ValidationError(
      TIME_MESSAGES.overlap(clash.taskTitle, formatDateTime(clash.startedAt, locale, timeZone), end),
    );
  }
}

async function viewerZone(
  repositories: Repositories,
  user: User,
): Promise<{ locale: string | null; timeZone: string }> {
  const profile = await repositories.profiles.find(user.id);
  return { locale: profile?.locale ?? null, timeZone: profile?.timeZone ?? "UTC" };
}

/**
 * Adds a finished entry by hand on a task the user sees. Its id may come from the client (an
 * offline add sent again is recognised and answered as it is).
 */
export function createEntry(
  deps: AppDeps,
  user: User,
  input: NewEntry,
  newId: string,
  now = new Date(),
): Promise<{ entry: TimeEntry; created: boolean }> {
  return changeTime(deps, user, async (time, repositories) => {
    const id = input.id ?? newId;
    const again = await time.find(user.id, id);
    if (again) return { entry: again, created: false };
    if (await time.idTaken(id)) throw new ConflictError(TIME_MESSAGES.raced);
    if (!(await repositories.tasks.findVisible(input.taskId, user.id))) throw new NotFoundError(TASK_MESSAGES.notFound);
    const span = { startedAt: iso(instant(input.startedAt)), endedAt: iso(instant(input.endedAt)) };
    const zone = await viewerZone(repositories, user);
    await checkEntry(time, user, span, now.getTime(), zone.locale, zone.timeZone);
    await time.insert({
      id,
      userId: user.id,
      taskId: input.taskId,
      ...span,
      note: input.note ?? null,
      now: iso(now.getTime()),
    });
    return { entry: (await time.find(user.id, id))!, created: true };
  });
}

/** Changes one of the user's finished entries, with the same rules as adding one. */
export function changeEntry(
  deps: AppDeps,
  user: User,
  entryId: string,
  change: EntryChange,
  now = new Date(),
): Promise<TimeEntry> {
  return changeTime(deps, user, async (time, repositories) => {
    const entry = await time.find(user.id, entryId);
    if (!entry) throw new NotFoundError(TIME_MESSAGES.entryNotFound);
    if (!entry.endedAt) throw new ConflictError(TIME_MESSAGES.running);
    const taskId = change.taskId ?? entry.taskId;
    if (taskId !== entry.taskId && !(await repositories.tasks.findVisible(taskId, user.id)))
      throw new NotFoundError(TASK_MESSAGES.notFound);
    const span = {
      id: entryId,
      startedAt: iso(instant(change.startedAt ?? entry.startedAt)),
      endedAt: iso(instant(change.endedAt ?? entry.endedAt)),
    };
    const zone = await viewerZone(repositories, user);
    await checkEntry(time, user, span, now.getTime(), zone.locale, zone.timeZone);
    const note = change.note === undefined ? entry.note : change.note;
    await time.update(
      user.id,
      entryId,
      { taskId, startedAt: span.startedAt, endedAt: span.endedAt, note },
      iso(now.getTime()),
    );
    return (await time.find(user.id, entryId))!;
  });
}

/** Deletes one of the user's entries (a running one too: its timer is gone); a missing one changes nothing. */
export function deleteEntry(deps: AppDeps, user: User, entryId: string): Promise<void> {
  return changeTime(deps, user, (time) => time.delete(user.id, entryId));
}

/** Who sees a task's time: everyone who sees the task sees its estimate; spent time is theirs, or the group's for its owner. */
async function taskTimeOf(
  deps: AppDeps,
  repositories: Repositories,
  time: TimeRepository,
  user: User,
  taskId: string,
): Promise<TaskTime> {
  const task = await repositories.tasks.findVisible(taskId, user.id);
  if (!task) throw new NotFoundError(TASK_MESSAGES.notFound);
  const owner = (await repositories.groups.memberRole(task.groupId, user.id)) === "owner";
  const entries = await time.listForTasks([taskId], owner ? null : user.id);
  const at = Date.now();
  const spentSeconds = entries.reduce(
    (sum, entry) => sum + Math.round(((entry.endedAt ? instant(entry.endedAt) : at) - instant(entry.startedAt)) / 1000),
    0,
  );
  return { taskId, estimateMinutes: (await time.estimates([taskId])).get(taskId) ?? null, spentSeconds };
}

export function getTaskTime(deps: AppDeps, user: User, taskId: string): Promise<TaskTime> {
  return taskTimeOf(deps, deps.repositories, new TimeRepository(deps.database.db), user, taskId);
}

/** Sets or removes a task's estimate: whoever may edit the task (a locked task: its owner). */
export async function setEstimate(
  deps: AppDeps,
  user: User,
  taskId: string,
  minutes: number | null,
  now = new Date(),
): Promise<TaskTime> {
  const result = await inTransaction(deps, async (repositories, transaction) => {
    const time = new TimeRepository(transaction);
    const task = await repositories.tasks.findVisible(taskId, user.id);
    if (!task) throw new NotFoundError(TASK_MESSAGES.notFound);
    if (!taskAbilities(task, user.id).edit) throw new ForbiddenError(TASK_MESSAGES.locked);
    if (minutes === null) await time.deleteEstimate(taskId);
    else await time.setEstimate(taskId, minutes, user.id, now.toISOString());
    return { time: await taskTimeOf(deps, repositories, time, user, taskId), groupId: task.groupId };
  });
  // Everyone in the group sees the estimate change on their devices.
  const members = await deps.repositories.groups.memberIds(result.groupId);
  await tellModuleUsers(deps, TIME_MODULE, members, TIME_CHANGED, result.groupId);
  return result.time;
}
