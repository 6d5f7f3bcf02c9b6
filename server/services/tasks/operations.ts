import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import type { AppDeps } from "../../deps.js";
import type { Repositories } from "../../repositories/index.js";
import type { User } from "../../repositories/user-repository.js";
import { inTransaction } from "../transaction.js";

export interface OperationResult<T> {
  status: number;
  body: T;
  /** True when this answer is the stored one of an earlier delivery of the same operation. */
  replayed: boolean;
}

/** A write's answer (stored, so a replay gets it again) and what it leaves for after the commit (not stored). */
export interface Written<T, After> {
  body: T;
  after: After;
}

/**
 * Applies a write once per operationId: the write and the record of its
 * answer commit together, so a retry, a duplicate delivery or a second tab replaying the queue
 * gets the first answer instead of a second task. Without an operationId the write just runs.
 * `after` is what the caller does once it has committed (tell others, say): null for a replay,
 * which must not do it again. Results leave the transaction by return value only: a callback
 * that set outside variables would leave them set by an attempt that rolled back.
 */
export async function applyOnceThen<T, After>(
  deps: AppDeps,
  user: User,
  operationId: string | undefined,
  status: number,
  write: (repositories: Repositories, transaction: Kysely<DB>) => Promise<Written<T, After>>,
): Promise<OperationResult<T> & { after: After | null }> {
  if (!operationId) {
    const { body, after } = await inTransaction(deps, write);
    return { status, body, replayed: false, after };
  }
  // No read of the record first: every write of the offline queue carries an operationId, and a
  // replay is rare. A replay runs the write again and fails on the record of the operation (or on
  // what the first delivery wrote, a task id now taken, a task now gone); all of it rolls back,
  // and it gets the first answer below.
  try {
    const { body, after } = await inTransaction(deps, async (repositories, transaction) => {
      const written = await write(repositories, transaction);
      await repositories.operations.insert(user.id, operationId, status, written.body, new Date().toISOString());
      return written;
    });
    return { status, body, replayed: false, after };
  } catch (error) {
    // An earlier delivery committed first (a replay, or two deliveries racing): this one failed
    // on the record of the operation, or on what the other one wrote. Either way the operation
    // is applied, and this delivery gets the first answer.
    const winner = await deps.repositories.operations.find(user.id, operationId);
    if (!winner) throw error;
    return { status: winner.status, body: winner.body as T, replayed: true, after: null };
  }
}

/** applyOnceThen for a write that leaves nothing for after its commit. */
export async function applyOnce<T>(
  deps: AppDeps,
  user: User,
  operationId: string | undefined,
  status: number,
  write: (repositories: Repositories) => Promise<T>,
): Promise<OperationResult<T>> {
  const { after: _nothing, ...result } = await applyOnceThen(deps, user, operationId, status, async (repositories) => ({
    body: await write(repositories),
    after: null,
  }));
  return result;
}
