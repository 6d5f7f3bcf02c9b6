import type { TaskRow } from "../repositories/task-repository.js";

/**
 * The task's owner may lock, unlock, share and delete it (delete only when unlocked);
 * everyone who sees it may edit it unless it is locked. Seeing it is decided by the query
 * (TaskRepository.findVisible): member of its group, or of a group it is shared with.
 */
export function taskAbilities(task: TaskRow, userId: string) {
  const owner = task.owner_id === userId;
  const locked = task.locked === 1;
  return { edit: owner || !locked, delete: owner && !locked, lock: owner, share: owner };
}
