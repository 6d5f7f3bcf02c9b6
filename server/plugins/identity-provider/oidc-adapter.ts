import type { Kysely } from "kysely";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { DB } from "../../db/schema.js";

/**
 * oidc-provider's storage in our database (one table for every model it keeps), so sessions,
 * codes and grants survive a restart and work the same on SQLite and PostgreSQL.
 */
export function oidcAdapterFactory(db: Kysely<DB>) {
  return (model: string): Adapter => {
    const load = async (column: "id" | "uid" | "user_code", value: string): Promise<AdapterPayload | undefined> => {
      const row = await db
        .selectFrom("oidc_store")
        .select(["payload", "expires_at", "consumed_at"])
        .where("model", "=", model)
        .where(column, "=", value)
        .executeTakeFirst();
      if (!row || (row.expires_at !== null && Date.parse(row.expires_at) <= Date.now())) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      // The provider refuses a consumed code (a replay) when `consumed` is set.
      return row.consumed_at ? { ...payload, consumed: Math.floor(Date.parse(row.consumed_at) / 1000) } : payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload: JSON.stringify(payload),
          grant_id: payload.grantId ?? null,
          user_code: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
        };
        await db
          .insertInto("oidc_store")
          .values({ model, id, consumed_at: null, ...values })
          .onConflict((conflict) => conflict.columns(["model", "id"]).doUpdateSet(values))
          .execute();
      },
      find: (id) => load("id", id),
      findByUid: (uid) => load("uid", uid),
      findByUserCode: (userCode) => load("user_code", userCode),
      async consume(id) {
        await db
          .updateTable("oidc_store")
          .set({ consumed_at: new Date().toISOString() })
          .where("model", "=", model)
          .where("id", "=", id)
          .execute();
      },
      async destroy(id) {
        await db.deleteFrom("oidc_store").where("model", "=", model).where("id", "=", id).execute();
      },
      async revokeByGrantId(grantId) {
        await db.deleteFrom("oidc_store").where("model", "=", model).where("grant_id", "=", grantId).execute();
      },
    };
  };
}

/** Expired rows are never read again; this keeps the table small. */
export async function deleteExpiredOidcRows(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom("oidc_store").where("expires_at", "<=", new Date().toISOString()).execute();
}
