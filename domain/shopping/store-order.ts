/**
 * Each store's walking order, learned from the order a family checks items off, so the shopping
 * list can be sorted the way the shop is laid out.
 *
 * The method: in every trip an item's place is normalised to 0..1 (first check-off 0, last 1), and
 * the model keeps per item an exponentially weighted average of those places. The weight of a new
 * trip is 1/n for an item's first n trips (a plain mean, so the noise of the first trips averages
 * out) and never less than LEARNING_RATE (so a rearranged shop shows within a few trips). Each
 * aisle gets the same average over the mean place of its items in a trip: an item never checked
 * off before is sorted to its aisle's place. The model is plain data (JSON) and one per store.
 */

export interface CheckOff {
  itemKey: string;
  storeId: string;
  /** ISO 8601 */
  at: string;
  /** The item's aisle when it was checked off, if known: it teaches the aisle's place too. */
  aisle?: string;
}

export interface LearnedPlace {
  /** Weighted average of the normalised place in trips, 0 (walked first) to 1 (last). */
  position: number;
  /** Trips it was seen in. */
  seen: number;
  /** The model's trip count when it was last seen, for forgetting the oldest. */
  lastTrip: number;
}

export interface StoreOrderModel {
  storeId: string | null;
  trips: number;
  items: Record<string, LearnedPlace>;
  aisles: Record<string, LearnedPlace>;
}

export const TRIP_GAP_MINUTES = 15;
const LEARNING_RATE = 0.3;
/** The most items a store's model remembers; the ones not seen for longest are forgotten first. */
const MAX_ITEMS = 1000;

/** Where a shop without learned order puts its aisles: produce at the door, household at the back. */
export const DEFAULT_AISLE_ORDER: readonly string[] = [
  "produce",
  "bakery",
  "meat-fish",
  "deli",
  "dairy-eggs",
  "pasta-rice-grains",
  "canned-jarred",
  "condiments-spices",
  "baking",
  "breakfast-cereal",
  "snacks-sweets",
  "beverages",
  "frozen",
  "baby-pet",
  "personal-care",
  "other",
  "household-cleaning",
];

export function emptyStoreOrder(storeId: string | null = null): StoreOrderModel {
  return { storeId, trips: 0, items: {}, aisles: {} };
}

/**
 * Check-offs grouped into trips: at one store, each less than `gapMinutes` after the one before.
 * A longer pause or another store starts a new trip.
 */
export function splitTrips(events: readonly CheckOff[], gapMinutes = TRIP_GAP_MINUTES): CheckOff[][] {
  const sorted = events
    .map((event, index) => ({ event, index, time: Date.parse(event.at) }))
    .filter(({ time }) => Number.isFinite(time))
    .sort((a, b) => a.time - b.time || a.index - b.index);
  const trips: CheckOff[][] = [];
  let previous: { storeId: string; time: number } | null = null;
  for (const { event, time } of sorted) {
    const sameTrip = previous && previous.storeId === event.storeId && time - previous.time < gapMinutes * 60_000;
    if (sameTrip) trips.at(-1)!.push(event);
    else trips.push([event]);
    previous = { storeId: event.storeId, time };
  }
  return trips;
}

function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function updated(old: LearnedPlace | undefined, observed: number, trip: number): LearnedPlace {
  if (!old) return { position: observed, seen: 1, lastTrip: trip };
  const seen = old.seen + 1;
  const rate = Math.max(1 / seen, LEARNING_RATE);
  return { position: old.position + rate * (observed - old.position), seen, lastTrip: trip };
}

/**
 * The model after one more trip. The trip must be at the model's store (a model that has no store
 * yet takes the trip's). Trips of fewer than two items say nothing about order and change nothing.
 */
