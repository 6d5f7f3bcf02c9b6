import type { Insertable, Kysely, Selectable } from "kysely";
import { type CamelCased, camelCased, snakeCased } from "../db/camel-case.js";
import type { ApiTokenScope } from "../../domain/auth.js";
import type { ApiTokenTable, DB } from "../db/schema.js";
import { toUser, type User } from "./user-repository.js";
import { preparedQuery } from "../db/prepared-query.js";

const tokenWithUser = preparedQuery((db: Kysely<DB>, tokenHash: string) =>
  db
    .selectFrom("api_tokens")
    .innerJoin("users", "users.id", "api_tokens.user_id")
    .selectAll("users")
    .select([
      "api_tokens.id as token_id",
      "api_tokens.last_used_at as token_last_used_at",
      "api_tokens.scope as token_scope",
    ])
    .where("api_tokens.token_hash", "=", tokenHash),
);

export type ApiTokenRecord = CamelCased<Selectable<ApiTokenTable>>;

export class ApiTokenRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(record: CamelCased<Insertable<ApiTokenTable>>): Promise<void> {
    await this.db.insertInto("api_tokens").values(snakeCased<Insertable<ApiTokenTable>>(record)).execute();
  }

  /** The token's id and last use with its user in one query: this runs on every scripted request. */
  async findWithUser(
    tokenHash: string,
  ): Promise<{ id: string; lastUsedAt: string | null; scope: ApiTokenScope; user: User } | undefined> {
    const [row] = await tokenWithUser(this.db, tokenHash);
    if (!row) return undefined;
    const { token_id: id, token_last_used_at: lastUsedAt, token_scope: scope, ...user } = row;
    return { id, lastUsedAt, scope, user: toUser(user) };
  }

  async listForUser(userId: string): Promise<ApiTokenRecord[]> {
    const rows = await this.db
      .selectFrom("api_tokens")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .execute();
    return rows.map(camelCased);
  }

  async touch(id: string, lastUsedAt: string): Promise<void> {
    await this.db.updateTable("api_tokens").set({ last_used_at: lastUsedAt }).where("id", "=", id).execute();
  }

  async exists(id: string): Promise<boolean> {
    return (await this.db.selectFrom("api_tokens").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
  }

  async deleteForUser(id: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("api_tokens")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Every token of the user, for when all of their credentials must end (a password reset). */
  async deleteAllForUser(userId: string): Promise<void> {
    await this.db.deleteFrom("api_tokens").where("user_id", "=", userId).execute();
  }
}
