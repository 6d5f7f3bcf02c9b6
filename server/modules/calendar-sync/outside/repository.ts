import type { Insertable, Kysely, Updateable } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { OutsideCalendarTable, OutsideSourceTable } from "../tables.js";
import "../tables.js";

export type SourceRow = OutsideSourceTable;
export type CalendarRow = OutsideCalendarTable;
export type CalendarSummary = Omit<CalendarRow, "data">;

/** A timestamp column as ISO text: PostgreSQL gives Date objects, SQLite the text it was given. */
export const isoOrNull = (value: string | Date | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** Outside calendars: the sources a user added and the calendars with their last good copy. */
export class OutsideRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async listSources(userId: string): Promise<SourceRow[]> {
    return this.db
      .selectFrom("calendar_outside_sources")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  async countSources(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("calendar_outside_sources")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async findSource(id: string): Promise<SourceRow | undefined> {
    return this.db.selectFrom("calendar_outside_sources").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The calendars without their copies (a list of names and switches). */
  async listCalendars(userId: string): Promise<CalendarSummary[]> {
    return this.db
      .selectFrom("calendar_outside_calendars")
      .select(["id", "source_id", "user_id", "remote_url", "name", "color", "selected", "fetched_at"])
      .where("user_id", "=", userId)
      .orderBy("name")
      .orderBy("id")
      .execute();
  }

  async findCalendar(id: string): Promise<CalendarRow | undefined> {
    return this.db.selectFrom("calendar_outside_calendars").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async calendarsOfSource(sourceId: string): Promise<CalendarRow[]> {
    return this.db.selectFrom("calendar_outside_calendars").selectAll().where("source_id", "=", sourceId).execute();
  }

  /** The user's shown calendars with their copies and their source's colour. */
  async selectedCalendars(userId: string): Promise<(CalendarRow & { source_color: string })[]> {
    return this.db
      .selectFrom("calendar_outside_calendars")
      .innerJoin("calendar_outside_sources", "calendar_outside_sources.id", "calendar_outside_calendars.source_id")
      .selectAll("calendar_outside_calendars")
      .select("calendar_outside_sources.color as source_color")
      .where("calendar_outside_calendars.user_id", "=", userId)
      .where("calendar_outside_calendars.selected", "=", 1)
      .orderBy("calendar_outside_calendars.name")
      .execute();
  }

  /** One calendar of the user's with its copy and its source's colour, shown or hidden; undefined when not theirs. */
  async ownCalendar(userId: string, calendarId: string): Promise<(CalendarRow & { source_color: string }) | undefined> {
    return this.db
      .selectFrom("calendar_outside_calendars")
      .innerJoin("calendar_outside_sources", "calendar_outside_sources.id", "calendar_outside_calendars.source_id")
      .selectAll("calendar_outside_calendars")
      .select("calendar_outside_sources.color as source_color")
      .where("calendar_outside_calendars.user_id", "=", userId)
      .where("calendar_outside_calendars.id", "=", calendarId)
      .executeTakeFirst();
  }

  /** Adds a source with its calendars (the caller's transaction makes them one write). */
  async insertSource(source: Insertable<SourceRow>, calendars: Insertable<CalendarRow>[]): Promise<void> {
    await this.db.insertInto("calendar_outside_sources").values(source).execute();
    if (calendars.length > 0) await this.db.insertInto("calendar_outside_calendars").values(calendars).execute();
  }

  async updateSource(id: string, changes: Updateable<SourceRow>): Promise<void> {
    await this.db.updateTable("calendar_outside_sources").set(changes).where("id", "=", id).execute();
  }

  async updateCalendar(id: string, changes: Updateable<CalendarRow>): Promise<void> {
    await this.db.updateTable("calendar_outside_calendars").set(changes).where("id", "=", id).execute();
  }

  async deleteSource(id: string): Promise<void> {
    await this.db.deleteFrom("calendar_outside_sources").where("id", "=", id).execute();
  }

  /** Sources whose refresh is due: candidates only, each still to be claimed. */
  async due(now: string, limit: number): Promise<{ id: string; next_refresh_at: string }[]> {
    const rows = await this.db
      .selectFrom("calendar_outside_sources")
      .select(["id", "next_refresh_at"])
      .where("next_refresh_at", "<=", now)
      .orderBy("next_refresh_at")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, next_refresh_at: row.next_refresh_at }));
  }

  /**
   * Moves the refresh ahead if it is still where this process saw it: of several processes on
   * one database, the one whose update changed the row does the refresh.
   */
  async claim(id: string, seen: string, until: string): Promise<boolean> {
    const result = await this.db
      .updateTable("calendar_outside_sources")
      .set({ next_refresh_at: until })
      .where("id", "=", id)
      .where("next_refresh_at", "=", seen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A refresh that worked (in the caller's transaction): the calendars' new copies (and new or gone CalDAV calendars) with the status. */
  async saveRefresh(
    sourceId: string,
    status: Updateable<SourceRow>,
    copies: { remoteUrl: string; name: string; color: string | null; data: string }[] | "unchanged",
    fetchedAt: string,
    userId: string,
    newId: () => string,
  ): Promise<void> {
    const trx = this.db;
    {
      const updated = await trx
        .updateTable("calendar_outside_sources")
        .set(status)
        .where("id", "=", sourceId)
        .executeTakeFirst();
      // Removed while it was being fetched: nothing to keep.
      if (Number(updated.numUpdatedRows) === 0) return;
      if (copies === "unchanged") {
        await trx
          .updateTable("calendar_outside_calendars")
          .set({ fetched_at: fetchedAt })
          .where("source_id", "=", sourceId)
          .execute();
        return;
      }
      const existing = await trx
        .selectFrom("calendar_outside_calendars")
        .select(["id", "remote_url"])
        .where("source_id", "=", sourceId)
        .execute();
      const known = new Map(existing.map((row) => [row.remote_url, row.id]));
      for (const copy of copies) {
        const id = known.get(copy.remoteUrl);
        if (id) {
          await trx
            .updateTable("calendar_outside_calendars")
            .set({ data: copy.data, fetched_at: fetchedAt })
            .where("id", "=", id)
            .execute();
        } else {
          // A calendar added on the server since: listed, not shown until chosen.
          await trx
            .insertInto("calendar_outside_calendars")
            .values({
              id: newId(),
              source_id: sourceId,
              user_id: userId,
              remote_url: copy.remoteUrl,
              name: copy.name,
              color: copy.color,
              selected: 0,
              data: copy.data,
              fetched_at: fetchedAt,
            })
            .execute();
        }
      }
      const current = new Set(copies.map((copy) => copy.remoteUrl));
      const gone = existing.filter((row) => !current.has(row.remote_url)).map((row) => row.id);
      if (gone.length > 0) await trx.deleteFrom("calendar_outside_calendars").where("id", "in", gone).execute();
    }
  }
}
