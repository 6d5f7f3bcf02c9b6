import { zonedTimeToInstant } from "./reminders.js";
import { wallClockAt } from "./time-zones.js";

/**
 * Task analysis (module task-analysis, docs/analysis.md): the pure computations behind the
 * /analysis-settings page and analyze-task, free of zod and of the database, so they are unit
 * tested alone and the server only loads rows and hands them here.
 */

export const ANALYSIS_PERIODS = [4, 12, 26] as const;
export const MAX_ANALYSIS_WEEKS = 52;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** An open task untouched this long is "stale": worth re-planning or dropping. */
export const STALE_AFTER_DAYS = 21;
/** A member carries "much more" than the group when above this multiple of the mean… */
export const UNEVEN_LOAD_FACTOR = 1.5;
/** …and by at least this many open tasks or tracked minutes (2 tasks against a mean of 1 is no load). */
export const UNEVEN_LOAD_MIN_TASKS = 3;
export const UNEVEN_LOAD_MIN_MINUTES = 120;
/** How many overdue and stale tasks the suggestions name at most, each. */
export const MAX_TASK_SUGGESTIONS = 5;
export const MAX_SIMILAR_TASKS = 5;
/** An estimate is "accurate" when the tracked time is within this share of it. */
export const ACCURATE_WITHIN = 0.25;

export const ANALYSIS_MESSAGES = {
  memberNotInGroup: "Pick a member of this group",
  loadFailed: "Failed to load the analysis. Please try again later.",
  analyzeFailed: "Failed to analyze this task. Please try again later.",
} as const;

/** A task as the analysis reads it. Instants are ISO strings; a deadline is wall-clock (domain/tasks.ts). */
export interface AnalysisTask {
  id: string;
  title: string;
  category: string;
  ownerId: string;
  completed: boolean;
  completedAt: string | null;
  /** Who completed it (the module's events); null when it was completed before they were kept. */
  completedBy: string | null;
  createdAt: string;
  updatedAt: string;
  deadline: string | null;
  deadlineTimeZone: string | null;
}

/** One finished stretch of tracked time: when it started (ms since the epoch) and how long it took. */
export interface AnalysisTimeEntry {
  taskId: string;
  userId: string;
  startedAt: number;
  minutes: number;
}

export interface Period {
  start: number;
  end: number;
  weeks: number;
}

/** The last `weeks` weeks up to `now`, as rolling 7-day windows (the last ends now). */
export function periodEnding(now: Date, weeks: number): Period {
  return { start: now.getTime() - weeks * WEEK_MS, end: now.getTime(), weeks };
}

const passes = new Map<string, number | null>();

/**
 * The instant a deadline has passed: a time is due at that time in its zone; a date alone is
 * due once that day is over there (a task due today is not overdue this afternoon). Remembered
 * per deadline and zone: a group's tasks share few dates, and each takes two Intl calls.
 */
export function deadlinePassesAt(deadline: string, timeZone: string | null): number | null {
  const key = `${deadline} ${timeZone ?? ""}`;
  let instant = passes.get(key);
  if (instant === undefined) {
    if (passes.size > 10_000) passes.clear();
    instant = computeDeadlinePassesAt(deadline, timeZone);
    passes.set(key, instant);
  }
  return instant;
}

function computeDeadlinePassesAt(deadline: string, timeZone: string | null): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(deadline);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number);
  const zone = timeZone ?? "UTC";
  if (match[4] !== undefined)
    return zonedTimeToInstant({ year: year!, month: month!, day: day!, hour: hour!, minute: minute! }, zone).getTime();
  // The next day's midnight: Date.UTC rolls 31 over into the next month.
  const next = new Date(Date.UTC(year!, month! - 1, day! + 1));
  return zonedTimeToInstant(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 },
    zone,
  ).getTime();
}

/** Whose a task is in per-member figures: who completed it, else (open, or completed unrecorded) its owner. */
export function memberOf(task: AnalysisTask): string {
  return (task.completed && task.completedBy) || task.ownerId;
}

const time = (iso: string) => new Date(iso).getTime();

export interface CompletionRate {
  completed: number;
  total: number;
  /** completed / total, or null when no task was on the list in the period. */
  rate: number | null;
}

/**
 * Of the tasks that were on the list at some point in the period (created before its end, not
 * completed before its start), the share completed within it.
 */
