import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { AppDeps } from "../deps.js";
import { createRepositories, type Repositories } from "../repositories/index.js";

/**
 * PostgreSQL's answers to two transactions that each wait for the other (40P01) or that cannot
 * both commit as if one ran after the other (40001). The database has undone the loser; running
 * it again is the documented remedy. SQLite runs one write at a time and never answers these.
 */
const RETRYABLE_CODES = new Set(["40P01", "40001"]);
const ATTEMPTS = 3;

/**
 * Runs a multi-step write in one transaction: every repository `work` receives writes through it,
 * so either all steps happen or none. Repositories never open transactions themselves, which is
 * what lets any of them take part in one. A deadlock is retried (twice), so `work` must do nothing
 * outside the database that it would regret doing twice (announce after it returns).
 */
export async function inTransaction<T>(
  deps: AppDeps,
  work: (repositories: Repositories, transaction: Kysely<DB>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      // The transaction itself is for a module's own repositories (server/modules/*/repository.ts).
      return await deps.database.db.transaction().execute((trx) => work(createRepositories(trx), trx));
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= ATTEMPTS || typeof code !== "string" || !RETRYABLE_CODES.has(code)) throw error;
      deps.log.info({ code, attempt }, "transaction retried after a deadlock");
    }
  }
}
