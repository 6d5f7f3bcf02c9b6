import type { Insertable, Kysely, Selectable } from "kysely";
import { type CamelCased, camelCased, snakeCased } from "../db/camel-case.js";
import type { DB, SignInRequestTable } from "../db/schema.js";

export type SignInRequestRecord = CamelCased<Selectable<SignInRequestTable>>;

export class SignInRequestRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(record: CamelCased<Insertable<SignInRequestTable>>): Promise<void> {
    await this.db.insertInto("sign_in_requests").values(snakeCased<Insertable<SignInRequestTable>>(record)).execute();
  }

  /**
   * Reads and deletes in one step, so a state (and the code exchanged with it) is used once; only
   * for the browser that began the sign-in (its binding), whose request another browser cannot spend.
   */
  async take(state: string, bindingHash: string): Promise<SignInRequestRecord | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("sign_in_requests")
        .selectAll()
        .where("state", "=", state)
        .where("binding_hash", "=", bindingHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const deleted = await trx.deleteFrom("sign_in_requests").where("state", "=", state).executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1 ? camelCased(row) : undefined;
    });
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom("sign_in_requests").where("expires_at", "<=", now).execute();
  }
}