export function completionRate(tasks: readonly AnalysisTask[], period: Period): CompletionRate {
  let total = 0;
  let completed = 0;
  for (const task of tasks) {
    if (time(task.createdAt) > period.end) continue;
    const doneAt = task.completed && task.completedAt ? time(task.completedAt) : null;
    if (doneAt !== null && doneAt < period.start) continue;
    total += 1;
    if (doneAt !== null && doneAt <= period.end) completed += 1;
  }
  return { completed, total, rate: total === 0 ? null : completed / total };
}

/** "2026-11-26": the calendar day an instant falls on in the zone. */
export function dayIn(at: number, timeZone: string): string {
  const clock = wallClockAt(at, timeZone);
  return `${clock.year}-${String(clock.month).padStart(2, "0")}-${String(clock.day).padStart(2, "0")}`;
}

export interface OverdueWeek {
  /** The week's first day in the caller's zone. */
  weekStart: string;
  /** Open tasks past their deadline at the week's end. */
  overdue: number;
  /** Tasks completed that week. */
  completed: number;
}

/** Week by week: how many tasks were overdue at its end, and how many were completed in it. */
export function overdueTrend(tasks: readonly AnalysisTask[], period: Period, timeZone: string): OverdueWeek[] {
  const weeks = Array.from({ length: period.weeks }, (_, index) => {
    const start = period.start + index * WEEK_MS;
    return { start, end: start + WEEK_MS, weekStart: dayIn(start, timeZone), overdue: 0, completed: 0 };
  });
  for (const task of tasks) {
    const created = time(task.createdAt);
    const doneAt = task.completed && task.completedAt ? time(task.completedAt) : null;
    const due = task.deadline ? deadlinePassesAt(task.deadline, task.deadlineTimeZone) : null;
    for (const week of weeks) {
      if (doneAt !== null && doneAt >= week.start && doneAt < week.end) week.completed += 1;
      const openAtEnd = created <= week.end && (doneAt === null || doneAt > week.end);
      if (due !== null && openAtEnd && due < week.end) week.overdue += 1;
    }
  }
  return weeks.map(({ weekStart, overdue, completed }) => ({ weekStart, overdue, completed }));
}

/** Minutes between two instants (ISO strings): a stretch that ends before it starts counts as none. */
export function minutesBetween(startedAt: string, endedAt: string): number {
  return Math.max(0, (time(endedAt) - time(startedAt)) / 60_000);
}

export interface CategoryTime {
  categoryId: string;
  minutes: number;
}

/** Tracked minutes per category of the entries' tasks, most first. */
export function timePerCategory(
  entries: readonly AnalysisTimeEntry[],
  categoryOf: ReadonlyMap<string, string>,
): CategoryTime[] {
  const minutes = new Map<string, number>();
  for (const entry of entries) {
    const category = categoryOf.get(entry.taskId);
    if (category === undefined) continue;
    minutes.set(category, (minutes.get(category) ?? 0) + entry.minutes);
  }
  return [...minutes]
    .map(([categoryId, total]) => ({ categoryId, minutes: Math.round(total) }))
    .filter((row) => row.minutes > 0)
    .sort((a, b) => b.minutes - a.minutes || a.categoryId.localeCompare(b.categoryId));
}

