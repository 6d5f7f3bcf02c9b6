import type { Kysely, Updateable } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { CalendarPushedEventTable, CalendarPushTable } from "../tables.js";
import "../tables.js";

export type PushRow = CalendarPushTable;
export type PushedEventRow = CalendarPushedEventTable;

/** The push of tasks into outside calendars: each user's choice and the events put there. */
export class PushRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(userId: string): Promise<PushRow | undefined> {
    return this.db.selectFrom("calendar_push").selectAll().where("user_id", "=", userId).executeTakeFirst();
  }

  /** Sets the calendar (a new row, or the user's row again from the start: the next check pushes everything). */
  async choose(userId: string, calendarId: string | null, now: string): Promise<void> {
    await this.db
      .insertInto("calendar_push")
      .values({
        user_id: userId,
        calendar_id: calendarId,
        fingerprint: null,
        last_full_at: null,
        last_pushed_at: null,
        last_error: null,
        failures: 0,
        next_check_at: now,
        claimed_until: null,
        created_at: now,
      })
      .onConflict((oc) =>
        oc.column("user_id").doUpdateSet({
          calendar_id: calendarId,
          fingerprint: null,
          last_error: null,
          failures: 0,
          next_check_at: now,
        }),
      )
      .execute();
  }

  async update(userId: string, changes: Updateable<PushRow>): Promise<void> {
    await this.db.updateTable("calendar_push").set(changes).where("user_id", "=", userId).execute();
  }

  /** Users whose push is due: candidates only, each still to be claimed. */
  async due(now: string, limit: number): Promise<{ user_id: string; next_check_at: string }[]> {
    const rows = await this.db
      .selectFrom("calendar_push")
      .select(["user_id", "next_check_at"])
      .where("next_check_at", "<=", now)
      .orderBy("next_check_at")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ user_id: row.user_id, next_check_at: row.next_check_at }));
  }

  /**
   * Claims the user's push until `until` unless another holds it: of two processes (or a sweep and
   * a request) the one whose update changed the row pushes.
   */
  async claim(userId: string, now: string, until: string): Promise<boolean> {
    const result = await this.db
      .updateTable("calendar_push")
      .set({ claimed_until: until })
      .where("user_id", "=", userId)
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async release(userId: string): Promise<void> {
    await this.db.updateTable("calendar_push").set({ claimed_until: null }).where("user_id", "=", userId).execute();
  }

  async events(userId: string): Promise<PushedEventRow[]> {
    return this.db.selectFrom("calendar_pushed_events").selectAll().where("user_id", "=", userId).execute();
  }

  async countEvents(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("calendar_pushed_events")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async saveEvent(row: PushedEventRow): Promise<void> {
    await this.db
      .insertInto("calendar_pushed_events")
      .values(row)
      .onConflict((oc) =>
        oc.columns(["user_id", "task_id"]).doUpdateSet({
          calendar_id: row.calendar_id,
          url: row.url,
          etag: row.etag,
          content_hash: row.content_hash,
          manual: row.manual,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  async deleteEvent(userId: string, taskId: string): Promise<void> {
    await this.db
      .deleteFrom("calendar_pushed_events")
      .where("user_id", "=", userId)
      .where("task_id", "=", taskId)
      .execute();
  }
}
