import type { Kysely } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { CalendarDavObjectTable } from "../tables.js";
import "../tables.js";

export type DavObjectRow = CalendarDavObjectTable;

/** The addresses calendar apps gave tasks and subtasks in a group's calendar, and the text they sent. */
export class DavObjectRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async forGroup(groupId: string): Promise<DavObjectRow[]> {
    return this.db.selectFrom("calendar_dav_objects").selectAll().where("group_id", "=", groupId).execute();
  }

  async forTasks(groupId: string, taskIds: readonly string[]): Promise<DavObjectRow[]> {
    if (taskIds.length === 0) return [];
    return this.db
      .selectFrom("calendar_dav_objects")
      .selectAll()
      .where("group_id", "=", groupId)
      .where("task_id", "in", taskIds)
      .execute();
  }

  async byHref(groupId: string, href: string): Promise<DavObjectRow | undefined> {
    return this.db
      .selectFrom("calendar_dav_objects")
      .selectAll()
      .where("group_id", "=", groupId)
      .where("href", "=", href)
      .executeTakeFirst();
  }

  async byUid(groupId: string, uid: string): Promise<DavObjectRow | undefined> {
    return this.db
      .selectFrom("calendar_dav_objects")
      .selectAll()
      .where("group_id", "=", groupId)
      .where("uid", "=", uid)
      .executeTakeFirst();
  }

  /** Names the task (or subtask) at the address, replacing whatever the address or the task had before. */
  async put(row: DavObjectRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom("calendar_dav_objects")
        .where("group_id", "=", row.group_id)
        .where((eb) =>
          eb.or([
            eb("href", "=", row.href),
            eb.and([eb("task_id", "=", row.task_id), eb("subtask_id", "=", row.subtask_id)]),
          ]),
        )
        .execute();
      await trx.insertInto("calendar_dav_objects").values(row).execute();
    });
  }

  /** Notes the names subtasks made in the app are served under, so their deletion can be reported by name. */
  async remember(rows: readonly DavObjectRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto("calendar_dav_objects")
      .values([...rows])
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  async setIcal(groupId: string, href: string, ical: string | null, at: string): Promise<void> {
    await this.db
      .updateTable("calendar_dav_objects")
      .set({ ical, updated_at: at })
      .where("group_id", "=", groupId)
      .where("href", "=", href)
      .execute();
  }

  async delete(groupId: string, href: string): Promise<void> {
    await this.db.deleteFrom("calendar_dav_objects").where("group_id", "=", groupId).where("href", "=", href).execute();
  }
}
