import { GROUP_MESSAGES } from "../../../../domain/group-messages.js";
import {
  addDays,
  csvText,
  daysBetween,
  localDate,
  MAX_REPORT_DAYS,
  type Report,
  type ReportQuery,
  secondsWithin,
  startOfDay,
  TIME_MESSAGES,
  weeksOf,
} from "../../../../domain/time-tracking.js";
import { wallClockAt } from "../../../../domain/time-zones.js";
import type { AppDeps } from "../../../deps.js";
import { NotFoundError, ValidationError } from "../../../errors.js";
import type { User } from "../../../repositories/user-repository.js";
import { type ReportEntry, TimeRepository } from "./repository.js";

const UNCATEGORISED = "No category";
const FORMER_MEMBER = "Former member";

interface Gathered {
  query: ReportQuery;
  scope: "own" | "group";
  /** The report's instants: from's midnight to the midnight after `to`, in the viewer's zone. */
  start: number;
  end: number;
  entries: ReportEntry[];
  names: Map<string, string>;
  categoryNames: Map<string, string>;
  now: number;
}

/**
 * The entries a report covers: with a group, the owner sees everyone's time on its tasks and a
 * member their own; without one, the caller's own time on every task. A group the caller is not
 * in is "Group not found".
 */
async function gather(deps: AppDeps, user: User, query: ReportQuery, now: Date): Promise<Gathered> {
  const length = daysBetween(query.from, query.to);
  if (length < 0) throw new ValidationError(TIME_MESSAGES.rangeOrder);
  if (length + 1 > MAX_REPORT_DAYS) throw new ValidationError(TIME_MESSAGES.rangeTooLong);
  const { repositories } = deps;
  let scope: "own" | "group" = "own";
  if (query.groupId) {
    const role = await repositories.groups.memberRole(query.groupId, user.id);
    if (!role) throw new NotFoundError(GROUP_MESSAGES.notFound);
    if (role === "owner") scope = "group";
  }
  const start = startOfDay(query.from, query.tz);
  const end = startOfDay(addDays(query.to, 1), query.tz);
  const entries = await new TimeRepository(deps.database.db).listForReport({
    userId: scope === "group" ? null : user.id,
    groupId: query.groupId ?? null,
    from: new Date(start).toISOString(),
    to: new Date(end).toISOString(),
  });
  const groupIds = [...new Set(entries.map((entry) => entry.groupId))];
  const names = new Map<string, string>();
  for (const member of await repositories.groups.membersOf(groupIds)) names.set(member.userId, member.displayName);
  if (!names.has(user.id)) names.set(user.id, user.name);
  const categoryNames = new Map<string, string>();
  for (const groupId of groupIds) {
    for (const category of await repositories.categories.listForGroup(groupId))
      categoryNames.set(`${groupId}/${category.id}`, category.name);
  }
  return { query, scope, start, end, entries, names, categoryNames, now: now.getTime() };
}

const categoryOf = (gathered: Gathered, entry: ReportEntry) =>
  gathered.categoryNames.get(`${entry.groupId}/${entry.category}`) ?? (entry.category || UNCATEGORISED);

function add<K>(totals: Map<K, number>, key: K, seconds: number): void {
  totals.set(key, (totals.get(key) ?? 0) + seconds);
}

const bySecondsThenName =
  <T extends { seconds: number }>(name: (row: T) => string) =>
  (a: T, b: T) =>
    b.seconds - a.seconds || name(a).localeCompare(name(b));

/**
 * Totals by member, by category and by week (Monday to Monday in the viewer's zone, so a week
 * with a daylight saving change counts its 167 or 169 hours), and each task's estimate against
 * the time tracked on it. A running timer counts until now; an entry across the range's edges
 * counts its part inside.
 */
