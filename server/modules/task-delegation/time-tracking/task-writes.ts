import { completedAtOf, type TaskWriteHook, type TaskWritten } from "../../../services/tasks/task-write-hooks.js";
import { tellModuleUsers } from "../../live.js";
import { TimeRepository } from "./repository.js";
import { TIME_CHANGED, TIME_MODULE } from "./service.js";

const completedNow = (write: TaskWritten) => !write.before.completed && write.after.completed;

/**
 * A task done is a task no longer worked on: the timers running on it stop at the instant it was
 * completed (docs/time-tracking.md), and their users' devices hear of it.
 */
export const timeTrackingTaskWrites: Omit<TaskWriteHook, "moduleId"> = {
  async during(transaction, write) {
    if (!completedNow(write)) return;
    await new TimeRepository(transaction).stopRunningOnTask(write.after.id, completedAtOf(write), write.at);
  },
  async after(deps, write) {
    if (!completedNow(write)) return;
    const users = await new TimeRepository(deps.database.db).usersStoppedAt(write.after.id, completedAtOf(write));
    if (users.length) await tellModuleUsers(deps, TIME_MODULE, users, TIME_CHANGED);
  },
};
