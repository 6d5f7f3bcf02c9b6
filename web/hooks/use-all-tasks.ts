import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { allTasksKey, listAllTasks } from "../api/all-tasks";
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
      timer = setTimeout(() => void client.invalidateQueries({ queryKey: allTasksKey, exact: true }), 150);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [active, client]);

  return useQuery({ queryKey: allTasksKey, queryFn: listAllTasks, enabled: active });
}
