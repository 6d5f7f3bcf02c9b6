import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import type { CalendarFeedTable } from "./tables.js";
import "./tables.js";
import type { FeedTask } from "./ics-feed.js";

export type FeedRow = CalendarFeedTable;

/** Completed tasks a feed keeps, when it keeps them: those due in the last year and later. */
const COMPLETED_KEPT_DAYS = 365;

/** Feeds, and the tasks a feed shows. */
export class FeedRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async listForUser(userId: string): Promise<FeedRow[]> {
    return this.db
      .selectFrom("calendar_feeds")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute();
  }

  async find(id: string): Promise<FeedRow | undefined> {
    return this.db.selectFrom("calendar_feeds").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async findByTokenHash(hash: string): Promise<FeedRow | undefined> {
    return this.db.selectFrom("calendar_feeds").selectAll().where("token_hash", "=", hash).executeTakeFirst();
  }

  /** Makes the user's feed of the scope, or gives it a new address (the old one stops working). */
  async upsert(row: FeedRow): Promise<FeedRow> {
    return this.db
      .insertInto("calendar_feeds")
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(["user_id", "scope"]).doUpdateSet({
          token_hash: row.token_hash,
          include_completed: row.include_completed,
          created_at: row.created_at,
          last_used_at: null,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setIncludeCompleted(id: string, includeCompleted: boolean): Promise<void> {
    await this.db
      .updateTable("calendar_feeds")
      .set({ include_completed: includeCompleted ? 1 : 0 })
      .where("id", "=", id)
      .execute();
  }

  async markUsed(id: string, at: string): Promise<void> {
    await this.db.updateTable("calendar_feeds").set({ last_used_at: at }).where("id", "=", id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("calendar_feeds").where("id", "=", id).execute();
  }

  /**
   * The tasks with a deadline in the groups (their own and those shared with them), each under
   * the name of the first of the groups it is seen through; open ones only unless asked.
   */
  async feedTasks(
    groups: readonly { id: string; name: string }[],
    includeCompleted: boolean,
    today: string,
  ): Promise<FeedTask[]> {
    if (groups.length === 0) return [];
    const ids = groups.map((group) => group.id);
    const since = new Date(Date.parse(today) - COMPLETED_KEPT_DAYS * 86_400_000).toISOString().slice(0, 10);
    const rows = await this.db
      .selectFrom("tasks")
      .leftJoin("task_shares", "task_shares.task_id", "tasks.id")
      .select([
        "tasks.id",
        "tasks.group_id",
        "task_shares.group_id as shared_with",
        "tasks.title",
        "tasks.notes",
        "tasks.deadline",
        "tasks.deadline_time_zone",
        "tasks.repeat_rule",
        "tasks.repeat_from_completion",
        "tasks.priority",
        "tasks.completed",
        "tasks.updated_at",
      ])
      .where("tasks.deadline", "is not", null)
      .where((eb) => eb.or([eb("tasks.group_id", "in", ids), eb("task_shares.group_id", "in", ids)]))
      .where((eb) =>
        includeCompleted
          ? eb.or([eb("tasks.completed", "=", 0), eb("tasks.deadline", ">=", since)])
          : eb("tasks.completed", "=", 0),
      )
      .execute();
    const order = new Map(groups.map((group, index) => [group.id, index]));
    const seen = new Map<string, { task: FeedTask; rank: number }>();
    for (const row of rows) {
      const through = [row.group_id, row.shared_with].filter((id): id is string => id !== null && order.has(id));
      const rank = Math.min(...through.map((id) => order.get(id)!));
      const known = seen.get(row.id);
      if (known && known.rank <= rank) continue;
      seen.set(row.id, {
        rank,
        task: {
          id: row.id,
          title: row.title,
          notes: row.notes,
          deadline: row.deadline!,
          deadlineTimeZone: row.deadline_time_zone,
          repeatRule: row.repeat_rule,
          repeatFromCompletion: Number(row.repeat_from_completion) === 1,
          priority: row.priority,
          completed: Number(row.completed) === 1,
          updatedAt: new Date(row.updated_at).toISOString(),
          groupName: groups[rank]!.name,
        },
      });
    }
    return [...seen.values()].map((entry) => entry.task);
  }
}
