import { zonedTimeToInstant } from "../../../domain/reminders";
import { addDays } from "../../../domain/time-rules";
import { wallClockAt } from "../../../domain/time-zones";
import type { CachedTask } from "../../api/tasks";

/**
 * What the calendar shows on a day: one of the user's tasks, or an event of a calendar they
 * subscribed to (GET /api/calendar/events, not built yet). The views place items by `day` and
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
}

/** An event as GET /api/calendar/events sends it: start and end are dates when allDay, else instants. */
export interface CalendarEvent {
  id: string;
  calendarId: string;
  calendarName: string;
  color: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  location: string | null;
}

export interface EventItem extends Placed {
  kind: "event";
  key: string;
  event: CalendarEvent;
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * The day and time where the viewer is of a wall-clock time in another zone: "2026-12-24T18:30"
 * in New York is 25 Dec 00:30 in Berlin. A date alone is the same date everywhere.
 */
export function inViewerZone(deadline: string, deadlineZone: string | null, viewerZone: string): Placed {
  if (deadline.length <= 10) return { day: deadline, time: null };
  if (!deadlineZone || deadlineZone === viewerZone) return { day: deadline.slice(0, 10), time: deadline.slice(11, 16) };
  const [year, month, day] = deadline.slice(0, 10).split("-").map(Number) as [number, number, number];
  const [hour, minute] = deadline.slice(11, 16).split(":").map(Number) as [number, number];
  const clock = wallClockAt(zonedTimeToInstant({ year, month, day, hour, minute }, deadlineZone), viewerZone);
  return {
    day: `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`,
    time: `${pad(clock.hour)}:${pad(clock.minute)}`,
  };
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

/** An event on each day it covers (an all-day end is exclusive, as in iCalendar). */
export function eventItems(event: CalendarEvent, viewerZone: string): EventItem[] {
  const at = (instant: string) => {
    const clock = wallClockAt(Date.parse(instant), viewerZone);
    return {
      day: `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`,
      time: `${pad(clock.hour)}:${pad(clock.minute)}`,
    };
  };
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
