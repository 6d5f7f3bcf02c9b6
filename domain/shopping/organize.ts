import { type AisleId } from "./aisles.js";
import { classifyItem } from "./classifier.js";
import { itemKey } from "./item-key.js";
import type { OrganizedItem } from "./list.js";
import { parseItemText } from "./quantity.js";
import { aislePosition, DEFAULT_AISLE_ORDER, emptyStoreOrder, sortItems, type StoreOrderModel } from "./store-order.js";

/**
 * organize-shopping-list (docs/shopping.md): each item of the list read ("2 lbs chicken breast" is
 * 2 lb of "chicken breast"), given an aisle (a member's correction first, else the classifier
 * shipped with the app), and sorted: by the chosen store's learned walking order with its pinned
 * places, or without a store by the usual order of aisles. The server and the page run the same
 * code, so the list sorts the same offline.
 */

export interface StoreOrder {
  model: StoreOrderModel;
  /** Item key → pinned place 0..1. */
  pins: Readonly<Record<string, number>>;
}

/** One item's key, as corrections, pins, purchases and check-offs are kept under. */
export function keyOfText(text: string): string {
  const parsed = parseItemText(text);
  return itemKey(parsed.name || text);
}

export function readItem(
  item: { taskId: string; title: string },
  corrections: ReadonlyMap<string, AisleId>,
): OrganizedItem {
  const parsed = parseItemText(item.title);
  const name = parsed.name || item.title;
  const found = classifyItem(name, corrections);
  return {
    taskId: item.taskId,
    title: item.title,
    name,
    key: found.key,
    quantity: parsed.quantity,
    unit: parsed.unit,
    aisle: found.aisle,
    confidence: found.confidence,
    via: found.via,
  };
}

/** The model with the pinned places put in: a dragged item stays where it was put. */
function withPins(order: StoreOrder): StoreOrderModel {
  const items = { ...order.model.items };
  for (const [key, position] of Object.entries(order.pins)) {
    items[key] = { position, seen: Number.MAX_SAFE_INTEGER, lastTrip: order.model.trips };
  }
  return { ...order.model, items };
}

export function organizeList(
  items: readonly { taskId: string; title: string }[],
  corrections: ReadonlyMap<string, AisleId>,
  order: StoreOrder | null,
): OrganizedItem[] {
  const read = items.map((item) => readItem(item, corrections));
  const model = order ? withPins(order) : emptyStoreOrder();
  // Items of one key (milk twice) keep their own rows: sort by key, then put each row back.
  const keys = sortItems(
    read.map((item) => ({ itemKey: item.key, aisle: item.aisle })),
    model,
  );
  const rank = new Map<string, number>();
  keys.forEach((key, index) => {
    if (!rank.has(key)) rank.set(key, index);
  });
  const aisleRank = (aisle: string) => DEFAULT_AISLE_ORDER.indexOf(aisle);
  return read
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        rank.get(a.item.key)! - rank.get(b.item.key)! ||
        aisleRank(a.item.aisle) - aisleRank(b.item.aisle) ||
        a.index - b.index,
    )
    .map(({ item }) => item);
}

/** Where each item sits in the store's walk (0..1): its pin, its learned place, else its aisle's. */
export function placeOf(item: Pick<OrganizedItem, "key" | "aisle">, order: StoreOrder): number {
  return order.pins[item.key] ?? order.model.items[item.key]?.position ?? aislePosition(order.model, item.aisle);
}

/**
 * The place that puts the item at `from` at index `to` of the list as shown (a drag, or a step
 * with the arrow keys): between its new neighbours, or just beyond the first or last. Null when
 * it would not move.
 */
export function movedPlace(list: readonly OrganizedItem[], from: number, to: number, order: StoreOrder): number | null {
  if (from === to || to < 0 || to >= list.length || from < 0 || from >= list.length) return null;
  const others = list.filter((_, index) => index !== from);
  const before = others[to - 1];
  const after = others[to];
  const low = before ? placeOf(before, order) : null;
  const high = after ? placeOf(after, order) : null;
  // Before the first or after the last: a little beyond, outside 0..1 if the walk reaches its end.
  if (low === null) return Math.max(-1, high! - 0.02);
  if (high === null) return Math.min(2, low + 0.02);
  // Neighbours at one place (not learned apart yet): just past the one it follows.
  if (high - low < 1e-6) return low + 0.0001;
  return (low + high) / 2;
}
