import type { Kysely, Selectable } from "kysely";
import { type CamelCased, camelCased, snakeCased } from "../db/camel-case.js";
import type { DB, PushSubscriptionTable } from "../db/schema.js";

export type PushSubscriptionRecord = CamelCased<Selectable<PushSubscriptionTable>>;

export class PushSubscriptionRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * One record per endpoint. A browser that subscribes again (new keys, or another user
   * signed in on it) updates the record it has, keeping when it was made.
   */
  async upsert(subscription: PushSubscriptionRecord): Promise<void> {
    const row = snakeCased<Selectable<PushSubscriptionTable>>(subscription);
    await this.db
      .insertInto("push_subscriptions")
      .values(row)
      .onConflict((conflict) =>
        conflict.column("endpoint").doUpdateSet({
          user_id: row.user_id,
          session_id_hash: row.session_id_hash,
          p256dh: row.p256dh,
          auth: row.auth,
          device: row.device,
          platform: row.platform,
          last_used: row.last_used,
        }),
      )
      .execute();
  }

  async listForUser(userId: string): Promise<PushSubscriptionRecord[]> {
    const rows = await this.db.selectFrom("push_subscriptions").selectAll().where("user_id", "=", userId).execute();
    return rows.map(camelCased);
  }

  async deleteForUser(userId: string, endpoint: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("push_subscriptions")
      .where("user_id", "=", userId)
      .where("endpoint", "=", endpoint)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** A browser session ended (signed out, revoked, expired): its pushes stop with it. */
  async deleteForSession(sessionIdHash: string): Promise<void> {
    await this.db.deleteFrom("push_subscriptions").where("session_id_hash", "=", sessionIdHash).execute();
  }

  /** A password reset takes the account back: every device stops getting its pushes. */
  async deleteAllForUser(userId: string): Promise<void> {
    await this.db.deleteFrom("push_subscriptions").where("user_id", "=", userId).execute();
  }

  /** A password change: pushes stop everywhere but in the browser session it was made in. */
  async deleteForUserExceptSession(userId: string, keepSessionIdHash: string): Promise<void> {
    await this.db
      .deleteFrom("push_subscriptions")
      .where("user_id", "=", userId)
      .where((eb) => eb.or([eb("session_id_hash", "is", null), eb("session_id_hash", "!=", keepSessionIdHash)]))
      .execute();
  }

  /** The push service says the subscription is gone (404/410): it never works again. */
  async delete(endpoint: string): Promise<void> {
    await this.db.deleteFrom("push_subscriptions").where("endpoint", "=", endpoint).execute();
  }

  async touch(endpoint: string, now: string): Promise<void> {
    await this.db.updateTable("push_subscriptions").set({ last_used: now }).where("endpoint", "=", endpoint).execute();
  }
}
