import type { Task } from "../../../domain/tasks";
import { daysUntil, isOverdue } from "../tasks/task-view";

type DeadlineTask = Pick<Task, "deadline" | "deadlineTimeZone" | "completed">;

/** Past its deadline where the deadline was set (a date: that day is over; with a time: that minute has passed). */
export function overdue(task: DeadlineTask, now: Date): boolean {
  return isOverdue(task, now);
}

/** Open, due on today's date in the deadline's zone, and not yet past (those count as overdue, not twice). */
export function dueToday(task: DeadlineTask, now: Date): boolean {
  return !task.completed && daysUntil(task, now) === 0 && !isOverdue(task, now);
}

/** 1 = Monday … 7 = Sunday, as Intl.Locale's week info says. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The locale's first day of the week (Monday where the browser cannot say). */
export function firstDayOfWeek(locale?: string): Weekday {
  try {
    // getWeekInfo() in newer browsers, the weekInfo getter in older ones; typed by hand for both.
    const info = new Intl.Locale(locale ?? navigator.language) as unknown as {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const day = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay ?? 1;
    return (day >= 1 && day <= 7 ? day : 1) as Weekday;
  } catch {
    return 1;
  }
}

/** Midnight (this device's time) of the day the week containing `now` started. */
export function startOfWeek(now: Date, firstDay: Weekday = 1): Date {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const weekday = start.getDay() === 0 ? 7 : start.getDay();
  start.setDate(start.getDate() - ((weekday - firstDay + 7) % 7));
  return start;
}

export function completedSince(task: Pick<Task, "completed" | "completedAt">, since: Date): boolean {
  return task.completed && task.completedAt !== null && Date.parse(task.completedAt) >= since.getTime();
}

/** The filters the dashboard links to and /group-tasks applies (as URL parameters). */
export interface TaskFilter {
  /** Which group's list (its own tasks and those shared with it); none: every group. */
  group: string | null;
  status: "open" | "completed" | "all";
  due: "today" | "overdue" | null;
  /** Completed since the week started. */
  completed: "week" | null;
  category: string | null;
  owner: string | null;
}

export const NO_FILTER: TaskFilter = {
  group: null,
  status: "all",
  due: null,
  completed: null,
  category: null,
  owner: null,
};

export function parseTaskFilter(params: URLSearchParams, defaultStatus: TaskFilter["status"] = "all"): TaskFilter {
  const status = params.get("status");
  const due = params.get("due");
  const completed = params.get("completed");
  return {
    group: params.get("group") || null,
    status: status === "open" || status === "completed" || status === "all" ? status : defaultStatus,
    due: due === "today" || due === "overdue" ? due : null,
    completed: completed === "week" ? "week" : null,
    category: params.get("category") || null,
    owner: params.get("owner") || null,
  };
}

/** The query string of a filter ("?group=…&due=overdue"), leaving out what is not set. */
export function filterSearch(filter: Partial<TaskFilter>): string {
  const params = new URLSearchParams();
  if (filter.group) params.set("group", filter.group);
  if (filter.status && filter.status !== "all") params.set("status", filter.status);
  if (filter.due) params.set("due", filter.due);
  if (filter.completed) params.set("completed", filter.completed);
  if (filter.category) params.set("category", filter.category);
  if (filter.owner) params.set("owner", filter.owner);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function matchesTaskFilter(task: Task, filter: TaskFilter, now: Date, weekStart: Date): boolean {
  if (filter.group && task.groupId !== filter.group && !task.sharedWithGroups.includes(filter.group)) return false;
  if (filter.status === "open" && task.completed) return false;
  if (filter.status === "completed" && !task.completed) return false;
  if (filter.due === "today" && !dueToday(task, now)) return false;
  if (filter.due === "overdue" && !overdue(task, now)) return false;
  if (filter.completed === "week" && !completedSince(task, weekStart)) return false;
  if (filter.category && task.category !== filter.category) return false;
  if (filter.owner && task.ownerId !== filter.owner) return false;
  return true;
}

export interface Count {
  id: string;
  count: number;
}

export interface TaskStats {
  open: number;
  dueToday: number;
  overdue: number;
  completedThisWeek: number;
  /** Open tasks per category id, most first. */
  byCategory: Count[];
  /** Open tasks per owner id, most first. */
  byOwner: Count[];
}

function counted(ids: string[], order: (id: string) => number): Count[] {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts]
    .map(([id, count]) => ({ id, count }))
    .sort((a, b) => b.count - a.count || order(a.id) - order(b.id) || a.id.localeCompare(b.id));
}

/**
 * The dashboard's numbers. Each task counts once however many of the user's groups see it.
 * `categoryOrder` ranks categories with equal counts as the group orders them.
 */
export function taskStats(
  tasks: readonly Task[],
  now: Date,
  weekStart: Date,
  categoryOrder: (id: string) => number = () => 0,
): TaskStats {
  const unique = [...new Map(tasks.map((task) => [task.id, task])).values()];
  const open = unique.filter((task) => !task.completed);
  return {
    open: open.length,
    dueToday: open.filter((task) => dueToday(task, now)).length,
    overdue: open.filter((task) => overdue(task, now)).length,
    completedThisWeek: unique.filter((task) => completedSince(task, weekStart)).length,
    byCategory: counted(
      open.map((task) => task.category),
      categoryOrder,
    ),
    byOwner: counted(
      open.map((task) => task.ownerId),
      () => 0,
    ),
  };
}