export async function timeReport(deps: AppDeps, user: User, query: ReportQuery, now = new Date()): Promise<Report> {
  const gathered = await gather(deps, user, query, now);
  const { entries, start, end } = gathered;
  const at = gathered.now;
  const members = new Map<string, number>();
  const categories = new Map<string, number>();
  const tasks = new Map<string, { title: string; category: string; seconds: number }>();
  let totalSeconds = 0;
  for (const entry of entries) {
    const seconds = secondsWithin(entry, start, end, at);
    if (seconds === 0) continue;
    totalSeconds += seconds;
    add(members, entry.userId, seconds);
    add(categories, categoryOf(gathered, entry), seconds);
    const task = tasks.get(entry.taskId) ?? {
      title: entry.taskTitle,
      category: categoryOf(gathered, entry),
      seconds: 0,
    };
    task.seconds += seconds;
    tasks.set(entry.taskId, task);
  }
  const byWeek = weeksOf(query.from, query.to, query.tz).map((week) => ({
    week: week.week,
    seconds: entries.reduce(
      (sum, entry) => sum + secondsWithin(entry, Math.max(week.start, start), Math.min(week.end, end), at),
      0,
    ),
  }));
  const time = new TimeRepository(deps.database.db);
  const taskIds = [...tasks.keys()];
  const estimates = await time.estimates(taskIds);
  const allTime = new Map<string, number>();
  for (const entry of await time.listForTasks(taskIds, gathered.scope === "group" ? null : user.id)) {
    if (gathered.scope === "group" && entry.groupId !== query.groupId) continue;
    add(allTime, entry.taskId, secondsWithin(entry, -Infinity, Infinity, at));
  }
  return {
    from: query.from,
    to: query.to,
    timeZone: query.tz,
    groupId: query.groupId ?? null,
    scope: gathered.scope,
    totalSeconds,
    byMember: [...members]
      .map(([userId, seconds]) => ({ userId, name: gathered.names.get(userId) ?? FORMER_MEMBER, seconds }))
      .sort(bySecondsThenName((row) => row.name)),
    byCategory: [...categories]
      .map(([category, seconds]) => ({ category, seconds }))
      .sort(bySecondsThenName((row) => row.category)),
    byWeek,
    byTask: [...tasks]
      .map(([taskId, task]) => ({
        taskId,
        title: task.title,
        category: task.category,
        estimateMinutes: estimates.get(taskId) ?? null,
        seconds: task.seconds,
        totalSeconds: allTime.get(taskId) ?? task.seconds,
      }))
      .sort(bySecondsThenName((row) => row.title)),
  };
}

const pad = (value: number) => String(value).padStart(2, "0");

function clockTime(at: number, timeZone: string): string {
  const clock = wallClockAt(at, timeZone);
  return `${pad(clock.hour)}:${pad(clock.minute)}`;
}

export const CSV_HEADER = ["Date", "Start", "End", "Minutes", "Member", "Task", "Category", "Note"] as const;

/**
 * The report's entries, one row each, oldest first (RFC 4180, with formulas neutralised:
 * domain/time-rules.ts csvCell). Dates and times are the viewer's; Minutes counts the part inside
 * the range, so the column adds up to the report's total. A running timer has no End.
 */
export async function timeReportCsv(deps: AppDeps, user: User, query: ReportQuery, now = new Date()): Promise<string> {
  const gathered = await gather(deps, user, query, now);
  const rows: Array<Array<string | number>> = [[...CSV_HEADER]];
  for (const entry of gathered.entries) {
    const seconds = secondsWithin(entry, gathered.start, gathered.end, gathered.now);
    const startAt = Date.parse(entry.startedAt);
    rows.push([
      localDate(startAt, query.tz),
      clockTime(startAt, query.tz),
      entry.endedAt ? clockTime(Date.parse(entry.endedAt), query.tz) : "",
      Math.round(seconds / 6) / 10,
      gathered.names.get(entry.userId) ?? FORMER_MEMBER,
      entry.taskTitle,
      categoryOf(gathered, entry),
      entry.note ?? "",
    ]);
  }
  return csvText(rows);
}
