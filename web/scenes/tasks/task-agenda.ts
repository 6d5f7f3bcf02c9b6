import type { Task } from "../../../domain/tasks";
import { byManualOrder, daysUntil, isOverdue, wallClock } from "./task-view";

/** How far Upcoming looks ahead: today and the next 13 days. */
export const UPCOMING_DAYS = 14;

type AgendaTask = Pick<Task, "deadline" | "deadlineTimeZone" | "completed" | "order" | "createdAt" | "id">;

/** Earliest deadline first (a date alone before that day's times), then the lists' own order. */
function byDeadline(a: AgendaTask, b: AgendaTask): number {
  return (a.deadline ?? "").localeCompare(b.deadline ?? "") || byManualOrder(a as Task, b as Task);
}

/** Open and past its deadline, where the deadline was set. */
export function isOverdueOpen(task: AgendaTask, now: Date): boolean {
  return !task.completed && isOverdue(task, now);
}

/** Open, due on today's date where it was set, and not yet past (those are overdue). */
export function isDueToday(task: AgendaTask, now: Date): boolean {
  return !task.completed && daysUntil(task, now) === 0 && !isOverdue(task, now);
}

/** What Today shows: the overdue, then what is due today, each earliest first. */
export function todayAgenda<T extends AgendaTask>(tasks: readonly T[], now: Date): { overdue: T[]; today: T[] } {
  return {
    overdue: tasks.filter((task) => isOverdueOpen(task, now)).sort(byDeadline),
    today: tasks.filter((task) => isDueToday(task, now)).sort(byDeadline),
  };
}

/** How many tasks Today holds (the navigation's count). */
export function todayCount(tasks: readonly AgendaTask[], now: Date): number {
  return tasks.filter((task) => isOverdueOpen(task, now) || isDueToday(task, now)).length;
}

export interface AgendaDay<T> {
  /** "2026-11-27". */
  date: string;
  /** 0 for today, 1 for tomorrow … */
  offset: number;
  tasks: T[];
}

/** "2026-11-27" plus `days`, on the calendar (no clock, so no daylight-saving surprises). */
export function addDaysToDate(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * What Upcoming shows: the overdue, then every day from today for UPCOMING_DAYS days (empty ones
 * too, so a free day is seen as free), each day's open tasks earliest first. A task's day is the
 * date of its deadline where it was set; the days are counted from today in `timeZone`.
 */
export function upcomingAgenda<T extends AgendaTask>(
  tasks: readonly T[],
  now: Date,
  timeZone: string,
  days = UPCOMING_DAYS,
): { overdue: T[]; days: AgendaDay<T>[] } {
  const today = wallClock(now, timeZone).slice(0, 10);
  const agenda: AgendaDay<T>[] = Array.from({ length: days }, (_, offset) => ({
    date: addDaysToDate(today, offset),
    offset,
    tasks: [],
  }));
  const byDate = new Map(agenda.map((day) => [day.date, day]));
  const overdue: T[] = [];
  for (const task of tasks) {
    if (task.completed || !task.deadline) continue;
    if (isOverdue(task, now)) overdue.push(task);
    else byDate.get(task.deadline.slice(0, 10))?.tasks.push(task);
  }
  for (const day of agenda) day.tasks.sort(byDeadline);
  return { overdue: overdue.sort(byDeadline), days: agenda };
}
