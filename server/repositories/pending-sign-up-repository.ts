import type { Insertable, Kysely, Selectable } from "kysely";
import type { DB, PendingSignUpTable } from "../db/schema.js";

export type PendingSignUpRow = Selectable<PendingSignUpTable>;

/** Sign-ups waiting for their emailed link (services/pending-sign-ups.ts); emails are stored lowercased. */
export class PendingSignUpRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Insertable<PendingSignUpTable>): Promise<void> {
    await this.db.insertInto("pending_sign_ups").values(row).execute();
  }

  /** Deletes the sign-up and returns it, in one statement: a link finishes a sign-up once. */
  take(tokenHash: string): Promise<PendingSignUpRow | undefined> {
    return this.db.deleteFrom("pending_sign_ups").where("token_hash", "=", tokenHash).returningAll().executeTakeFirst();
  }

  async deleteForEmail(email: string): Promise<void> {
    await this.db.deleteFrom("pending_sign_ups").where("email", "=", email.toLowerCase()).execute();
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom("pending_sign_ups").where("expires_at", "<=", now).execute();
  }
}
