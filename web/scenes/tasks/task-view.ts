import type { Priority, Task } from "../../../domain/tasks";
import { formatCalendarDate, formatClockTime } from "../../../domain/time-format";
import { appTimeLocale } from "../../stores/time-locale";

export const SORTS = ["manual", "priority", "deadline"] as const;
export type TaskSort = (typeof SORTS)[number];
export const SORT_LABELS: Record<TaskSort, string> = {
  manual: "My order",
  priority: "Priority",
  deadline: "Deadline",
};

export const PRIORITY_LABELS: Record<Priority, string> = { high: "High", medium: "Medium", low: "Low" };
const PRIORITY_RANK: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

/** The server's manual order: `order`, then creation, then id (TaskRepository.listForGroup). */
export function byManualOrder(a: Task, b: Task): number {
  return a.order - b.order || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

export function sortTasks(tasks: readonly Task[], sort: TaskSort): Task[] {
  const sorted = [...tasks].sort(byManualOrder);
  if (sort === "priority") return sorted.sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority]);
  if (sort === "deadline") {
    // Earliest first; a date without a time counts as the start of that day; no deadline last.
    return sorted.sort((a, b) => {
      if (!a.deadline || !b.deadline) return a.deadline ? -1 : b.deadline ? 1 : 0;
      return a.deadline.localeCompare(b.deadline);
    });
  }
  return sorted;
}

export interface TaskFilter {
  /** A category id, or null for all. */
  category: string | null;
  /** Words the title or notes must contain (case-insensitive). */
  text: string;
  showCompleted: boolean;
}

export function matchesFilter(task: Task, filter: TaskFilter): boolean {
  if (filter.category !== null && task.category !== filter.category) return false;
  const words = filter.text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${task.title}\n${task.notes}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The browser's zone: deadlines set before a profile had a zone are read in it. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "2026-12-24T18:30": the wall-clock time at `now` in `timeZone` (the browser's zone if unknown). */
export function wallClock(now: Date, timeZone: string | null): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: timeZone ?? undefined,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
  } catch {
    return wallClock(now, null);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * Spec: deadlines are a date, optionally with a time, meant in the zone they were set in. A date
 * alone is overdue once that day is over there; with a time, once that minute has passed.
 */
export function isOverdue(
  task: Pick<Task, "deadline" | "deadlineTimeZone" | "completed">,
  now: Date = new Date(),
): boolean {
  if (!task.deadline || task.completed) return false;
  const current = wallClock(now, task.deadlineTimeZone);
  return task.deadline.length > 10 ? current > task.deadline : current.slice(0, 10) > task.deadline;
}

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 86_400_000);
}

/** Days from today (in the deadline's zone) to the deadline's date: 0 today, -1 yesterday. */
export function daysUntil(task: Pick<Task, "deadline" | "deadlineTimeZone">, now: Date = new Date()): number | null {
  if (!task.deadline) return null;
  return dayNumber(task.deadline) - dayNumber(wallClock(now, task.deadlineTimeZone));
}

/**
 * "Today 18:30", "Tomorrow", "Yesterday", "Fri 26 Dec", "Tue 5 Jan 2027": times on the user's clock
 * (the profile's language, else the browser's; domain/time-format.ts), as emails and pushes write them.
 */
export function formatDeadline(
  task: Pick<Task, "deadline" | "deadlineTimeZone">,
  now: Date = new Date(),
  locale: string = appTimeLocale(),
): string {
  if (!task.deadline) return "";
  const days = daysUntil(task, now)!;
  const time = task.deadline.length > 10 ? ` ${formatClockTime(task.deadline.slice(11, 16), locale)}` : "";
  if (days === 0) return `Today${time}`;
  if (days === 1) return `Tomorrow${time}`;
  if (days === -1) return `Yesterday${time}`;
  const sameYear = task.deadline.slice(0, 4) === wallClock(now, task.deadlineTimeZone).slice(0, 4);
  return `${formatCalendarDate(task.deadline, locale, { withYear: !sameYear })}${time}`;
}

/**
 * The `order` that puts a task between two neighbours (spec: a value between them). Null when
 * they are too close together to fit another number between: renumber then.
 */
export function orderBetween(before: number | undefined, after: number | undefined): number | null {
  if (before === undefined && after === undefined) return 0;
  if (before === undefined) return after! - 1;
  if (after === undefined) return before + 1;
  const middle = (before + after) / 2;
  return middle > before && middle < after && after - before > 1e-9 ? middle : null;
}

/**
 * The order changes that move `tasks[from]` to position `to` of `tasks` (a list in manual order):
 * usually one task; every task when there is no room between the new neighbours.
 */
export function moveTask(tasks: readonly Task[], from: number, to: number): { id: string; order: number }[] {
  if (from === to || !tasks[from] || to < 0 || to >= tasks.length) return [];
  const moved = tasks[from];
  const rest = tasks.filter((_, index) => index !== from);
  const order = orderBetween(rest[to - 1]?.order, rest[to]?.order);
  if (order !== null) return [{ id: moved.id, order }];
  const arranged = rest.toSpliced(to, 0, moved);
  return arranged
    .map((task, index) => ({ id: task.id, order: index, before: task.order }))
    .filter((change) => change.order !== change.before)
    .map(({ id, order: value }) => ({ id, order: value }));
}

export interface OfferedCategories<C> {
  /** The user's "categories offered first" (settings.defaultCategories) that this group has, in that order. */
  first: C[];
  /** Then the most recently used of the rest, newest first. */
  recent: C[];
  /** Then everything else, in the group's order. */
  rest: C[];
}

/** The order of the category choice when adding a task: chosen ones first, then recently used, then the rest. */
export function offeredCategories<C extends { id: string; order: number; lastUsed: string | null }>(
  categories: readonly C[],
  firstIds: readonly string[],
  recentCount: number,
): OfferedCategories<C> {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const first = [...new Set(firstIds)].map((id) => byId.get(id)).filter((category) => category !== undefined);
  const taken = new Set(first.map((category) => category.id));
  const recent = categories
    .filter((category) => !taken.has(category.id) && category.lastUsed !== null)
    .sort((a, b) => b.lastUsed!.localeCompare(a.lastUsed!))
    .slice(0, recentCount);
  for (const category of recent) taken.add(category.id);
  const rest = [...categories].filter((category) => !taken.has(category.id)).sort((a, b) => a.order - b.order);
  return { first, recent, rest };
}

/**
 * The group a task's page sits under (its breadcrumb): the task's own group when the user is in
 * it, so the page never names one group above "Added … in" another. A task shared in from a
 * group the user is not in sits under the group of theirs it is shared with, the current one
 * first. Undefined when neither (the user's groups are not loaded yet).
 */
export function homeGroupOf<G extends { id: string }>(
  task: Pick<Task, "groupId" | "sharedWithGroups">,
  groups: readonly G[],
  currentId: string | undefined,
): G | undefined {
  const own = groups.find((group) => group.id === task.groupId);
  if (own) return own;
  const sharedWith = groups.filter((group) => task.sharedWithGroups.includes(group.id));
  return sharedWith.find((group) => group.id === currentId) ?? sharedWith[0];
}

/** A task added without `#name` goes to Other, or the group's last category where it has no Other. */
export function defaultCategoryOf(categories: readonly { id: string }[]): string {
  return categories.some((category) => category.id === "other") ? "other" : (categories.at(-1)?.id ?? "other");
}
