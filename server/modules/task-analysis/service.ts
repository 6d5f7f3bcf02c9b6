import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  ANALYSIS_MESSAGES,
  busiestDays,
  completionRate,
  deadlinePassesAt,
  estimateAccuracy,
  type GroupAnalysis,
  loadSuggestions,
  median,
  type MemberLoad,
  memberOf,
  overdueTrend,
  periodEnding,
  similarTasks,
  taskAdvice,
  type TaskAnalysis,
  taskSuggestions,
  timePerCategory,
  wholeDays,
} from "../../../domain/analysis.js";
import { GROUP_MESSAGES } from "../../../domain/group-messages.js";
import { TASK_MESSAGES } from "../../../domain/task-rules.js";
import type { DB } from "../../db/schema.js";
import type { AppDeps } from "../../deps.js";
import { NotFoundError, ValidationError } from "../../errors.js";
import type { User } from "../../repositories/user-repository.js";
import { completedAtOf, type TaskWritten } from "../../services/tasks/task-write-hooks.js";
import { AnalysisRepository } from "./repository.js";

const DAY_MS = 86_400_000;

/**
 * Keeps what the analysis needs of a change, in its transaction: who completed or reopened the
 * task, and a deadline moved later (a postponement). An earlier deadline is not a postponement.
 */
export async function recordTaskEvents(transaction: Kysely<DB>, write: TaskWritten): Promise<void> {
  const { before, after, actor, at } = write;
  const events = new AnalysisRepository(transaction);
  const base = { task_id: after.id, actor_id: actor.id, at, from_deadline: null, to_deadline: null };
  // A completion queued offline counts when it was ticked, not when it arrived.
  if (!before.completed && after.completed)
    await events.insertEvent({ ...base, at: completedAtOf(write), id: randomUUID(), kind: "completed" });
  if (before.completed && !after.completed) await events.insertEvent({ ...base, id: randomUUID(), kind: "reopened" });
  if (before.deadline && after.deadline && before.deadline !== after.deadline) {
    const from = deadlinePassesAt(before.deadline, before.deadlineTimeZone);
    const to = deadlinePassesAt(after.deadline, after.deadlineTimeZone);
    if (from !== null && to !== null && to > from)
      await events.insertEvent({
        ...base,
        id: randomUUID(),
        kind: "postponed",
        from_deadline: before.deadline,
        to_deadline: after.deadline,
      });
  }
}

export interface AnalysisQuery {
  member?: string;
  weeks: number;
  tz: string;
}

/** How a group (or one member of it) is doing over the last weeks. Members of the group only. */
export async function analyzeGroup(
  deps: AppDeps,
  user: User,
  groupId: string,
  query: AnalysisQuery,
  now = new Date(),
): Promise<GroupAnalysis> {
  const { repositories, database } = deps;
  if (!(await repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
  const member = query.member ?? null;
  const members = await repositories.groups.membersOf([groupId]);
  if (member !== null && !members.some((row) => row.userId === member))
    throw new ValidationError(ANALYSIS_MESSAGES.memberNotInGroup);

  const period = periodEnding(now, query.weeks);
  const analysis = new AnalysisRepository(database.db);
  const [allTasks, allEntries, tracked, estimates, categoryNames] = await Promise.all([
    analysis.groupTasks(groupId),
    analysis.entriesBetween(groupId, new Date(period.start).toISOString(), now.toISOString()),
    analysis.trackedMinutesPerTask(groupId),
    analysis.estimates(groupId),
    analysis.categoryNames(groupId),
  ]);
  const tasks = member === null ? allTasks : allTasks.filter((task) => memberOf(task) === member);
  const entries = member === null ? allEntries : allEntries.filter((entry) => entry.userId === member);
  const categoryOf = new Map(allTasks.map((task) => [task.id, task.category]));

  const openOf = new Map<string, number>();
  for (const task of allTasks) if (!task.completed) openOf.set(task.ownerId, (openOf.get(task.ownerId) ?? 0) + 1);
  const minutesOf = new Map<string, number>();
  for (const entry of allEntries) minutesOf.set(entry.userId, (minutesOf.get(entry.userId) ?? 0) + entry.minutes);
  const loads: MemberLoad[] = members.map((row) => ({
    memberId: row.userId,
    name: row.displayName,
    openTasks: openOf.get(row.userId) ?? 0,
    minutes: Math.round(minutesOf.get(row.userId) ?? 0),
  }));
  const suggestions = [...taskSuggestions(tasks, now), ...loadSuggestions(loads)].filter(
    (suggestion) => member === null || suggestion.memberId === member,
  );

  return {
    groupId,
    memberId: member,
    weeks: query.weeks,
    timeZone: query.tz,
    members: members.map((row) => ({ userId: row.userId, name: row.displayName })),
    completionRate: completionRate(tasks, period),
    overdueTrend: overdueTrend(tasks, period, query.tz),
    timePerCategory: timePerCategory(entries, categoryOf).map((row) => ({
      ...row,
      name: categoryNames.get(row.categoryId) ?? row.categoryId,
    })),
    estimateAccuracy: estimateAccuracy(tasks, estimates, tracked, period),
    busiestDays: busiestDays(tasks, entries, period, query.tz),
    memberLoad: loads,
    suggestions,
  };
}

/**
 * The spec's analyze-task: one task's age, postponements and tracked time next to similar
 * finished tasks. Similar tasks come from the task's own group, and only for its members: a
 * task shared into another group must not show that group's other tasks to its members.
 */
export async function analyzeTask(deps: AppDeps, user: User, taskId: string, now = new Date()): Promise<TaskAnalysis> {
  const { repositories, database } = deps;
  const task = await repositories.tasks.findVisible(taskId, user.id);
  if (!task) throw new NotFoundError(TASK_MESSAGES.notFound);
  const analysis = new AnalysisRepository(database.db);
  const member = Boolean(await repositories.groups.memberRole(task.groupId, user.id));
  const [events, estimateMinutes, candidates, tracked] = await Promise.all([
    analysis.eventsOf(task.id),
    analysis.estimateOf(task.id),
    member ? analysis.finishedWithTime(task.groupId) : Promise.resolve([]),
    analysis.trackedMinutesOf(task.id),
  ]);
  const postponed = events.filter((event) => event.kind === "postponed");
  const movedMs = postponed.reduce((sum, event) => {
    const from = deadlinePassesAt(event.from_deadline ?? "", task.deadlineTimeZone);
    const to = deadlinePassesAt(event.to_deadline ?? "", task.deadlineTimeZone);
    return from !== null && to !== null ? sum + (to - from) : sum;
  }, 0);
  const similar = similarTasks(task, candidates).map((row) => ({
    id: row.id,
    title: row.title,
    minutes: Math.round(row.minutes),
  }));
  const middle = median(similar.map((row) => row.minutes));
  const medianMinutesOfSimilar = middle === null ? null : Math.round(middle);
  const trackedMinutes = Math.round(tracked);
  return {
    taskId: task.id,
    ageDays: wholeDays(Date.parse(task.createdAt), now.getTime()),
    postponements: postponed.length,
    deadlineMovedByDays: Math.round(movedMs / DAY_MS),
    trackedMinutes,
    estimateMinutes,
    similarTasks: similar,
    medianMinutesOfSimilar,
    suggestion: taskAdvice({
      postponements: postponed.length,
      estimateMinutes,
      medianMinutesOfSimilar,
      trackedMinutes,
    }),
  };
}
