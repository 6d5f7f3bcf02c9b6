import { useQueries, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Category } from "../../domain/categories";
import type { Task } from "../../domain/tasks";
import { categoryKeys, listCategories } from "../api/tasks";

const sortedCategories = async (groupId: string): Promise<Category[]> =>
  [...(await listCategories(groupId))].sort((a, b) => a.order - b.order);

/**
 * A group's categories in order, with loading and error states (for pages that manage them;
 * useCategories gives the defaults instead while loading). Live categories.changed events
 * refetch it (web/realtime/use-live-updates.ts).
 */
export function useGroupCategories(groupId: string | undefined) {
  return useQuery({
    queryKey: categoryKeys.group(groupId ?? ""),
    queryFn: () => sortedCategories(groupId!),
    enabled: Boolean(groupId),
  });
}

/** Stable, so useQueries hands back the same Map until some group's categories change. */
function byGroup(results: { data?: Category[] }[]): Map<string, Category[]> {
  return new Map(results.flatMap(({ data }) => (data?.[0] ? [[data[0].groupId, data] as const] : [])));
}

/** The categories of several groups, by group id (those loaded so far). */
export function useCategoriesOfGroups(groupIds: readonly string[]): Map<string, Category[]> {
  return useQueries({
    queries: groupIds.map((groupId) => ({
      queryKey: categoryKeys.group(groupId),
      queryFn: () => sortedCategories(groupId),
    })),
    combine: byGroup,
  });
}

/**
 * The categories of `groupIds` and of the group of each of `tasks`, by group id. A task shared
 * in from another group has a category of that group, which the members of the groups it is
 * shared with may read (docs/decisions.md, "Categories of a shared task").
 */
export function useCategoriesOfTaskGroups(
  groupIds: readonly string[],
  tasks: readonly Task[] | undefined,
): Map<string, Category[]> {
  const ids = useMemo(
    () => [...new Set([...groupIds, ...(tasks ?? []).map((task) => task.groupId)])],
    [groupIds, tasks],
  );
  return useCategoriesOfGroups(ids);
}
