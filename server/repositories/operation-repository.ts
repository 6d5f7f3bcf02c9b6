import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";

/** Writes already applied, by the client's operationId, with the answer they got. */
export class OperationRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(userId: string, operationId: string): Promise<{ status: number; body: unknown } | undefined> {
    const row = await this.db
      .selectFrom("applied_operations")
      .select(["status_code", "response"])
      .where("user_id", "=", userId)
      .where("operation_id", "=", operationId)
      .executeTakeFirst();
    return row ? { status: row.status_code, body: JSON.parse(row.response) as unknown } : undefined;
  }

  /** Throws on a duplicate (the unique key), which rolls back the write it belongs to. */
  async insert(userId: string, operationId: string, status: number, body: unknown, now: string): Promise<void> {
    await this.db
      .insertInto("applied_operations")
      .values({
        user_id: userId,
        operation_id: operationId,
        status_code: status,
        response: JSON.stringify(body),
        created_at: now,
      })
      .execute();
  }
}
