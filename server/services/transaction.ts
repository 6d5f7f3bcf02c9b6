import type { AppDeps } from "../deps.js";
import { createRepositories, type Repositories } from "../repositories/index.js";

/**
 * Runs a multi-step write in one transaction: every repository `work` receives writes through it,
 * so either all steps happen or none. Repositories never open transactions themselves, which is
 * what lets any of them take part in one.
 */
export function inTransaction<T>(deps: AppDeps, work: (repositories: Repositories) => Promise<T>): Promise<T> {
  return deps.database.db.transaction().execute((trx) => work(createRepositories(trx)));
}
