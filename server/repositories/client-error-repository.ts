import type { Insertable, Kysely, Selectable } from "kysely";
import type { ClientErrorTable, DB } from "../db/schema.js";

export type ClientErrorRow = Selectable<ClientErrorTable>;

export class ClientErrorRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Insertable<ClientErrorTable>): Promise<void> {
    await this.db.insertInto("client_errors").values(row).execute();
  }

  /** Newest first. */
  listRecent(limit: number): Promise<ClientErrorRow[]> {
    return this.db
      .selectFrom("client_errors")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(limit)
      .execute();
  }
}
