import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import "./tables.js";

/** A user's pins, in their order. Never opens a transaction itself (server/services/transaction.ts). */
export class FavoriteRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * The pinned tasks the user can see now, first first. A pin on a task they lost sight of (left
   * the group, the share was removed) stays, and shows again if they see the task again.
   */
  async visibleTaskIds(userId: string): Promise<string[]> {
    const myGroups = this.db.selectFrom("group_members").select("group_id").where("user_id", "=", userId);
    const rows = await this.db
      .selectFrom("favorite_tasks")
      .innerJoin("tasks", "tasks.id", "favorite_tasks.task_id")
      .select("favorite_tasks.task_id")
      .where("favorite_tasks.user_id", "=", userId)
      .where((eb) =>
        eb.or([
          eb("tasks.group_id", "in", myGroups),
          eb("tasks.id", "in", eb.selectFrom("task_shares").select("task_id").where("group_id", "in", myGroups)),
        ]),
      )
      .orderBy("favorite_tasks.position")
      .orderBy("favorite_tasks.pinned_at")
      .execute();
    return rows.map((row) => row.task_id);
  }

  /** Every pin of the user, seen or not, first first. */
  async allTaskIds(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("favorite_tasks")
      .select("task_id")
      .where("user_id", "=", userId)
      .orderBy("position")
      .orderBy("pinned_at")
      .execute();
    return rows.map((row) => row.task_id);
  }

  /** Pins the task last; pinning it again changes nothing. */
  async pin(userId: string, taskId: string, position: number, now: string): Promise<void> {
    await this.db
      .insertInto("favorite_tasks")
      .values({ user_id: userId, task_id: taskId, position, pinned_at: now })
      .onConflict((conflict) => conflict.columns(["user_id", "task_id"]).doNothing())
      .execute();
  }

  async unpin(userId: string, taskId: string): Promise<void> {
    await this.db.deleteFrom("favorite_tasks").where("user_id", "=", userId).where("task_id", "=", taskId).execute();
  }

  /** Numbers the pins in this order (ids of pins only). */
  async setOrder(userId: string, taskIds: readonly string[]): Promise<void> {
    for (const [position, taskId] of taskIds.entries()) {
      await this.db
        .updateTable("favorite_tasks")
        .set({ position })
        .where("user_id", "=", userId)
        .where("task_id", "=", taskId)
        .execute();
    }
  }
}
