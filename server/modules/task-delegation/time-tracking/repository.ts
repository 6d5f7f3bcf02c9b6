import type { Kysely } from "kysely";
import type { TimeEntry } from "../../../../domain/time-tracking.js";
import type { DB } from "../../../db/schema.js";
import "./tables.js";

/** An entry with what a report needs of its task and member. */
export interface ReportEntry extends TimeEntry {
  category: string;
}

/** Time entries and estimates. Never opens a transaction itself (server/services/transaction.ts). */
export class TimeRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private entries() {
    return this.db
      .selectFrom("time_entries")
      .innerJoin("tasks", "tasks.id", "time_entries.task_id")
      .select([
        "time_entries.id",
        "time_entries.user_id",
        "time_entries.task_id",
        "tasks.title",
        "tasks.group_id",
        "tasks.category",
        "time_entries.started_at",
        "time_entries.ended_at",
        "time_entries.note",
      ]);
  }

  async running(userId: string): Promise<TimeEntry | undefined> {
    const row = await this.entries()
      .where("time_entries.user_id", "=", userId)
      .where("time_entries.ended_at", "is", null)
      .executeTakeFirst();
    return row && toEntry(row);
  }

  /** The user's entry with this id (another user's is as missing as none). */
  async find(userId: string, id: string): Promise<TimeEntry | undefined> {
    const row = await this.entries()
      .where("time_entries.user_id", "=", userId)
      .where("time_entries.id", "=", id)
      .executeTakeFirst();
    return row && toEntry(row);
  }

  /** Whether any user has an entry with this id (ids are client-made: one taken is refused). */
  async idTaken(id: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom("time_entries").select("id").where("id", "=", id).executeTakeFirst());
  }

  /** The user's entries that touch [from, to) (a running one touches everything after its start), newest first. */
  async listOfUser(userId: string, from: string, to: string): Promise<TimeEntry[]> {
    const rows = await this.entries()
      .where("time_entries.user_id", "=", userId)
      .where("time_entries.started_at", "<", to)
      .where((eb) => eb.or([eb("time_entries.ended_at", "is", null), eb("time_entries.ended_at", ">", from)]))
      .orderBy("time_entries.started_at", "desc")
      .execute();
    return rows.map(toEntry);
  }

  /** The end of the user's latest finished entry, or null. */
  async latestEnd(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom("time_entries")
      .select((eb) => eb.fn.max("ended_at").as("latest"))
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return (row?.latest as string | null | undefined) ?? null;
  }

  async insert(entry: {
    id: string;
    userId: string;
    taskId: string;
    startedAt: string;
    endedAt: string | null;
    note: string | null;
    now: string;
  }): Promise<void> {
    await this.db
      .insertInto("time_entries")
      .values({
        id: entry.id,
        user_id: entry.userId,
        task_id: entry.taskId,
        started_at: entry.startedAt,
        ended_at: entry.endedAt,
        note: entry.note,
        created_at: entry.now,
        updated_at: entry.now,
      })
      .execute();
  }

  async update(
    userId: string,
    id: string,
    changes: { taskId: string; startedAt: string; endedAt: string | null; note: string | null },
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable("time_entries")
      .set({
        task_id: changes.taskId,
        started_at: changes.startedAt,
        ended_at: changes.endedAt,
        note: changes.note,
        updated_at: now,
      })
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .execute();
  }

  /** Ends the entry if it still runs; answers whether it did. */
  async stop(userId: string, id: string, endedAt: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable("time_entries")
      .set({ ended_at: endedAt, updated_at: now })
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .where("ended_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Ends every timer running on the task at `endedAt` (it was completed then, maybe before `now`
   * when the completion was queued offline). One started after that instant runs on.
   */
  async stopRunningOnTask(taskId: string, endedAt: string, now: string): Promise<void> {
    await this.db
      .updateTable("time_entries")
      .set({ ended_at: endedAt, updated_at: now })
      .where("task_id", "=", taskId)
      .where("ended_at", "is", null)
      .where("started_at", "<=", endedAt)
      .execute();
  }

  /** Who had a timer on the task that ended at that instant. */
  async usersStoppedAt(taskId: string, endedAt: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("time_entries")
      .select("user_id")
      .distinct()
      .where("task_id", "=", taskId)
      .where("ended_at", "=", endedAt)
      .execute();
    return rows.map((row) => row.user_id);
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.db.deleteFrom("time_entries").where("user_id", "=", userId).where("id", "=", id).execute();
  }

  /**
   * Entries that touch [from, to), of the given users (all users when null), on tasks of the
   * group (any task when null).
   */
  async listForReport(query: {
    userId: string | null;
    groupId: string | null;
    from: string;
    to: string;
  }): Promise<ReportEntry[]> {
    let select = this.entries()
      .where("time_entries.started_at", "<", query.to)
      .where((eb) => eb.or([eb("time_entries.ended_at", "is", null), eb("time_entries.ended_at", ">", query.from)]));
    if (query.userId) select = select.where("time_entries.user_id", "=", query.userId);
    if (query.groupId) select = select.where("tasks.group_id", "=", query.groupId);
    const rows = await select.orderBy("time_entries.started_at").execute();
    return rows.map((row) => ({ ...toEntry(row), category: row.category }));
  }

  /** Every entry on these tasks (of the user when given), for estimate against actual. */
  async listForTasks(taskIds: readonly string[], userId: string | null): Promise<TimeEntry[]> {
    if (taskIds.length === 0) return [];
    let select = this.entries().where("time_entries.task_id", "in", taskIds);
    if (userId) select = select.where("time_entries.user_id", "=", userId);
    return (await select.execute()).map(toEntry);
  }

  async estimates(taskIds: readonly string[]): Promise<Map<string, number>> {
    if (taskIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("task_estimates")
      .select(["task_id", "minutes"])
      .where("task_id", "in", taskIds)
      .execute();
    return new Map(rows.map((row) => [row.task_id, row.minutes]));
  }

  async setEstimate(taskId: string, minutes: number, userId: string, now: string): Promise<void> {
    await this.db
      .insertInto("task_estimates")
      .values({ task_id: taskId, minutes, updated_by: userId, updated_at: now })
      .onConflict((conflict) =>
        conflict.column("task_id").doUpdateSet({ minutes, updated_by: userId, updated_at: now }),
      )
      .execute();
  }

  async deleteEstimate(taskId: string): Promise<void> {
    await this.db.deleteFrom("task_estimates").where("task_id", "=", taskId).execute();
  }

  /** Claims the 8-hour reminder of a running entry: true once per entry, whatever the processes. */
  async claimReminder(entryId: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto("time_entry_reminders")
      .values({ entry_id: entryId, sent_at: now })
      .onConflict((conflict) => conflict.column("entry_id").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Running entries that started at or before the instant and were not reminded of yet. */
  async runningSinceUnreminded(before: string): Promise<TimeEntry[]> {
    const rows = await this.entries()
      .leftJoin("time_entry_reminders", "time_entry_reminders.entry_id", "time_entries.id")
      .where("time_entries.ended_at", "is", null)
      .where("time_entries.started_at", "<=", before)
      .where("time_entry_reminders.entry_id", "is", null)
      .execute();
    return rows.map(toEntry);
  }
}

function toEntry(row: {
  id: string;
  user_id: string;
  task_id: string;
  title: string;
  group_id: string;
  started_at: string;
  ended_at: string | null;
  note: string | null;
}): TimeEntry {
  return {
    id: row.id,
    userId: row.user_id,
    taskId: row.task_id,
    taskTitle: row.title,
    groupId: row.group_id,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    note: row.note,
  };
}
