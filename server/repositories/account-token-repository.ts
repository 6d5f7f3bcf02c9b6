import type { Insertable, Kysely, Selectable } from "kysely";
import { type CamelCased, camelCased, snakeCased } from "../db/camel-case.js";
import type { AccountTokenTable, DB } from "../db/schema.js";

export type AccountTokenRecord = CamelCased<Selectable<AccountTokenTable>>;
export type AccountTokenPurpose = AccountTokenTable["purpose"];

/** Emailed single-use links of local accounts (verify email, reset password), kept as hashes. */
export class AccountTokenRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(record: CamelCased<Insertable<AccountTokenTable>>): Promise<void> {
    await this.db.insertInto("account_tokens").values(snakeCased<Insertable<AccountTokenTable>>(record)).execute();
  }

  async find(tokenHash: string, purpose: AccountTokenPurpose): Promise<AccountTokenRecord | undefined> {
    const row = await this.db
      .selectFrom("account_tokens")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .where("purpose", "=", purpose)
      .executeTakeFirst();
    return row && camelCased(row);
  }

  /**
   * Deletes the link and returns what it was, in one statement: of two requests with the same
   * link only one gets the row, on SQLite and PostgreSQL alike, inside the caller's transaction.
   */
  async take(tokenHash: string, purpose: AccountTokenPurpose): Promise<AccountTokenRecord | undefined> {
    const row = await this.db
      .deleteFrom("account_tokens")
      .where("token_hash", "=", tokenHash)
      .where("purpose", "=", purpose)
      .returningAll()
      .executeTakeFirst();
    return row && camelCased(row);
  }

  async deleteForAccount(accountId: string, purpose: AccountTokenPurpose): Promise<void> {
    await this.db
      .deleteFrom("account_tokens")
      .where("account_id", "=", accountId)
      .where("purpose", "=", purpose)
      .execute();
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom("account_tokens").where("expires_at", "<=", now).execute();
  }
}
