import { type Kysely, type RawBuilder, sql } from "kysely";
import { type AnalysisTask, type AnalysisTimeEntry, minutesBetween } from "../../../domain/analysis-rules.js";
import { dialectOf } from "../../db/column-types.js";
import type { DB } from "../../db/schema.js";
import "../task-delegation/time-tracking/tables.js";
import "./tables.js";
import type { TaskEventTable } from "./tables.js";

/**
 * A sum of minutes as whole minutes: PostgreSQL answers a numeric sum as a string, and SQLite's
 * julianday arithmetic is off by a few microseconds (75 minutes come out 74.9999…).
 */
function wholeMinutes(sum: number | string): number {
  return Math.round(Number(sum));
}

/**
 * What the analysis reads: a group's own tasks (not those shared into it: their group analyses
 * them), its time entries and estimates (time tracking's tables), and this module's task events.
 * Each method is one query, whatever the group's size. Never opens a transaction itself.
 */
export class AnalysisRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Minutes of a finished entry, in SQL: the dialects subtract instants differently. */
  private entryMinutes(): RawBuilder<number> {
    return dialectOf(this.db as Kysely<unknown>) === "postgres"
      ? sql<number>`extract(epoch from (time_entries.ended_at - time_entries.started_at)) / 60`
      : sql<number>`(julianday(time_entries.ended_at) - julianday(time_entries.started_at)) * 1440`;
  }

  /** The group's tasks, each with who completed it last (null when that was not recorded). */
  async groupTasks(groupId: string): Promise<AnalysisTask[]> {
    const [tasks, completions] = await Promise.all([
      this.db
        .selectFrom("tasks")
        .select([
          "id",
          "title",
          "category",
          "owner_id",
          "completed",
          "completed_at",
          "created_at",
          "updated_at",
          "deadline",
          "deadline_time_zone",
        ])
        .where("group_id", "=", groupId)
        .execute(),
      this.db
        .selectFrom("task_events")
        .innerJoin("tasks", "tasks.id", "task_events.task_id")
        .select(["task_events.task_id", "task_events.actor_id"])
        .where("tasks.group_id", "=", groupId)
        .where("task_events.kind", "=", "completed")
        .orderBy("task_events.at")
        .execute(),
    ]);
    // Ordered by time: the last completion of a task wins.
    const completedBy = new Map(completions.map((row) => [row.task_id, row.actor_id]));
    return tasks.map((row) => ({
      id: row.id,
      title: row.title,
      category: row.category,
      ownerId: row.owner_id,
      completed: row.completed === 1,
      completedAt: row.completed_at,
      completedBy: completedBy.get(row.id) ?? null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      deadline: row.deadline,
      deadlineTimeZone: row.deadline_time_zone,
    }));
  }

  /** Finished entries on the group's tasks that started in [from, to]. */
  async entriesBetween(groupId: string, from: string, to: string): Promise<AnalysisTimeEntry[]> {
    const rows = await this.db
      .selectFrom("time_entries")
      .innerJoin("tasks", "tasks.id", "time_entries.task_id")
      .select(["time_entries.task_id", "time_entries.user_id", "time_entries.started_at", "time_entries.ended_at"])
      .where("tasks.group_id", "=", groupId)
      .where("time_entries.ended_at", "is not", null)
      .where("time_entries.started_at", ">=", from)
      .where("time_entries.started_at", "<=", to)
      .execute();
    return rows.map((row) => ({
      taskId: row.task_id,
      userId: row.user_id,
      startedAt: Date.parse(row.started_at),
      minutes: minutesBetween(row.started_at, row.ended_at!),
    }));
  }

  /** All the time ever tracked on each of the group's tasks that has some, in minutes. */
  async trackedMinutesPerTask(groupId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom("time_entries")
      .innerJoin("tasks", "tasks.id", "time_entries.task_id")
      .select(["time_entries.task_id", (eb) => eb.fn.sum<number>(this.entryMinutes()).as("minutes")])
      .where("tasks.group_id", "=", groupId)
      .where("time_entries.ended_at", "is not", null)
      .groupBy("time_entries.task_id")
      .execute();
    return new Map(rows.map((row) => [row.task_id, wholeMinutes(row.minutes)]));
  }

  async estimates(groupId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom("task_estimates")
      .innerJoin("tasks", "tasks.id", "task_estimates.task_id")
      .select(["task_estimates.task_id", "task_estimates.minutes"])
      .where("tasks.group_id", "=", groupId)
      .execute();
    return new Map(rows.map((row) => [row.task_id, Number(row.minutes)]));
  }

  /** All the time tracked on one task, in minutes. */
  async trackedMinutesOf(taskId: string): Promise<number> {
    const row = await this.db
      .selectFrom("time_entries")
      .select((eb) => eb.fn.sum<number>(this.entryMinutes()).as("minutes"))
      .where("task_id", "=", taskId)
      .where("ended_at", "is not", null)
      .executeTakeFirst();
    return wholeMinutes(row?.minutes ?? 0);
  }

  async estimateOf(taskId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom("task_estimates")
      .select("minutes")
      .where("task_id", "=", taskId)
      .executeTakeFirst();
    return row ? Number(row.minutes) : null;
  }

  /** The group's category names by id (a task's category is one of its group's). */
  async categoryNames(groupId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom("categories")
      .select(["id", "label"])
      .where("group_id", "=", groupId)
      .execute();
    return new Map(rows.map((row) => [row.id, row.label]));
  }

  /** A task's events, first first. */
  async eventsOf(taskId: string): Promise<Pick<TaskEventTable, "kind" | "at" | "from_deadline" | "to_deadline">[]> {
    return this.db
      .selectFrom("task_events")
      .select(["kind", "at", "from_deadline", "to_deadline"])
      .where("task_id", "=", taskId)
      .orderBy("at")
      .orderBy("id")
      .execute();
  }

  /** The group's completed tasks with tracked time, with their minutes: what a task is compared with. */
  async finishedWithTime(groupId: string): Promise<{ id: string; title: string; category: string; minutes: number }[]> {
    const rows = await this.db
      .selectFrom("tasks")
      .innerJoin("time_entries", "time_entries.task_id", "tasks.id")
      .select([
        "tasks.id",
        "tasks.title",
        "tasks.category",
        (eb) => eb.fn.sum<number>(this.entryMinutes()).as("minutes"),
      ])
      .where("tasks.group_id", "=", groupId)
      .where("tasks.completed", "=", 1)
      .where("time_entries.ended_at", "is not", null)
      .groupBy(["tasks.id", "tasks.title", "tasks.category"])
      .execute();
    return rows.map((row) => ({ ...row, minutes: wholeMinutes(row.minutes) }));
  }

  async insertEvent(event: TaskEventTable): Promise<void> {
    await this.db.insertInto("task_events").values(event).execute();
  }
}
