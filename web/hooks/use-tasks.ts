import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Category } from "../../domain/categories";
import { DEFAULT_CATEGORIES, SYSTEM_OWNER } from "../../domain/category-rules";
import type { Task } from "../../domain/tasks";
import { ApiRequestError } from "../api/http";
import { categoryKeys, getTask, type GroupTaskList, listCategories, listGroupTasks, taskKeys } from "../api/tasks";
import { withLocalTasks } from "../realtime/task-sync";

/**
 * A group's tasks (its own and those shared with it). Loaded once; live events keep it current
 * by catching up from its seq (web/realtime/task-sync.ts), so focus does not reload it.
 */
export function useGroupTasks(groupId: string | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: taskKeys.group(groupId ?? ""),
    enabled: Boolean(groupId),
    refetchOnWindowFocus: false,
    queryFn: async (): Promise<GroupTaskList> => {
      const { tasks, seq } = await listGroupTasks(groupId!);
      const cached = client.getQueryData<GroupTaskList>(taskKeys.group(groupId!))?.tasks;
      return { tasks: withLocalTasks(tasks, cached), seq };
    },
  });
}

function cachedTask(client: QueryClient, id: string): Task | undefined {
  for (const [, list] of client.getQueriesData<GroupTaskList>({ queryKey: taskKeys.groups })) {
    const task = list?.tasks.find((item) => item.id === id);
    if (task) return task;
  }
  return undefined;
}

const notFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** One task; a missing one (or one the user may not see) is a 404, not retried. */
export function useTask(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: taskKeys.one(id ?? ""),
    queryFn: () => getTask(id!),
    enabled: Boolean(id),
    // From a list already on this device: shown at once, and all there is without network.
    initialData: () => (id ? cachedTask(client, id) : undefined),
    initialDataUpdatedAt: 0,
    retry: (count, error) => !notFound(error) && count < 1,
  });
}

export function isNotFound(error: unknown): boolean {
  return notFound(error);
}

/** The defaults every group starts with, for a server that cannot list categories (yet). */
function fallbackCategories(groupId: string): Category[] {
  return DEFAULT_CATEGORIES.map((category) => ({
    ...category,
    groupId,
    ownerId: SYSTEM_OWNER,
    aiGenerated: false,
    lastUsed: null,
  }));
}

/**
 * A group's categories in their order; the defaults while loading, when they cannot be loaded, or
 * without a group.
 */
export function useCategories(groupId: string | undefined) {
  const query = useQuery({
    queryKey: categoryKeys.group(groupId ?? ""),
    enabled: Boolean(groupId),
    retry: false,
    queryFn: async () => {
      try {
        return [...(await listCategories(groupId!))].sort((a, b) => a.order - b.order);
      } catch {
        return fallbackCategories(groupId!);
      }
    },
  });
  const fallback = useMemo(() => fallbackCategories(groupId ?? ""), [groupId]);
  return query.data ?? fallback;
}
