import {
  type CreatedEvent,
  type CreateEventInput,
  PUSH_MESSAGES,
  type PushStatus,
} from "../../../../domain/calendar-push.js";
import type { AppDeps } from "../../../deps.js";
import { ConflictError, NotFoundError, ValidationError } from "../../../errors.js";
import type { User } from "../../../repositories/user-repository.js";
import { FeedRepository } from "../feed-repository.js";
import { groupsWithCalendar } from "../feeds.js";
import { OutsideFetchError } from "../outside/fetch-guard.js";
import { isoOrNull } from "../outside/repository.js";
import { outsideRepository } from "../outside/refresh.js";
import { pushOnRequest, pushOne, pushRepository, writableCalendar } from "./push.js";

/** The push's settings and status for /calendar-settings and connection-status. */
export async function pushStatus(deps: AppDeps, user: User): Promise<PushStatus> {
  const repository = pushRepository(deps);
  const [push, events] = await Promise.all([repository.find(user.id), repository.countEvents(user.id)]);
  let calendarName: string | null = null;
  if (push?.calendar_id) {
    const found = await writableCalendar(deps, user.id, push.calendar_id);
    calendarName = found ? `${found.calendar.name} (${found.source.name})` : null;
  }
  return {
    calendarId: push?.calendar_id ?? null,
    calendarName,
    ok: !push?.last_error,
    lastPushedAt: isoOrNull(push?.last_pushed_at ?? null),
    error: push?.last_error ?? null,
    events,
  };
}

/**
 * Chooses the calendar tasks go into (null: none), then pushes at once, so the answer says how
 * it went. Choosing another moves the events there; none takes them out.
 */
export async function choosePushCalendar(
  deps: AppDeps,
  user: User,
  calendarId: string | null,
  now = new Date(),
): Promise<PushStatus> {
  if (calendarId !== null) {
    const calendar = await outsideRepository(deps).findCalendar(calendarId);
    if (!calendar || calendar.user_id !== user.id) throw new NotFoundError(PUSH_MESSAGES.calendarNotFound);
    if (!(await writableCalendar(deps, user.id, calendarId))) throw new ValidationError(PUSH_MESSAGES.notWritable);
  }
  await pushRepository(deps).choose(user.id, calendarId, now.toISOString());
  await pushOnRequest(deps, user.id, now);
  return pushStatus(deps, user);
}

/** "Push now": compares every task with its event, whatever changed. */
export async function pushNow(deps: AppDeps, user: User, now = new Date()): Promise<PushStatus> {
  const push = await pushRepository(deps).find(user.id);
  if (!push) throw new ConflictError(PUSH_MESSAGES.noCalendar);
  await pushOnRequest(deps, user.id, now);
  return pushStatus(deps, user);
}

/**
 * The spec's events POST: puts one task into a calendar now, the push's or another of the user's
 * accounts, and keeps it there in step with the task until it is done or gone.
 */
export async function createEvent(
  deps: AppDeps,
  user: User,
  input: CreateEventInput,
  now = new Date(),
): Promise<CreatedEvent> {
  const push = await pushRepository(deps).find(user.id);
  const calendarId = input.calendarId ?? push?.calendar_id ?? null;
  if (calendarId === null) throw new ConflictError(PUSH_MESSAGES.noCalendar);
  const calendar = await outsideRepository(deps).findCalendar(calendarId);
  if (!calendar || calendar.user_id !== user.id) throw new NotFoundError(PUSH_MESSAGES.calendarNotFound);
  const target = await writableCalendar(deps, user.id, calendarId);
  if (!target) throw new ValidationError(PUSH_MESSAGES.notWritable);
  const groups = await groupsWithCalendar(deps, user.id, await deps.repositories.groups.listForMember(user.id));
  const tasks = await new FeedRepository(deps.database.db).feedTasks(groups, false, now.toISOString().slice(0, 10));
  const task = tasks.find((candidate) => candidate.id === input.taskId);
  if (!task) {
    // One the caller sees but that has no deadline (or is done) is a 400 saying so; any other, 404.
    const record = await deps.repositories.tasks.findById(input.taskId);
    const seen = record && groups.some((group) => group.id === record.groupId);
    if (seen && record.deadline === null) throw new ValidationError(PUSH_MESSAGES.noDeadline);
    if (seen && record.completed) throw new ValidationError(PUSH_MESSAGES.completed);
    throw new NotFoundError(PUSH_MESSAGES.taskNotFound);
  }
  if (!push) await pushRepository(deps).choose(user.id, null, now.toISOString());
  try {
    const row = await pushOne(deps, user.id, task, target, now);
    return { event: { taskId: task.id, calendarId: row.calendar_id, url: row.url } };
  } catch (error) {
    if (error instanceof OutsideFetchError) throw new ValidationError(error.message);
    throw error;
  }
}
