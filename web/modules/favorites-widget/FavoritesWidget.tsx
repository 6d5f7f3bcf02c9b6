import { useQueryClient } from "@tanstack/react-query";
import { Star } from "lucide-react";
import { useId, useLayoutEffect, useMemo, useRef } from "react";
import { Link } from "react-router";
import { FAVORITE_MESSAGES } from "../../../domain/favorite-rules";
import type { Task } from "../../../domain/tasks";
import { ReorderHandle } from "../../components/ReorderHandle";
import { Section } from "../../components/Section";
import { useAllTasks } from "../../hooks/use-all-tasks";
import { useDragReorder } from "../../hooks/use-drag-reorder";
import { useGroups } from "../../hooks/use-groups";
import { taskPath } from "../../hooks/use-mobile";
import { useNow } from "../../hooks/use-now";
import { DeadlineLabel } from "../../scenes/tasks/TaskParts";
import { orderFavorites, unpinTask, useFavorites } from "./use-favorites";

/**
 * The dashboard's Favourites: the tasks the user pinned, in their order, across all their groups.
 * Drag a row by its handle, or focus the handle and use the arrow keys, to move it.
 */
export default function FavoritesWidget() {
  const client = useQueryClient();
  const favorites = useFavorites();
  const allTasks = useAllTasks();
  const { data: groups = [] } = useGroups();
  const now = useNow();
  const hintId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<string | null>(null);

  // Pins of tasks this device does not know (yet) wait until it does.
  const pinned = useMemo(() => {
    const byId = new Map((allTasks.data ?? []).map((task) => [task.id, task]));
    return (favorites.data?.taskIds ?? []).flatMap((id) => byId.get(id) ?? []);
  }, [favorites.data, allTasks.data]);
  const groupName = (task: Task) => groups.find((group) => group.id === task.groupId)?.name;

  function move(from: number, to: number) {
    if (to < 0 || to >= pinned.length || from === to) return;
    const ids = pinned.map((task) => task.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    focusAfterMove.current = moved!;
    void orderFavorites(client, ids);
  }
  const drag = useDragReorder(listRef, move);

  // The moved row's handle keeps the focus, so the arrow keys can move it again.
  useLayoutEffect(() => {
    const id = focusAfterMove.current;
    if (!id) return;
    focusAfterMove.current = null;
    handles.current.get(id)?.focus();
  });

  const loading = favorites.isPending || (allTasks.isPending && !allTasks.data);
  return (
    <Section
      title="Favourites"
      description={
        pinned.length > 1 ? (
          <span id={hintId}>Drag a task, or focus its handle and use the arrow keys, to change the order.</span>
        ) : undefined
      }
    >
      {favorites.isError && !favorites.data ? (
        <p className="mt-3 text-sm text-ink-muted">{FAVORITE_MESSAGES.loadFailed}</p>
      ) : loading ? (
        <p role="status" className="mt-3 text-sm text-ink-muted">
          Loading favourites…
        </p>
      ) : pinned.length === 0 ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-ink-muted">
          <Star aria-hidden="true" className="size-4 shrink-0" />
          Nothing pinned yet. Open a task and choose “Pin to dashboard” to keep it here.
        </p>
      ) : (
        <ol ref={listRef} aria-label="Favourite tasks" className="mt-3 space-y-2">
          {pinned.map((task, index) => (
            <li
              key={task.id}
              data-reorder-item
              style={drag.itemStyle(index)}
              className={`flex items-center gap-2 rounded-lg border bg-surface py-1.5 pr-1.5 pl-1 ${drag.dragging === index ? "border-brand shadow-lg" : "border-line"}`}
            >
              {pinned.length > 1 && (
                <ReorderHandle
                  label={task.title}
                  position={index}
                  count={pinned.length}
                  describedBy={hintId}
                  onMove={(to) => move(index, to)}
                  register={(element) => {
                    if (element) handles.current.set(task.id, element);
                    else handles.current.delete(task.id);
                  }}
                  dragProps={drag.handleProps(index)}
                />
              )}
              <div className="min-w-0 flex-1 py-0.5 pl-1">
                <Link
                  to={taskPath(task.id)}
                  className={`block truncate font-medium hover:underline ${task.completed ? "text-ink-muted line-through" : ""}`}
                >
                  {task.title}
                </Link>
                <p className="flex flex-wrap items-center gap-x-2 text-xs text-ink-muted">
                  {task.completed && <span>Completed</span>}
                  {groupName(task) && <span>{groupName(task)}</span>}
                  <DeadlineLabel task={task} now={now} />
                </p>
              </div>
              <button
                type="button"
                aria-label={`Unpin ${task.title}`}
                title="Unpin"
                className="grid size-9 shrink-0 place-items-center rounded-md text-amber-500 hover:bg-surface-muted"
                onClick={() => void unpinTask(client, task.id, task.title)}
              >
                <Star aria-hidden="true" className="size-4 fill-current" />
              </button>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
