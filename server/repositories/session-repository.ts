import type { Insertable, Kysely, Selectable } from "kysely";
import type { DB, SessionTable } from "../db/schema.js";

export type SessionRow = Selectable<SessionTable>;

export class SessionRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Insertable<SessionTable>): Promise<void> {
    await this.db.insertInto("sessions").values(row).execute();
  }

  findByHash(idHash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom("sessions").selectAll().where("id_hash", "=", idHash).executeTakeFirst();
  }

  listForUser(userId: string): Promise<SessionRow[]> {
    return this.db
      .selectFrom("sessions")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("last_seen_at", "desc")
      .execute();
  }

  async touch(idHash: string, lastSeenAt: string): Promise<void> {
    await this.db.updateTable("sessions").set({ last_seen_at: lastSeenAt }).where("id_hash", "=", idHash).execute();
  }

  /** Deletes one session of this user; false when there is none (or it is someone else's). */
  async deleteForUser(idHash: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("sessions")
      .where("id_hash", "=", idHash)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async delete(idHash: string): Promise<void> {
    await this.db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
  }

  async deleteAllForUser(userId: string): Promise<void> {
    await this.db.deleteFrom("sessions").where("user_id", "=", userId).execute();
  }

  async deleteExpired(now: string, idleCutoff: string): Promise<void> {
    await this.db
      .deleteFrom("sessions")
      .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<=", idleCutoff)]))
      .execute();
  }
}
