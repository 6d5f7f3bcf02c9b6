import type { TaskRecord } from "../repositories/task-repository.js";

/**
 * The task's owner may lock, unlock, share and delete it (delete only when unlocked);
 * everyone who sees it may edit it unless it is locked. Seeing it is decided by the query
 * (TaskRepository.findVisible): member of its group, or of a group it is shared with.
 */
export function taskAbilities(task: TaskRecord, userId: string) {
  const owner = task.ownerId === userId;
  return { edit: owner || !task.locked, delete: owner && !task.locked, lock: owner, share: owner };
}
