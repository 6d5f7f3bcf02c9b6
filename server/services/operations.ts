import type { AppDeps } from "../deps.js";
import type { Repositories } from "../repositories/index.js";
import type { UserRow } from "../repositories/user-repository.js";
import { inTransaction } from "./transaction.js";

export interface OperationResult<T> {
  status: number;
  body: T;
  /** True when this answer is the stored one of an earlier delivery of the same operation. */
  replayed: boolean;
}

/**
 * Applies a write once per operationId: the write and the record of its
 * answer commit together, so a retry, a duplicate delivery or a second tab replaying the queue
 * gets the first answer instead of a second task. Without an operationId the write just runs.
 */
export async function applyOnce<T>(
  deps: AppDeps,
  user: UserRow,
  operationId: string | undefined,
  status: number,
  write: (repositories: Repositories) => Promise<T>,
): Promise<OperationResult<T>> {
  if (!operationId) return { status, body: await inTransaction(deps, write), replayed: false };
  const earlier = await deps.repositories.operations.find(user.id, operationId);
  if (earlier) return { status: earlier.status, body: earlier.body as T, replayed: true };
  try {
    const body = await inTransaction(deps, async (repositories) => {
      const result = await write(repositories);
      await repositories.operations.insert(user.id, operationId, status, result, new Date().toISOString());
      return result;
    });
    return { status, body, replayed: false };
  } catch (error) {
    // Two deliveries raced and the other committed first: this one failed on the record of the
    // operation, or on what the other one wrote (a task id now taken). Either way the operation
    // is applied, and this delivery gets the first answer.
    const winner = await deps.repositories.operations.find(user.id, operationId);
    if (!winner) throw error;
    return { status: winner.status, body: winner.body as T, replayed: true };
  }
}
