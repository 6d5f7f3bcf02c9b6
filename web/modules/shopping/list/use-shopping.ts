import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { AisleId } from "../../../../domain/shopping/aisles";
import { SHOPPING_CATEGORY, type ShoppingState } from "../../../../domain/shopping/list";
import { organizeList, type StoreOrder } from "../../../../domain/shopping/organize";
import type { StoreOrderModel } from "../../../../domain/shopping/store-order";
import { useAllTasks } from "../../../hooks/use-all-tasks";
import { shoppingKeys } from "../keys";
import { getShoppingState, getSuggestions } from "./api";

/** The store this device shops at now, per group: a phone in one shop, a laptop at home. */
const STORE_KEY = "shoppingStore";

function readStore(groupId: string): string | null {
  try {
    const all = JSON.parse(localStorage.getItem(STORE_KEY) ?? "{}") as Record<string, string>;
    return typeof all[groupId] === "string" ? all[groupId] : null;
  } catch {
    return null;
  }
}

function writeStore(groupId: string, storeId: string | null): void {
  try {
    const all = JSON.parse(localStorage.getItem(STORE_KEY) ?? "{}") as Record<string, string>;
    if (storeId === null) delete all[groupId];
    else all[groupId] = storeId;
    localStorage.setItem(STORE_KEY, JSON.stringify(all));
  } catch {
    // Storage refused (private mode): the choice lasts while the page is open.
  }
}

export function useChosenStore(groupId: string | undefined, state: ShoppingState | undefined) {
  const [chosen, setChosen] = useState<Record<string, string | null>>({});
  const stored = groupId === undefined ? null : groupId in chosen ? chosen[groupId]! : readStore(groupId);
  // A store removed meanwhile (on another device) is no choice.
  const storeId = stored && state?.stores.some((store) => store.id === stored) ? stored : null;
  const choose = (next: string | null) => {
    if (groupId === undefined) return;
    writeStore(groupId, next);
    setChosen((current) => ({ ...current, [groupId]: next }));
  };
  return { storeId, choose };
}

export function useShoppingState(groupId: string | undefined) {
  return useQuery({
    queryKey: shoppingKeys.state(groupId ?? ""),
    queryFn: () => getShoppingState(groupId!),
    enabled: groupId !== undefined,
  });
}

export function useSuggestions(groupId: string | undefined) {
  return useQuery({
    queryKey: shoppingKeys.suggestions(groupId ?? ""),
    queryFn: () => getSuggestions(groupId!),
    enabled: groupId !== undefined,
    staleTime: 5 * 60_000,
  });
}

/**
 * The group's open Shopping List items, read and sorted on the device (domain/shopping/organize.ts)
 * from the tasks it keeps and the stores' orders it was last sent: offline as online, and at once
 * when an item is added or checked off here or by another member.
 */
export function useOrganizedList(
  groupId: string | undefined,
  state: ShoppingState | undefined,
  storeId: string | null,
) {
  const tasks = useAllTasks();
  const items = useMemo(
    () =>
      (tasks.data ?? []).filter(
        (task) => task.groupId === groupId && task.category === SHOPPING_CATEGORY && !task.completed,
      ),
    [tasks.data, groupId],
  );
  const organized = useMemo(() => {
    const corrections = new Map(Object.entries(state?.corrections ?? {})) as Map<string, AisleId>;
    const stored = storeId ? state?.orders[storeId] : undefined;
    const order: StoreOrder | null = stored ? { model: stored.model as StoreOrderModel, pins: stored.pins } : null;
    return organizeList(
      items.map((task) => ({ taskId: task.id, title: task.title })),
      corrections,
      order,
    );
  }, [items, state, storeId]);
  const byId = useMemo(() => new Map(items.map((task) => [task.id, task])), [items]);
  return { tasks, organized, byId };
}

/** After a change to stores or corrections: the state again (other members hear it live). */
export function useRefetchShopping(groupId: string | undefined) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: shoppingKeys.state(groupId ?? "") });
}
