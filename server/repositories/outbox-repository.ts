import type { Insertable, Kysely, Selectable } from "kysely";
import { type CamelCased, camelCased, snakeCased } from "../db/camel-case.js";
import type { DB, OutboxTable } from "../db/schema.js";

export type OutboxRecord = CamelCased<Selectable<OutboxTable>>;

/** Where a message lands when no SMTP server is configured (the local outbox, read by admins). */
export class OutboxRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(message: CamelCased<Insertable<OutboxTable>>): Promise<void> {
    await this.db.insertInto("outbox").values(snakeCased<Insertable<OutboxTable>>(message)).execute();
  }

  /**
   * Newest first, `limit` rows, starting after `before` (the last row of the previous page).
   * Keyset paging: a page stays correct while new messages arrive, unlike an offset.
   */
  async listRecent(limit: number, before?: { createdAt: string; id: string }): Promise<OutboxRecord[]> {
    let query = this.db.selectFrom("outbox").selectAll();
    if (before) {
      query = query.where((eb) =>
        eb.or([
          eb("created_at", "<", before.createdAt),
          eb.and([eb("created_at", "=", before.createdAt), eb("id", "<", before.id)]),
        ]),
      );
    }
    const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
    return rows.map(camelCased);
  }
}