export interface EstimateAccuracy {
  /** Completed tasks with both an estimate and tracked time. */
  tasks: number;
  /** The median of tracked / estimated: 1 is spot on, 1.5 took half as long again. */
  medianRatio: number | null;
  /** The share of those tasks whose tracked time was within ACCURATE_WITHIN of the estimate. */
  accurateShare: number | null;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** How tracked time compared with the estimate, over tasks completed in the period. */
export function estimateAccuracy(
  tasks: readonly AnalysisTask[],
  estimates: ReadonlyMap<string, number>,
  trackedMinutes: ReadonlyMap<string, number>,
  period: Period,
): EstimateAccuracy {
  const ratios: number[] = [];
  for (const task of tasks) {
    if (!task.completed || !task.completedAt) continue;
    const doneAt = time(task.completedAt);
    if (doneAt < period.start || doneAt > period.end) continue;
    const estimate = estimates.get(task.id);
    const tracked = trackedMinutes.get(task.id);
    if (!estimate || !tracked) continue;
    ratios.push(tracked / estimate);
  }
  if (ratios.length === 0) return { tasks: 0, medianRatio: null, accurateShare: null };
  const accurate = ratios.filter((ratio) => Math.abs(ratio - 1) <= ACCURATE_WITHIN).length;
  return { tasks: ratios.length, medianRatio: median(ratios), accurateShare: accurate / ratios.length };
}

const HOUR_MS = 3_600_000;
const weekdays = new Map<string, number>();

/**
 * ISO weekday in the zone: 1 Monday … 7 Sunday. Remembered per zone and hour (every zone's
 * offset is a whole number of quarter hours, so the quarter hour is the unit): thousands of time
 * entries fall in far fewer quarter hours, and each look-up otherwise costs an Intl call.
 */
export function weekdayIn(at: number, timeZone: string): number {
  const quarter = Math.floor(at / (HOUR_MS / 4));
  const key = `${timeZone} ${quarter}`;
  let weekday = weekdays.get(key);
  if (weekday === undefined) {
    if (weekdays.size > 50_000) weekdays.clear();
    weekday = computeWeekdayIn(quarter * (HOUR_MS / 4), timeZone);
    weekdays.set(key, weekday);
  }
  return weekday;
}

function computeWeekdayIn(at: number, timeZone: string): number {
  const clock = wallClockAt(at, timeZone);
  const day = new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay();
  return day === 0 ? 7 : day;
}

export interface BusyDay {
  weekday: number;
  completed: number;
  minutes: number;
}

/** Per weekday in the caller's zone, Monday first: completions and tracked minutes (by start) in the period. */
export function busiestDays(
  tasks: readonly AnalysisTask[],
  entries: readonly AnalysisTimeEntry[],
  period: Period,
  timeZone: string,
): BusyDay[] {
  const days = Array.from({ length: 7 }, (_, index) => ({ weekday: index + 1, completed: 0, minutes: 0 }));
  for (const task of tasks) {
    if (!task.completed || !task.completedAt) continue;
    const doneAt = time(task.completedAt);
    if (doneAt >= period.start && doneAt <= period.end) days[weekdayIn(doneAt, timeZone) - 1]!.completed += 1;
  }
  for (const entry of entries) days[weekdayIn(entry.startedAt, timeZone) - 1]!.minutes += entry.minutes;
  return days.map((day) => ({ ...day, minutes: Math.round(day.minutes) }));
}

export interface MemberLoad {
  memberId: string;
  name: string;
  openTasks: number;
  minutes: number;
}

export interface UnevenLoad {
  memberId: string;
  measure: "openTasks" | "minutes";
  value: number;
  mean: number;
}

/**
 * Members who carry much more than the group's mean: above UNEVEN_LOAD_FACTOR times it and by a
 * margin that matters. Needs two members at least: alone, there is no one to share with.
 */
export function unevenLoad(loads: readonly MemberLoad[]): UnevenLoad[] {
  if (loads.length < 2) return [];
  const found: UnevenLoad[] = [];
  const measures = [
    ["openTasks", UNEVEN_LOAD_MIN_TASKS],
    ["minutes", UNEVEN_LOAD_MIN_MINUTES],
  ] as const;
  for (const [measure, margin] of measures) {
    const mean = loads.reduce((sum, load) => sum + load[measure], 0) / loads.length;
    for (const load of loads) {
      const value = load[measure];
      if (value > mean * UNEVEN_LOAD_FACTOR && value - mean >= margin)
        found.push({ memberId: load.memberId, measure, value, mean });
    }
  }
  return found;
}

/** "2 h 5 min", "45 min". */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export type SuggestionKind = "overdue" | "stale" | "uneven-load";

export interface Suggestion {
  kind: SuggestionKind;
  taskId: string | null;
  memberId: string | null;
  text: string;
}

/** Open tasks past their deadline, most overdue first, and open tasks nobody touched for weeks. */
export function taskSuggestions(tasks: readonly AnalysisTask[], now: Date): Suggestion[] {
  const open = tasks.filter((task) => !task.completed);
  const overdue = open
    .map((task) => ({ task, due: task.deadline ? deadlinePassesAt(task.deadline, task.deadlineTimeZone) : null }))
    .filter((row): row is { task: AnalysisTask; due: number } => row.due !== null && row.due < now.getTime())
    .sort((a, b) => a.due - b.due || a.task.id.localeCompare(b.task.id))
    .slice(0, MAX_TASK_SUGGESTIONS)
    .map(({ task, due }) => {
      const days = Math.max(1, Math.floor((now.getTime() - due) / DAY_MS));
      return {
        kind: "overdue" as const,
        taskId: task.id,
        memberId: task.ownerId,
        text: `“${task.title}” is ${plural(days, "day")} overdue: pick a new date you can keep, or split it into smaller steps.`,
      };
    });
  const overdueIds = new Set(overdue.map((suggestion) => suggestion.taskId));
  const stale = open
    .filter((task) => !overdueIds.has(task.id))
    .map((task) => ({ task, idle: Math.floor((now.getTime() - time(task.updatedAt)) / DAY_MS) }))
    .filter((row) => row.idle >= STALE_AFTER_DAYS)
    .sort((a, b) => b.idle - a.idle || a.task.id.localeCompare(b.task.id))
    .slice(0, MAX_TASK_SUGGESTIONS)
    .map(({ task, idle }) => ({
      kind: "stale" as const,
      taskId: task.id,
      memberId: task.ownerId,
      text: `“${task.title}” has not changed in ${plural(idle, "day")}: give it a date, hand it over, or let it go.`,
    }));
  return [...overdue, ...stale];
}

/** Says who carries more than the rest, and why it was flagged. */
export function loadSuggestions(loads: readonly MemberLoad[]): Suggestion[] {
  const names = new Map(loads.map((load) => [load.memberId, load.name]));
  return unevenLoad(loads).map((flag) => {
    const name = names.get(flag.memberId) ?? "A member";
    const times = (flag.value / flag.mean).toFixed(1);
    const text =
      flag.measure === "openTasks"
        ? `${name} has ${plural(flag.value, "open task")}, ${times}× the group's mean of ${flag.mean.toFixed(1)}: share some with the others.`
        : `${name} tracked ${formatMinutes(flag.value)} in this period, ${times}× the group's mean of ${formatMinutes(flag.mean)}: balance the work.`;
    return { kind: "uneven-load" as const, taskId: null, memberId: flag.memberId, text };
  });
}

/** The words of a title that say what it is about: lower case, letters and digits, 3+ characters. */
export function titleWords(title: string): Set<string> {
  const words = title.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return new Set(words.filter((word) => !STOP_WORDS.has(word)));
}

const STOP_WORDS = new Set(["the", "and", "for", "with", "from", "into", "our", "your", "this", "that"]);

/** How alike two tasks are, 0 to 1: the share of title words they have in common (Jaccard). */
export function titleSimilarity(a: string, b: string): number {
  const left = titleWords(a);
  const right = titleWords(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/** Alike enough to learn from: a third of the words in common, or one word and the same category. */
export const SIMILARITY_THRESHOLD = 1 / 3;

export interface SimilarCandidate {
  id: string;
  title: string;
  category: string;
  minutes: number;
}

/** The finished tasks with tracked time most like this one, most alike first. */
export function similarTasks(
  task: { id: string; title: string; category: string },
  candidates: readonly SimilarCandidate[],
): SimilarCandidate[] {
  return candidates
    .filter((candidate) => candidate.id !== task.id && candidate.minutes > 0)
    .map((candidate) => {
      const similarity = titleSimilarity(task.title, candidate.title);
      const sameCategory = candidate.category === task.category;
      return {
        candidate,
        score: similarity + (sameCategory ? 0.25 : 0),
        similar: similarity >= SIMILARITY_THRESHOLD || (sameCategory && similarity > 0),
      };
    })
    .filter((row) => row.similar)
    .sort((a, b) => b.score - a.score || a.candidate.id.localeCompare(b.candidate.id))
    .slice(0, MAX_SIMILAR_TASKS)
    .map((row) => row.candidate);
}

/** What analyze-task advises, or null when there is nothing worth saying. */
export function taskAdvice(facts: {
  postponements: number;
  estimateMinutes: number | null;
  medianMinutesOfSimilar: number | null;
  trackedMinutes: number;
}): string | null {
  if (facts.postponements >= 3)
    return `Postponed ${facts.postponements} times: split it into a first small step, or hand it to someone else.`;
  const { estimateMinutes, medianMinutesOfSimilar } = facts;
  if (medianMinutesOfSimilar !== null && estimateMinutes !== null) {
    if (medianMinutesOfSimilar > estimateMinutes * (1 + ACCURATE_WITHIN))
      return `Similar tasks took about ${formatMinutes(medianMinutesOfSimilar)}, more than the estimate of ${formatMinutes(estimateMinutes)}: plan more time.`;
    if (medianMinutesOfSimilar < estimateMinutes * (1 - ACCURATE_WITHIN))
      return `Similar tasks took about ${formatMinutes(medianMinutesOfSimilar)}, less than the estimate of ${formatMinutes(estimateMinutes)}.`;
  }
  if (medianMinutesOfSimilar !== null && estimateMinutes === null)
    return `Similar tasks took about ${formatMinutes(medianMinutesOfSimilar)}: plan that much time for it.`;
  if (facts.postponements > 0)
    return `Postponed ${plural(facts.postponements, "time")} so far: keep the new date if you can.`;
  return null;
}

/** Whole days between two instants (never negative). */
export function wholeDays(from: number, to: number): number {
  return Math.max(0, Math.floor((to - from) / DAY_MS));
}
