import type { Insertable, Kysely, Selectable } from "kysely";
import type { ApiTokenTable, DB } from "../db/schema.js";

export type ApiTokenRow = Selectable<ApiTokenTable>;

export class ApiTokenRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Insertable<ApiTokenTable>): Promise<void> {
    await this.db.insertInto("api_tokens").values(row).execute();
  }

  findByHash(tokenHash: string): Promise<ApiTokenRow | undefined> {
    return this.db.selectFrom("api_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
  }

  listForUser(userId: string): Promise<ApiTokenRow[]> {
    return this.db
      .selectFrom("api_tokens")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .execute();
  }

  async touch(id: string, lastUsedAt: string): Promise<void> {
    await this.db.updateTable("api_tokens").set({ last_used_at: lastUsedAt }).where("id", "=", id).execute();
  }

  async deleteForUser(id: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("api_tokens")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
