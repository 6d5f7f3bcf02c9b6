import { useQueryClient } from "@tanstack/react-query";
import type { CachedTask } from "../../api/tasks";
import { cachedTask } from "../../realtime/task-sync";
import { editTask } from "../../scenes/tasks/task-actions";
import { addDays, dayLabel } from "./calendar-range";
import { deadlineMovedTo } from "./move-deadline";

/**
 * Moves a task shown on one day to another through the deadline picker's own write (editTask:
 * shown at once, queued offline, sent live to the others): a time of day and its zone stay, and a
 * repeating task moves only this occurrence. Says where it went.
 */
export function useTaskMoves(locale: string, announce: (text: string) => void) {
  const client = useQueryClient();
  function move(task: CachedTask, fromDay: string, toDay: string) {
    const latest = (cachedTask(client, task.id) as CachedTask | undefined) ?? task;
    if (!latest.deadline || fromDay === toDay) return;
    const where = dayLabel(toDay, locale, { long: true });
    announce(`${latest.title} moved to ${where}.`);
    void editTask(
      client,
      latest,
      { deadline: deadlineMovedTo(latest.deadline, fromDay, toDay) },
      { success: `Moved to ${where}`, failure: "Failed to move the task" },
    );
  }
  return {
    move,
    moveBy: (task: CachedTask, fromDay: string, days: number) => move(task, fromDay, addDays(fromDay, days)),
  };
}
