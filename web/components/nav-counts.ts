import type { Task } from "../../domain/tasks";
import { todayCount } from "../scenes/tasks/task-agenda";

type CountedTask = Pick<
  Task,
  "id" | "groupId" | "sharedWithGroups" | "completed" | "deadline" | "deadlineTimeZone" | "order" | "createdAt"
>;

export interface NavCounts {
  /** Open tasks overdue or due today, across every group (what Today lists). */
  today: number;
  /** Open tasks per group id: the group's own and those shared with it (what its list shows). */
  groups: ReadonlyMap<string, number>;
}

/** The navigation's counts from the tasks this device has; a task seen by several groups counts once for Today. */
export function navCounts(tasks: readonly CountedTask[], now: Date): NavCounts {
  const unique = [...new Map(tasks.map((task) => [task.id, task])).values()];
  const groups = new Map<string, number>();
  for (const task of unique) {
    if (task.completed) continue;
    for (const groupId of new Set([task.groupId, ...task.sharedWithGroups])) {
      groups.set(groupId, (groups.get(groupId) ?? 0) + 1);
    }
  }
  return { today: todayCount(unique, now), groups };
}
