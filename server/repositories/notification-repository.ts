import type { Insertable, Kysely, Selectable } from "kysely";
import { type CamelCased, camelCased, snakeCased } from "../db/camel-case.js";
import type { DB, NotificationTable } from "../db/schema.js";

export type NotificationRecord = CamelCased<Selectable<NotificationTable>>;

export class NotificationRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(notifications: readonly CamelCased<Insertable<NotificationTable>>[]): Promise<void> {
    if (notifications.length > 0)
      await this.db
        .insertInto("notifications")
        .values(notifications.map((notification) => snakeCased<Insertable<NotificationTable>>(notification)))
        .execute();
  }

  /**
   * Newest first; `before` (the last row of the previous page) pages back, ties on the time broken
   * by id. One more than `limit` says whether there is more.
   */
  async listForUser(
    userId: string,
    limit: number,
    before?: { createdAt: string; id: string },
  ): Promise<NotificationRecord[]> {
    let query = this.db
      .selectFrom("notifications")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit + 1);
    if (before)
      query = query.where((eb) =>
        eb.or([
          eb("created_at", "<", before.createdAt),
          eb.and([eb("created_at", "=", before.createdAt), eb("id", "<", before.id)]),
        ]),
      );
    return (await query.execute()).map(camelCased);
  }

  async unreadCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("notifications")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("user_id", "=", userId)
      .where("read_at", "is", null)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Marks one of the user's notifications read; false when it is not theirs (or gone). */
  async markRead(userId: string, id: string, now: string): Promise<boolean> {
    const found = await this.db
      .selectFrom("notifications")
      .select("read_at")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!found) return false;
    if (found.read_at === null)
      await this.db.updateTable("notifications").set({ read_at: now }).where("id", "=", id).execute();
    return true;
  }

  async markAllRead(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable("notifications")
      .set({ read_at: now })
      .where("user_id", "=", userId)
      .where("read_at", "is", null)
      .execute();
  }

  /**
   * Claims the pushes whose quiet hours have ended (of one user, or of everyone): marks them sent
   * and returns them, in one statement, so two processes sweeping at once never both send one.
   */
  async claimDuePushes(now: string, userId?: string): Promise<NotificationRecord[]> {
    let query = this.db
      .updateTable("notifications")
      .set({ pushed_at: now })
      .where("push_due_at", "<=", now)
      .where("pushed_at", "is", null);
    if (userId !== undefined) query = query.where("user_id", "=", userId);
    return (await query.returningAll().execute()).map(camelCased);
  }

  /** As claimDuePushes, for emails. */
  async claimDueEmails(now: string, userId?: string): Promise<NotificationRecord[]> {
    let query = this.db
      .updateTable("notifications")
      .set({ emailed_at: now })
      .where("email_due_at", "<=", now)
      .where("emailed_at", "is", null);
    if (userId !== undefined) query = query.where("user_id", "=", userId);
    return (await query.returningAll().execute()).map(camelCased);
  }

  /**
   * Moves what quiet hours still hold for a user (due after `now`, not sent yet) to `dueAt`: their
   * quiet hours changed, so the end they were held for is no longer the one that holds.
   */
  async retimeHeld(userId: string, now: string, dueAt: string): Promise<void> {
    await this.db
      .updateTable("notifications")
      .set({ email_due_at: dueAt })
      .where("user_id", "=", userId)
      .where("emailed_at", "is", null)
      .where("email_due_at", ">", now)
      .execute();
    await this.db
      .updateTable("notifications")
      .set({ push_due_at: dueAt })
      .where("user_id", "=", userId)
      .where("pushed_at", "is", null)
      .where("push_due_at", ">", now)
      .execute();
  }

  /**
   * Takes back the notifications made about something that is gone (a deleted message): from
   * every center, and so from the pushes and emails quiet hours still held. Matched by what they
   * said and where they led, made no earlier than `since`.
   */
  async withdraw(match: { type: string; link: string; body: string; since: string }): Promise<void> {
    await this.db
      .deleteFrom("notifications")
      .where("type", "=", match.type)
      .where("link", "=", match.link)
      .where("body", "=", match.body)
      .where("created_at", ">=", match.since)
      .execute();
  }
}
