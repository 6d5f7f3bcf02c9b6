import type { Kysely, Selectable, Updateable } from "kysely";
import { type CamelCased, camelCased } from "../db/camel-case.js";
import { givenColumns } from "../db/column-types.js";
import type { DB, ProfileTable } from "../db/schema.js";

/** A user's profile as stored, as the rest of the server sees it (camelCase). */
export type ProfileRecord = CamelCased<Selectable<ProfileTable>>;

export class ProfileRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insertIfMissing(userId: string, displayName: string, now: string): Promise<void> {
    await this.db
      .insertInto("profiles")
      .values({ user_id: userId, display_name: displayName, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  async find(userId: string): Promise<ProfileRecord | undefined> {
    const row = await this.db.selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirst();
    return row && camelCased(row);
  }

  async update(
    userId: string,
    changes: Partial<Pick<ProfileRecord, "displayName" | "timeZone" | "locale">>,
    now: string,
  ): Promise<void> {
    const columns: Updateable<ProfileTable> = {
      display_name: changes.displayName,
      time_zone: changes.timeZone,
      locale: changes.locale,
      updated_at: now,
    };
    await this.db.updateTable("profiles").set(givenColumns(columns)).where("user_id", "=", userId).execute();
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

  async findAvatar(userId: string): Promise<{ contentType: string; data: Buffer; updatedAt: string } | undefined> {
    const row = await this.db
      .selectFrom("avatars")
      .select(["content_type", "data", "updated_at"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row && camelCased(row);
  }
}
