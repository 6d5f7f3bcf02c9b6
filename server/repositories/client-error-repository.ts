import type { Insertable, Kysely, Selectable } from "kysely";
import { type CamelCased, camelCased, snakeCased } from "../db/camel-case.js";
import type { ClientErrorTable, DB } from "../db/schema.js";

export type ClientErrorRecord = CamelCased<Selectable<ClientErrorTable>>;

export class ClientErrorRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(record: CamelCased<Insertable<ClientErrorTable>>): Promise<void> {
    await this.db.insertInto("client_errors").values(snakeCased<Insertable<ClientErrorTable>>(record)).execute();
  }

  /** Newest first. */
  async listRecent(limit: number): Promise<ClientErrorRecord[]> {
    const rows = await this.db
      .selectFrom("client_errors")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map(camelCased);
  }
}
