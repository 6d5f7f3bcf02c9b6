import type { Insertable, Kysely, Selectable } from "kysely";
import type { AccountTokenTable, DB } from "../db/schema.js";

export type AccountTokenRow = Selectable<AccountTokenTable>;
export type AccountTokenPurpose = AccountTokenTable["purpose"];

/** Emailed single-use links of local accounts (verify email, reset password), kept as hashes. */
export class AccountTokenRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Insertable<AccountTokenTable>): Promise<void> {
    await this.db.insertInto("account_tokens").values(row).execute();
  }

  find(tokenHash: string, purpose: AccountTokenPurpose): Promise<AccountTokenRow | undefined> {
    return this.db
      .selectFrom("account_tokens")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .where("purpose", "=", purpose)
      .executeTakeFirst();
  }

  /**
   * Deletes the link and returns what it was, in one statement: of two requests with the same
   * link only one gets the row, on SQLite and PostgreSQL alike, inside the caller's transaction.
   */
  take(tokenHash: string, purpose: AccountTokenPurpose): Promise<AccountTokenRow | undefined> {
    return this.db
      .deleteFrom("account_tokens")
      .where("token_hash", "=", tokenHash)
      .where("purpose", "=", purpose)
      .returningAll()
      .executeTakeFirst();
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
