import type { Kysely, Selectable, Updateable } from "kysely";
import type { DB, ProfileTable } from "../db/schema.js";

export type ProfileRow = Selectable<ProfileTable>;

export class ProfileRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insertIfMissing(userId: string, displayName: string, now: string): Promise<void> {
    await this.db
      .insertInto("profiles")
      .values({ user_id: userId, display_name: displayName, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  find(userId: string): Promise<ProfileRow | undefined> {
    return this.db.selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirst();
  }

  async update(
    userId: string,
    changes: Pick<Updateable<ProfileTable>, "display_name" | "time_zone" | "locale">,
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable("profiles")
      .set({ ...changes, updated_at: now })
      .where("user_id", "=", userId)
      .execute();
  }

  async upsertAvatar(userId: string, contentType: string, data: Buffer, now: string): Promise<void> {
    await this.db
      .insertInto("avatars")
      .values({ user_id: userId, content_type: contentType, data, updated_at: now })
      .onConflict((conflict) =>
        conflict.column("user_id").doUpdateSet({ content_type: contentType, data, updated_at: now }),
      )
      .execute();
  }

  async deleteAvatar(userId: string): Promise<void> {
    await this.db.deleteFrom("avatars").where("user_id", "=", userId).execute();
  }

  /** The avatar's time is also its URL's version: a browser may cache each version for good. */
  async setAvatarTime(userId: string, avatarUpdatedAt: string | null, now: string): Promise<void> {
    await this.db
      .updateTable("profiles")
      .set({ avatar_updated_at: avatarUpdatedAt, updated_at: now })
      .where("user_id", "=", userId)
      .execute();
  }

  findAvatar(userId: string): Promise<{ content_type: string; data: Buffer; updated_at: string } | undefined> {
    return this.db
      .selectFrom("avatars")
      .select(["content_type", "data", "updated_at"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
  }
}
