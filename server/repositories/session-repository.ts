import type { Insertable, Kysely, Selectable } from "kysely";
import { type CamelCased, camelCased, snakeCased } from "../db/camel-case.js";
import type { DB, SessionTable } from "../db/schema.js";
import { toUser, type User } from "./user-repository.js";
import { preparedQuery } from "../db/prepared-query.js";

const sessionWithUser = preparedQuery((db: Kysely<DB>, idHash: string) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .select([
      "sessions.created_at as session_created_at",
      "sessions.last_seen_at as session_last_seen_at",
      "sessions.expires_at as session_expires_at",
    ])
    .where("sessions.id_hash", "=", idHash),
);

export type SessionRecord = CamelCased<Selectable<SessionTable>>;

export class SessionRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(session: CamelCased<Insertable<SessionTable>>): Promise<void> {
    await this.db.insertInto("sessions").values(snakeCased<Insertable<SessionTable>>(session)).execute();
  }

  /** The session's times and its user in one query: this runs on every signed-in request. */
  async findWithUser(
    idHash: string,
  ): Promise<{ createdAt: string; lastSeenAt: string; expiresAt: string; user: User } | undefined> {
    const [row] = await sessionWithUser(this.db, idHash);
    if (!row) return undefined;
    const {
      session_created_at: createdAt,
      session_last_seen_at: lastSeenAt,
      session_expires_at: expiresAt,
      ...user
    } = row;
    return { createdAt, lastSeenAt, expiresAt, user: toUser(user) };
  }

  async touch(idHash: string, lastSeenAt: string): Promise<void> {
    await this.db.updateTable("sessions").set({ last_seen_at: lastSeenAt }).where("id_hash", "=", idHash).execute();
  }

  /** Sessions that still work: neither past their end nor idle too long. */
  async listLiveForUser(userId: string, now: string, idleCutoff: string): Promise<SessionRecord[]> {
    const rows = await this.db
      .selectFrom("sessions")
      .selectAll()
      .where("user_id", "=", userId)
      .where("expires_at", ">", now)
      .where("last_seen_at", ">", idleCutoff)
      .orderBy("last_seen_at", "desc")
      .execute();
    return rows.map(camelCased);
  }

  async findTimes(idHash: string): Promise<Pick<SessionRecord, "lastSeenAt" | "expiresAt"> | undefined> {
    const row = await this.db
      .selectFrom("sessions")
      .select(["last_seen_at", "expires_at"])
      .where("id_hash", "=", idHash)
      .executeTakeFirst();
    return row && camelCased(row);
  }

  /** False when the session is not the user's (or gone): the caller answers 404 either way. */
  async deleteForUser(idHash: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("sessions")
      .where("id_hash", "=", idHash)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteAllForUser(userId: string): Promise<void> {
    await this.db.deleteFrom("sessions").where("user_id", "=", userId).execute();
  }

  /** Every session of the user but one (a password change keeps the browser it was made in); the ids it ended. */
  async deleteOthersForUser(userId: string, keepIdHash: string): Promise<string[]> {
    const rows = await this.db
      .deleteFrom("sessions")
      .where("user_id", "=", userId)
      .where("id_hash", "!=", keepIdHash)
      .returning("id_hash")
      .execute();
    return rows.map((row) => row.id_hash);
  }

  async delete(idHash: string): Promise<void> {
    await this.db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
  }

  async deleteExpired(now: string, idleCutoff: string): Promise<void> {
    await this.db
      .deleteFrom("sessions")
      .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<=", idleCutoff)]))
      .execute();
  }
}
