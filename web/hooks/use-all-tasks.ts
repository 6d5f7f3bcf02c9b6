import { onlineManager, type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Task } from "../../domain/tasks";
import { useEffect } from "react";
import { allTasksKey, listAllTasks } from "../api/all-tasks";
import { type CachedTask, type GroupTaskList, taskKeys } from "../api/tasks";
import { withLocalTasks } from "../realtime/task-sync";
import { onLiveMessage } from "../realtime/use-live-updates";
import { useMe } from "./use-me";

/**
 * Every task the user sees across their groups, kept live: a change to any of them (tasks.changed),
 * a group gone, or a reconnection refetches the list. Several events in a burst cost one request.
 */
export function useAllTasks({ enabled = true }: { enabled?: boolean } = {}) {
  const me = useMe();
  const client = useQueryClient();
  const active = Boolean(me) && enabled;

  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onLiveMessage((message) => {
      if (message.type !== "tasks.changed" && message.type !== "group.removed" && message.type !== "hello") return;
      clearTimeout(timer);
      const refetch = () => void client.invalidateQueries({ queryKey: allTasksKey, exact: true });
      // The greeting after a (re)connection asks at once; a burst of changes costs one request.
      if (message.type === "hello") refetch();
      else timer = setTimeout(refetch, 150);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [active, client]);

  return useQuery({
    queryKey: allTasksKey,
    // Tasks added on this device that the server does not have yet stay listed, as in a group's list.
    queryFn: async () =>
      withLocalTasks(await listAllTasks(), [
        ...(client.getQueryData<CachedTask[]>(allTasksKey) ?? []),
        ...(tasksOfCachedGroups(client) ?? []),
      ]),
    enabled: active,
    // Opened without network and never loaded on this device: the groups' lists it has are what
    // there is to show. Dated 0, so the server's list replaces it as soon as it can be reached.
    initialData: () => (onlineManager.isOnline() ? undefined : tasksOfCachedGroups(client)),
    initialDataUpdatedAt: 0,
  });
}

/** Every task of the group lists in the cache, once each (a shared task is in several); undefined without any. */
function tasksOfCachedGroups(client: QueryClient): Task[] | undefined {
  const lists = client.getQueriesData<GroupTaskList>({ queryKey: taskKeys.groups });
  if (!lists.some(([, list]) => list)) return undefined;
  const byId = new Map<string, Task>();
  for (const [, list] of lists) for (const task of list?.tasks ?? []) if (!byId.has(task.id)) byId.set(task.id, task);
  return [...byId.values()];
}
