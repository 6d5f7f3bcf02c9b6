import type { OutsideEvent } from "../../../domain/calendar-outside";
import { nextOccurrence } from "../../../domain/recurrence";
import type { CachedTask } from "../../api/tasks";
import { wallClock } from "../../scenes/tasks/task-view";
import { addDays } from "./calendar-range";

/**
 * What the calendar shows on a day: one of the user's tasks, or an event of a calendar they
 * subscribed to (GET /api/calendar/events). The views place items by `day` and
 * `time` and ask `kind` only to draw them.
 */
export type CalendarItem = TaskItem | EventItem;

interface Placed {
  /** The day it shows on, in the viewer's zone: "2026-12-24". */
  day: string;
  /** "18:30" in the viewer's zone, or null all day. */
  time: string | null;
}

export interface TaskItem extends Placed {
  kind: "task";
  key: string;
  task: CachedTask;
  /**
   * A later date of a repeating task: not a task yet (the server adds it when the one before is
   * done), so it is shown to plan around and opens that task, but cannot be ticked or moved.
   */
  upcoming?: boolean;
}

/** An event of an outside calendar as GET /api/calendar/events sends it: dates when allDay, else instants. */
export type CalendarEvent = OutsideEvent;

export interface EventItem extends Placed {
  kind: "event";
  key: string;
  event: CalendarEvent;
}

/** The day and time a clock in the zone shows at the instant. */
function placedAt(at: number, zone: string): Placed {
  const wall = wallClock(new Date(at), zone);
  return { day: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/**
 * The instant a wall-clock time ("2026-12-24T18:30") names in a zone, as domain/reminders.ts reads
 * it: two passes settle the offset around a change, and a time the clocks skip comes out an hour
 * later. (Written here on the task lists' own wallClock: each shared file the page imports is one
 * more name in the first load's list of what to preload.)
 */
export function instantOf(wall: string, zone: string): number {
  const naive = Date.parse(`${wall}:00Z`);
  const offset = (at: number) => Date.parse(`${wallClock(new Date(at), zone)}:00Z`) - Math.floor(at / 60_000) * 60_000;
  return naive - offset(naive - offset(naive));
}

/**
 * The day and time where the viewer is of a wall-clock time in another zone: "2026-12-24T18:30"
 * in New York is 25 Dec 00:30 in Berlin. A date alone is the same date everywhere.
 */
export function inViewerZone(deadline: string, deadlineZone: string | null, viewerZone: string): Placed {
  if (deadline.length <= 10) return { day: deadline, time: null };
  if (!deadlineZone || deadlineZone === viewerZone) return { day: deadline.slice(0, 10), time: deadline.slice(11, 16) };
  return placedAt(instantOf(deadline.slice(0, 16), deadlineZone), viewerZone);
}

/** A task on the calendar, or null when it has no deadline. */
export function taskItem(task: CachedTask, viewerZone: string): TaskItem | null {
  if (!task.deadline) return null;
  return {
    kind: "task",
    key: `task:${task.id}`,
    task,
    ...inViewerZone(task.deadline, task.deadlineTimeZone, viewerZone),
  };
}

/** At most this many later dates of one task in a shown period (a month view has 42 days). */
const UPCOMING_MAX = 62;

/**
 * The later dates of an open repeating task in the days `range` covers, where the viewer is. They
 * follow the rule from the task's deadline; from an overdue one, only days after today, as the
 * next copy will be (domain/recurrence.ts, nextDeadline). A task that repeats from when it is
 * done has no dates to show before it is done.
 */
export function upcomingItems(
  task: CachedTask,
  viewerZone: string,
  range: { from: string; to: string },
  today: string,
): TaskItem[] {
  if (!task.deadline || !task.repeat || task.repeat.fromCompletion || task.completed) return [];
  const timed = task.deadline.length > 10;
  const endOfToday = timed ? `${today}T23:59` : today;
  const items: TaskItem[] = [];
  let after = task.deadline < endOfToday ? endOfToday : task.deadline;
  while (items.length < UPCOMING_MAX) {
    const next = nextOccurrence(task.repeat.rule, task.deadline, after);
    if (!next) break;
    const placed = inViewerZone(next, task.deadlineTimeZone, viewerZone);
    if (placed.day > range.to) break;
    if (placed.day >= range.from)
      items.push({ kind: "task", key: `task:${task.id}:${next}`, task, upcoming: true, ...placed });
    after = next;
  }
  return items;
}

/** An event on each day it covers (an all-day end is exclusive, as in iCalendar). */
export function eventItems(event: CalendarEvent, viewerZone: string): EventItem[] {
  const at = (instant: string) => placedAt(Date.parse(instant), viewerZone);
  const start = event.allDay ? { day: event.start.slice(0, 10), time: null } : at(event.start);
  const lastDay = event.allDay ? addDays(event.end.slice(0, 10), -1) : at(event.end).day;
  const items: EventItem[] = [];
  for (let day = start.day; day <= lastDay || day === start.day; day = addDays(day, 1)) {
    items.push({
      kind: "event",
      key: `event:${event.id}:${day}`,
      event,
      day,
      time: day === start.day ? start.time : null,
    });
    if (items.length > 62) break;
  }
  return items;
}

/** All-day first, then by time, then tasks before events, then by title. */
export function byTimeOfDay(a: CalendarItem, b: CalendarItem): number {
  return (
    (a.time ?? "").localeCompare(b.time ?? "") ||
    (a.kind === b.kind ? 0 : a.kind === "task" ? -1 : 1) ||
    titleOf(a).localeCompare(titleOf(b))
  );
}

export const titleOf = (item: CalendarItem) => (item.kind === "task" ? item.task.title : item.event.title);

/** The items of each day, each day's in order. */
export function itemsByDay(items: readonly CalendarItem[]): Map<string, CalendarItem[]> {
  const days = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const list = days.get(item.day);
    if (list) list.push(item);
    else days.set(item.day, [item]);
  }
  for (const list of days.values()) list.sort(byTimeOfDay);
  return days;
}
