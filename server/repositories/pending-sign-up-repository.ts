import type { Insertable, Kysely, Selectable } from "kysely";
import { type CamelCased, camelCased, snakeCased } from "../db/camel-case.js";
import type { DB, PendingSignUpTable } from "../db/schema.js";

export type PendingSignUpRecord = CamelCased<Selectable<PendingSignUpTable>>;

/** Sign-ups waiting for their emailed link (services/accounts/pending-sign-ups.ts); emails are stored lowercased. */
export class PendingSignUpRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(record: CamelCased<Insertable<PendingSignUpTable>>): Promise<void> {
    await this.db.insertInto("pending_sign_ups").values(snakeCased<Insertable<PendingSignUpTable>>(record)).execute();
  }

  /** Deletes the sign-up and returns it, in one statement: a link finishes a sign-up once. */
  async take(tokenHash: string): Promise<PendingSignUpRecord | undefined> {
    const row = await this.db
      .deleteFrom("pending_sign_ups")
      .where("token_hash", "=", tokenHash)
      .returningAll()
      .executeTakeFirst();
    return row && camelCased(row);
  }

  async deleteForEmail(email: string): Promise<void> {
    await this.db.deleteFrom("pending_sign_ups").where("email", "=", email.toLowerCase()).execute();
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom("pending_sign_ups").where("expires_at", "<=", now).execute();
  }
}
