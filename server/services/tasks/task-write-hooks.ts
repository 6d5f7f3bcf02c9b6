import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import type { AppDeps } from "../../deps.js";
import type { TaskRecord } from "../../repositories/task-repository.js";
import type { User } from "../../repositories/user-repository.js";

/** A change to an existing task, as the modules that follow tasks see it (docs/modules.md). */
export interface TaskWritten {
  actor: User;
  before: TaskRecord;
  after: TaskRecord;
  at: string;
  /** The task that completing a repeating one added (its next occurrence), if any. */
  nextOccurrenceId: string | null;
}

/**
 * When a write that completed the task says it was completed: the tap's moment for a completion
 * queued offline (the task's completedAt), otherwise the write's own.
 */
export function completedAtOf(write: TaskWritten): string {
  return write.after.completedAt ?? write.at;
}

/**
 * What a module does on every change to an existing task, whether it is switched on or off for
 * the user (the data stays right; the module decides whom to tell).
 */
export interface TaskWriteHook {
  moduleId: string;
  /**
   * In the change's transaction: what the module keeps of it (a deadline moved, who completed
   * it, the next occurrence's assignee). Throwing refuses the whole change.
   */
  during?(transaction: Kysely<DB>, write: TaskWritten): Promise<void>;
  /** Once the change has committed: notifications, live events. A failure is logged, never undoes it. */
  after?(deps: AppDeps, write: TaskWritten): Promise<void>;
}

export async function runDuringTaskWrite(
  hooks: readonly TaskWriteHook[],
  transaction: Kysely<DB>,
  write: TaskWritten,
): Promise<void> {
  for (const hook of hooks) await hook.during?.(transaction, write);
}

export async function runAfterTaskWrite(deps: AppDeps, write: TaskWritten): Promise<void> {
  for (const hook of deps.taskWriteHooks) {
    try {
      await hook.after?.(deps, write);
    } catch (error) {
      deps.log.error({ err: error, moduleId: hook.moduleId, taskId: write.after.id }, "a module's task hook failed");
    }
  }
}
