import type { Insertable, Kysely, Selectable } from "kysely";
import { type CamelCased, camelCased, snakeCased } from "../db/camel-case.js";
import type { DB, LocalAccountTable } from "../db/schema.js";

export type LocalAccountRecord = CamelCased<Selectable<LocalAccountTable>>;

/** Accounts of the built-in identity provider; emails are stored lowercased. */
export class LocalAccountRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** False when the email is taken (the unique index decides, also under concurrent sign-ups). */
  async insert(record: CamelCased<Insertable<LocalAccountTable>>): Promise<boolean> {
    const result = await this.db
      .insertInto("local_accounts")
      .values(snakeCased<Insertable<LocalAccountTable>>(record))
      .onConflict((conflict) => conflict.column("email").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async findById(id: string): Promise<LocalAccountRecord | undefined> {
    const row = await this.db.selectFrom("local_accounts").selectAll().where("id", "=", id).executeTakeFirst();
    return row && camelCased(row);
  }

  async findByEmail(email: string): Promise<LocalAccountRecord | undefined> {
    const row = await this.db
      .selectFrom("local_accounts")
      .selectAll()
      .where("email", "=", email.toLowerCase())
      .executeTakeFirst();
    return row && camelCased(row);
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("local_accounts").where("id", "=", id).execute();
  }

  /** Sets the time only the first time, so a second verification keeps the original moment. */
  async markEmailVerified(id: string, now: string): Promise<void> {
    await this.db
      .updateTable("local_accounts")
      .set({ email_verified_at: now, updated_at: now })
      .where("id", "=", id)
      .where("email_verified_at", "is", null)
      .execute();
  }

  async updatePassword(id: string, passwordHash: string, now: string): Promise<void> {
    await this.db
      .updateTable("local_accounts")
      .set({ password_hash: passwordHash, updated_at: now })
      .where("id", "=", id)
      .execute();
  }
}
