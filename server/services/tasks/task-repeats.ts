import { nextDeadline, nextOccurrence } from "../../../domain/recurrence.js";
import { REPEAT_MESSAGES } from "../../../domain/repeat-rule.js";
import { newTaskId, type Repeat } from "../../../domain/tasks.js";
import { ValidationError } from "../../errors.js";
import type { Repositories } from "../../repositories/index.js";
import type { TaskRecord } from "../../repositories/task-repository.js";

/** The fields that store a repeat (rules are stored upper-cased: their parts are case-insensitive). */
export function repeatFields(repeat: Repeat | null): Pick<TaskRecord, "repeatRule" | "repeatFromCompletion"> {
  return {
    repeatRule: repeat ? repeat.rule.toUpperCase() : null,
    repeatFromCompletion: repeat?.fromCompletion ?? false,
  };
}

export function storedRepeat(task: TaskRecord): Repeat | null {
  return task.repeatRule === null ? null : { rule: task.repeatRule, fromCompletion: task.repeatFromCompletion };
}

/**
 * A repeat needs a deadline (its first occurrence) and must come round after it. Checked whenever
 * either changes; a 400 naming the field.
 */
export function checkRepeat(repeat: Repeat | null, deadline: string | null): void {
  if (!repeat) return;
  if (!deadline) throw new ValidationError(`body.repeat: ${REPEAT_MESSAGES.needsDeadline}`);
  if (nextOccurrence(repeat.rule, deadline) === null)
    throw new ValidationError(`body.repeat.rule: ${REPEAT_MESSAGES.neverAgain}`);
}

/**
 * After a task was marked done (its row already written in this transaction): if it repeats,
 * ends its repeat and adds the next occurrence, once. The conditional update decides: of several
 * completions (two devices, a replayed queue), only the one whose update cleared the rule adds
 * it. The copy keeps the title, notes, category, priority, group, owner, lock, shares and
 * subtasks (not done), and is due at the rule's next occurrence (domain/recurrence.ts); it goes
 * where the done task was in the manual order. Returns the change numbers of its groups.
 */
export async function addNextOccurrence(
  repositories: Repositories,
  taskId: string,
  at: string,
  /** When the task was done (at, unless a completion queued offline says earlier): where the next one is counted from. */
  doneAt: string = at,
): Promise<{ changes: Map<string, number>; id: string | null }> {
  const done = await repositories.tasks.findById(taskId);
  const repeat = done && storedRepeat(done);
  if (!done?.deadline || !repeat || !(await repositories.tasks.takeRepeat(taskId)))
    return { changes: new Map(), id: null };
  const deadline = nextDeadline(
    repeat,
    { deadline: done.deadline, deadlineTimeZone: done.deadlineTimeZone },
    new Date(doneAt),
  );
  // A rule that does not come round again ends the series here.
  if (!deadline) return { changes: new Map(), id: null };
  let id = newTaskId(done.groupId);
  while (await repositories.tasks.findById(id)) id = newTaskId(done.groupId);
  await repositories.tasks.insert({
    ...done,
    ...repeatFields(repeat),
    id,
    completed: false,
    completedAt: null,
    deadline,
    createdAt: at,
    updatedAt: at,
  });
  const subtasks = await repositories.tasks.subtasksOf([taskId]);
  await repositories.tasks.insertSubtasks(
    subtasks.map((subtask) => ({ ...subtask, taskId: id, completed: false, completedAt: null, createdAt: at })),
  );
  const shares = await repositories.tasks.sharesOf([taskId]);
  for (const share of shares) await repositories.tasks.addShare(id, share.groupId, at);
  const changes = await repositories.tasks.recordChange(
    [done.groupId, ...shares.map((share) => share.groupId)],
    id,
    at,
  );
  return { changes, id };
}
