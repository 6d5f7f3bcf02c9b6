import type { Insertable, Kysely, Selectable } from "kysely";
import type { ContactMessageTable, DB } from "../db/schema.js";

export type ContactMessageRow = Selectable<ContactMessageTable>;

export class ContactMessageRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Insertable<ContactMessageTable>): Promise<void> {
    await this.db.insertInto("contact_messages").values(row).execute();
  }

  /** Newest first. */
  listRecent(limit: number): Promise<ContactMessageRow[]> {
    return this.db
      .selectFrom("contact_messages")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(limit)
      .execute();
  }
}