export function learnFromTrip(model: StoreOrderModel, trip: readonly CheckOff[]): StoreOrderModel {
  const storeId = trip[0]?.storeId ?? null;
  if (trip.some((event) => event.storeId !== storeId)) throw new Error("A trip is at one store");
  if (storeId !== null && model.storeId !== null && model.storeId !== storeId) {
    throw new Error(`This order is for store ${model.storeId}, not ${storeId}`);
  }
  // An item unchecked and checked again counts where it was checked last: where it was found.
  const lastIndex = new Map<string, number>();
  trip.forEach((event, index) => lastIndex.set(event.itemKey, index));
  const walk = trip.filter((event, index) => lastIndex.get(event.itemKey) === index);
  if (walk.length < 2) return model;

  const tripNumber = model.trips + 1;
  const items = { ...model.items };
  const placesByAisle = new Map<string, number[]>();
  walk.forEach((event, index) => {
    const place = index / (walk.length - 1);
    items[event.itemKey] = updated(own(model.items, event.itemKey), place, tripNumber);
    if (event.aisle) placesByAisle.set(event.aisle, [...(placesByAisle.get(event.aisle) ?? []), place]);
  });
  const aisles = { ...model.aisles };
  for (const [aisle, places] of placesByAisle) {
    const mean = places.reduce((sum, place) => sum + place, 0) / places.length;
    aisles[aisle] = updated(own(model.aisles, aisle), mean, tripNumber);
  }
  return { storeId: storeId ?? model.storeId, trips: tripNumber, items: forgetOldest(items), aisles };
}

function forgetOldest(items: Record<string, LearnedPlace>): Record<string, LearnedPlace> {
  const keys = Object.keys(items);
  if (keys.length <= MAX_ITEMS) return items;
  const kept = keys.sort((a, b) => items[b]!.lastTrip - items[a]!.lastTrip).slice(0, MAX_ITEMS);
  return Object.fromEntries(kept.map((key) => [key, items[key]!]));
}

/**
 * Every store's model after a batch of check-offs: each trip teaches only its own store's model,
 * so one store's order never leaks into another's. Models of stores without trips are kept as they are.
 */
export function learnFromCheckOffs(
  models: Readonly<Record<string, StoreOrderModel>>,
  events: readonly CheckOff[],
  gapMinutes = TRIP_GAP_MINUTES,
): Record<string, StoreOrderModel> {
  const next: Record<string, StoreOrderModel> = { ...models };
  for (const trip of splitTrips(events, gapMinutes)) {
    const storeId = trip[0]!.storeId;
    next[storeId] = learnFromTrip(own(next, storeId) ?? emptyStoreOrder(storeId), trip);
  }
  return next;
}

/**
 * Where an aisle the model has not learned goes: between the learned aisles that come before and
 * after it in the default order, so a model that knows some aisles keeps the rest in a sensible place.
 */
export function aislePosition(model: StoreOrderModel, aisle: string | undefined): number {
  const learned = aisle === undefined ? undefined : own(model.aisles, aisle);
  if (learned) return learned.position;
  const known = aisle !== undefined && DEFAULT_AISLE_ORDER.includes(aisle) ? aisle : "other";
  const index = DEFAULT_AISLE_ORDER.indexOf(known);
  const anyLearned = DEFAULT_AISLE_ORDER.some((id) => own(model.aisles, id));
  if (!anyLearned) return index / (DEFAULT_AISLE_ORDER.length - 1);
  const before = DEFAULT_AISLE_ORDER.slice(0, index)
    .map((id) => own(model.aisles, id)?.position)
    .filter((position) => position !== undefined);
  const after = DEFAULT_AISLE_ORDER.slice(index + 1)
    .map((id) => own(model.aisles, id)?.position)
    .filter((position) => position !== undefined);
  const low = before.length > 0 ? Math.max(...before) : 0;
  const high = after.length > 0 ? Math.min(...after) : 1;
  return (low + high) / 2;
}

/**
 * Item keys in walking order: items the store's model knows at their learned place, others at their
 * aisle's place (learned, or else the default aisle order); equal places keep the list's order.
 * `pins` (item key → index in the result) win: an item the user dragged stays where it was put.
 */
export function sortItems(
  items: readonly { itemKey: string; aisle?: string }[],
  model: StoreOrderModel,
  pins: Readonly<Record<string, number>> = {},
): string[] {
  const placed = items.map((item, index) => ({
    key: item.itemKey,
    index,
    position: own(model.items, item.itemKey)?.position ?? aislePosition(model, item.aisle),
  }));
  const sorted = placed.sort((a, b) => a.position - b.position || a.index - b.index).map((item) => item.key);

  const pinned = sorted
    .filter((key) => own(pins, key) !== undefined)
    .map((key) => ({ key, at: own(pins, key)! }))
    .sort((a, b) => a.at - b.at);
  if (pinned.length === 0) return sorted;
  const result = sorted.filter((key) => own(pins, key) === undefined);
  for (const { key, at } of pinned) {
    result.splice(Math.min(Math.max(0, Math.trunc(at)), result.length), 0, key);
  }
  return result;
}
