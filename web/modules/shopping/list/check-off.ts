import type { QueryClient } from "@tanstack/react-query";
import type { Task } from "../../../../domain/tasks";
import { newOperationId } from "../../../api/tasks";
import { submit } from "../../../offline/queue";
import { setCompleted } from "../../../scenes/tasks/task-actions";
import { SHOPPING_QUERY_ROOT } from "../keys";
import { checkOffRequest } from "./api";

/**
 * Checks an item off: the task is completed as anywhere in the app (at once here, live on the
 * other members' devices, queued when offline), and with a store chosen the moment it was tapped
 * goes to the store's order through the same queue, so a trip walked offline still teaches it.
 */
export async function checkOffItem(client: QueryClient, task: Task, storeId: string | null): Promise<void> {
  const tappedAt = new Date().toISOString();
  const done = await setCompleted(client, task, true);
  if (!done || storeId === null) return;
  try {
    await submit({
      id: newOperationId(),
      type: "create",
      entityType: "module",
      // Its own entity: check-offs go in the order they were tapped.
      entityId: `${SHOPPING_QUERY_ROOT}:check-offs`,
      groupId: task.groupId,
      label: `Check off ${task.title}`,
      request: checkOffRequest(task.groupId, task.id, storeId, tappedAt),
    });
  } catch {
    // The store's order misses one check-off: the item itself is checked off, which is what counts.
  }
}
