import { useQueryClient } from "@tanstack/react-query";
import type { CachedTask } from "../../api/tasks";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { removeTask } from "./task-actions";

/**
 * "Delete “…”?" for a task of a list. The row and its delete button go: keyboard users continue
 * from a neighbouring task, or wherever `onAfter` sends them when there is none.
 */
export function TaskDeleteDialog({
  task,
  onClose,
  onAfter,
}: {
  task: CachedTask | null;
  onClose: () => void;
  onAfter: () => void;
}) {
  const client = useQueryClient();
  return (
    <ConfirmDialog
      open={task !== null}
      title={`Delete “${task?.title ?? ""}”?`}
      confirmLabel="Delete task"
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        if (!task) return;
        const row = document.querySelector(`[data-task-id="${CSS.escape(task.id)}"]`);
        const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector<HTMLElement>(
          "[data-task-link]",
        );
        void removeTask(client, task);
        setTimeout(() => (neighbour?.isConnected ? neighbour.focus() : onAfter()));
      }}
    >
      <p>The task and its subtasks are deleted for everyone in the group. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
