import type { Insertable, Kysely, Selectable } from "kysely";
import { type CamelCased, camelCased, snakeCased } from "../db/camel-case.js";
import type { ContactMessageTable, DB } from "../db/schema.js";

export type ContactMessageRecord = CamelCased<Selectable<ContactMessageTable>>;

export class ContactMessageRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(record: CamelCased<Insertable<ContactMessageTable>>): Promise<void> {
    await this.db.insertInto("contact_messages").values(snakeCased<Insertable<ContactMessageTable>>(record)).execute();
  }

  /** Newest first. */
  async listRecent(limit: number): Promise<ContactMessageRecord[]> {
    const rows = await this.db
      .selectFrom("contact_messages")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map(camelCased);
  }
}
