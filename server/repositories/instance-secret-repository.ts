import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";

/** Values made once per instance (signing keys, cookie keys) and kept for its lifetime. */
export class InstanceSecretRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * The stored value, or `create()`'s, saved first. When two processes start at once both may
   * create one; the insert that loses the race is ignored and both read the winner's.
   */
  async getOrCreate(name: string, create: () => string, now: string): Promise<string> {
    const existing = await this.db
      .selectFrom("instance_secrets")
      .select("value")
      .where("name", "=", name)
      .executeTakeFirst();
    if (existing) return existing.value;
    await this.db
      .insertInto("instance_secrets")
      .values({ name, value: create(), created_at: now })
      .onConflict((conflict) => conflict.column("name").doNothing())
      .execute();
    const stored = await this.db
      .selectFrom("instance_secrets")
      .select("value")
      .where("name", "=", name)
      .executeTakeFirstOrThrow();
    return stored.value;
  }

  /** Inserts only if absent; true for the caller that claimed it. */
  async claim(name: string, value: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto("instance_secrets")
      .values({ name, value, created_at: now })
      .onConflict((conflict) => conflict.column("name").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
