import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  hits: number;
  windowEndsAt: string;
}

/** Counters of the shared rate limits (server/plugins/rate-limits.ts); keys arrive hashed. */
export class RateLimitRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Counts one hit, in one statement: a new window when the key has none or its window has ended,
   * otherwise one more in the current one. Concurrent hits from any process each count once.
   */
  async hit(key: string, now: Date, windowMs: number): Promise<RateLimitHit> {
    const at = now.toISOString();
    const ended = sql<boolean>`rate_limits.window_ends_at <= ${at}`;
    const row = await this.db
      .insertInto("rate_limits")
      .values({ key, hits: 1, window_ends_at: new Date(now.getTime() + windowMs).toISOString() })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet((eb) => ({
          hits: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb("rate_limits.hits", "+", 1))
            .end(),
          window_ends_at: eb
            .case()
            .when(ended)
            .then(eb.ref("excluded.window_ends_at"))
            .else(eb.ref("rate_limits.window_ends_at"))
            .end(),
        })),
      )
      .returning(["hits", "window_ends_at"])
      .executeTakeFirstOrThrow();
    return { hits: Number(row.hits), windowEndsAt: row.window_ends_at };
  }

  /**
   * Takes back one hit from the window that ends at `windowEndsAt` (as `hit` answered it): a try
   * that turned out not to count. Nothing happens once that window has ended or was replaced.
   */
  async refund(key: string, windowEndsAt: string): Promise<void> {
    await this.db
      .updateTable("rate_limits")
      .set((eb) => ({ hits: eb("hits", "-", 1) }))
      .where("key", "=", key)
      .where("window_ends_at", "=", windowEndsAt)
      .where("hits", ">", 0)
      .execute();
  }

  async deleteEnded(now: Date): Promise<void> {
    await this.db.deleteFrom("rate_limits").where("window_ends_at", "<=", now.toISOString()).execute();
  }
}
