import { randomUUID } from "node:crypto";
import type { AisleId } from "../../../../domain/shopping/aisles.js";
import {
  type CheckOffInput,
  type CorrectionInput,
  MAX_STORES,
  type OrganizedList,
  type PinInput,
  SHOPPING_CATEGORY,
  SHOPPING_MESSAGES,
  type ShoppingState,
  type Store,
  type Suggestion,
} from "../../../../domain/shopping/list.js";
import { keyOfText, organizeList } from "../../../../domain/shopping/organize.js";
import {
  emptyStoreOrder,
  learnFromTrip,
  splitTrips,
  type StoreOrderModel,
  TRIP_GAP_MINUTES,
} from "../../../../domain/shopping/store-order.js";
import { suggestItems } from "../../../../domain/shopping/suggestions.js";
import { GROUP_MESSAGES } from "../../../../domain/group-messages.js";
import type { AppDeps } from "../../../deps.js";
import { ConflictError, NotFoundError, ValidationError } from "../../../errors.js";
import type { User } from "../../../repositories/user-repository.js";
import { inTransaction } from "../../../services/transaction.js";
import { requireMember, tellMembers } from "../members.js";
import { plannedNeeds } from "../meals/shopping-list.js";
import { ShoppingRepository, type StoreRow } from "./repository.js";

/**
 * The shopping list (docs/shopping.md): stores and their learned order, check-offs, members'
 * aisle corrections, organize-shopping-list and shopping-suggestions. Every call is a member's of
 * the group; anyone else gets 404, as for a group that does not exist.
 */

const repository = (deps: AppDeps) => new ShoppingRepository(deps.database.db);
const DAY_MS = 86_400_000;
/** A check-off tapped offline counts when it arrives within this long. */
const CHECK_OFF_MAX_AGE_MS = 30 * DAY_MS;
/** A device's clock a little ahead is forgiven. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** A trip is taken as whole once no check-off of it has arrived for this long. */
const QUIET_MS = 60_000;
/** Purchases suggestions learn from. */
const HISTORY_DAYS = 365;

/** Tells the group's members with the module on that the list's settings changed. */
const tellGroup = (deps: AppDeps, groupId: string, event: string) => tellMembers(deps, groupId, event);

function modelOf(row: StoreRow): StoreOrderModel {
  try {
    return JSON.parse(row.model) as StoreOrderModel;
  } catch {
    return emptyStoreOrder(row.id);
  }
}

function pinsOf(row: StoreRow): Record<string, number> {
  try {
    return JSON.parse(row.pins) as Record<string, number>;
  } catch {
    return {};
  }
}

const presentStore = (row: StoreRow): Store => ({ id: row.id, name: row.name, trips: modelOf(row).trips });

/**
 * Learns the store's order from each trip that has ended: one followed by a later trip at the
 * store, or whose last check-off was tapped more than 15 minutes ago and reached the server more
 * than a minute ago (a queue replaying a trip walked offline sends it all at once). A trip under
 * way waits, so its order is learned whole.
 */
async function learnEndedTrips(deps: AppDeps, storeId: string, now: Date): Promise<void> {
  // Reading the list calls this for every store, and nearly always no trip ended since the last
  // read: a look without a transaction settles that, so a read takes no write lock (on SQLite a
  // read would otherwise wait for, and be refused with, any other process's write).
  const store = await repository(deps).storeById(storeId);
  if (!store || !(await endedTrips(repository(deps), store, now))) return;
  await inTransaction(deps, async (_repositories, transaction) => {
    const inside = new ShoppingRepository(transaction);
    const locked = await inside.lockStore(storeId);
    if (!locked) return;
    const learned = await endedTrips(inside, locked, now);
    if (learned)
      await inside.updateStore(storeId, { model: JSON.stringify(learned.model), learned_until: learned.until });
  });
}

/** The store's order with every trip that ended since it last learned, or null when none did. */
async function endedTrips(
  source: ShoppingRepository,
  store: StoreRow,
  now: Date,
): Promise<{ model: StoreOrderModel; until: string } | null> {
  const storeId = store.id;
  const learnedUntil = store.learned_until === null ? null : new Date(store.learned_until).toISOString();
  const events = await source.checkOffsAfter(storeId, learnedUntil);
  // Check-offs are told apart by their tapped moment and item: what arrived when.
  const received = new Map(
    events.map((event) => [
      `${new Date(event.at).toISOString()} ${event.item_key}`,
      Date.parse(new Date(event.received_at).toISOString()),
    ]),
  );
  const trips = splitTrips(
    events.map((event) => ({
      itemKey: event.item_key,
      storeId,
      at: new Date(event.at).toISOString(),
      ...(event.aisle ? { aisle: event.aisle } : {}),
    })),
  );
  let model = modelOf(store);
  let until: string | null = null;
  for (const [index, trip] of trips.entries()) {
    const last = trip[trip.length - 1]!;
    const lastArrival = Math.max(...trip.map((event) => received.get(`${event.at} ${event.itemKey}`) ?? 0));
    const ended =
      index < trips.length - 1 ||
      (Date.parse(last.at) < now.getTime() - TRIP_GAP_MINUTES * 60_000 && lastArrival < now.getTime() - QUIET_MS);
    if (!ended) break;
    model = learnFromTrip(model, trip);
    until = last.at;
  }
  return until === null ? null : { model, until };
}

async function openItems(deps: AppDeps, groupId: string) {
  const tasks = await deps.repositories.tasks.listForGroup(groupId);
  return tasks
    .filter((task) => task.category === SHOPPING_CATEGORY && !task.completed)
    .map((task) => ({ taskId: task.id, title: task.title }));
}

export async function shoppingState(
  deps: AppDeps,
  user: User,
  groupId: string,
  now = new Date(),
): Promise<ShoppingState> {
  await requireMember(deps, user, groupId);
  const stores = await repository(deps).stores(groupId);
  for (const store of stores) await learnEndedTrips(deps, store.id, now);
  const [learned, corrections] = await Promise.all([
    repository(deps).stores(groupId),
    repository(deps).corrections(groupId),
  ]);
  return {
    stores: learned.map(presentStore),
    corrections: Object.fromEntries(corrections) as Record<string, AisleId>,
    orders: Object.fromEntries(learned.map((store) => [store.id, { model: modelOf(store), pins: pinsOf(store) }])),
  };
}

export async function organize(
  deps: AppDeps,
  user: User,
  groupId: string,
  storeId: string | null,
  now = new Date(),
): Promise<OrganizedList> {
  await requireMember(deps, user, groupId);
  let order = null;
  if (storeId !== null) {
    const found = await repository(deps).findStore(groupId, storeId);
    if (!found) throw new NotFoundError(SHOPPING_MESSAGES.storeNotFound);
    await learnEndedTrips(deps, storeId, now);
    const store = (await repository(deps).findStore(groupId, storeId))!;
    order = { model: modelOf(store), pins: pinsOf(store) };
  }
  const corrections = (await repository(deps).corrections(groupId)) as Map<string, AisleId>;
  return { storeId, items: organizeList(await openItems(deps, groupId), corrections, order) };
}

export async function addStore(deps: AppDeps, user: User, groupId: string, name: string, now = new Date()) {
  await requireMember(deps, user, groupId);
  const stores = await repository(deps).stores(groupId);
  if (stores.length >= MAX_STORES) throw new ConflictError(SHOPPING_MESSAGES.tooManyStores);
  if (stores.some((store) => store.name.toLowerCase() === name.toLowerCase()))
    throw new ConflictError(SHOPPING_MESSAGES.storeExists);
  const id = randomUUID();
  const row: StoreRow = {
    id,
    group_id: groupId,
    name,
    model: JSON.stringify(emptyStoreOrder(id)),
    pins: "{}",
    learned_until: null,
    created_at: now.toISOString(),
  };
  await repository(deps).insertStore(row);
  await tellGroup(deps, groupId, "stores");
  return presentStore(row);
}

async function ownStore(deps: AppDeps, user: User, groupId: string, storeId: string): Promise<StoreRow> {
  await requireMember(deps, user, groupId);
  const store = await repository(deps).findStore(groupId, storeId);
  if (!store) throw new NotFoundError(SHOPPING_MESSAGES.storeNotFound);
  return store;
}

export async function renameStore(deps: AppDeps, user: User, groupId: string, storeId: string, name: string) {
  const store = await ownStore(deps, user, groupId, storeId);
  const others = await repository(deps).stores(groupId);
  if (others.some((other) => other.id !== store.id && other.name.toLowerCase() === name.toLowerCase()))
    throw new ConflictError(SHOPPING_MESSAGES.storeExists);
  await repository(deps).updateStore(store.id, { name });
  await tellGroup(deps, groupId, "stores");
  return presentStore({ ...store, name });
}

export async function removeStore(deps: AppDeps, user: User, groupId: string, storeId: string): Promise<void> {
  const store = await ownStore(deps, user, groupId, storeId);
  await repository(deps).deleteStore(store.id);
  await tellGroup(deps, groupId, "stores");
}

/**
 * A check-off at a store, at the moment it was tapped. The item must be on this group's Shopping
 * List; the moment within the last 30 days (a queue that waited longer is not a trip any more).
 */
export async function checkOff(
  deps: AppDeps,
  user: User,
  groupId: string,
  input: CheckOffInput,
  now = new Date(),
): Promise<void> {
  const store = await ownStore(deps, user, groupId, input.storeId);
  const task = await deps.repositories.tasks.findById(input.taskId);
  if (!task || task.groupId !== groupId) throw new NotFoundError(SHOPPING_MESSAGES.taskNotFound);
  if (task.category !== SHOPPING_CATEGORY) throw new ValidationError(SHOPPING_MESSAGES.notOnList);
  const at = Date.parse(input.at);
  if (at > now.getTime() + CLOCK_SKEW_MS || at < now.getTime() - CHECK_OFF_MAX_AGE_MS)
    throw new ValidationError(SHOPPING_MESSAGES.checkOffTime);
  const corrections = (await repository(deps).corrections(groupId)) as Map<string, AisleId>;
  const [item] = organizeList([{ taskId: task.id, title: task.title }], corrections, null);
  await repository(deps).insertCheckOff({
    id: randomUUID(),
    group_id: groupId,
    store_id: store.id,
    item_key: item!.key,
    aisle: item!.aisle,
    at: new Date(at).toISOString(),
    received_at: now.toISOString(),
  });
}

export async function correctAisle(
  deps: AppDeps,
  user: User,
  groupId: string,
  input: CorrectionInput,
  now = new Date(),
): Promise<{ key: string }> {
  await requireMember(deps, user, groupId);
  const key = keyOfText(input.text);
  if (input.aisle === null) await repository(deps).removeCorrection(groupId, key);
  else await repository(deps).setCorrection(groupId, key, input.aisle, user.id, now.toISOString());
  await tellGroup(deps, groupId, "corrections");
  return { key };
}

export async function pinItem(
  deps: AppDeps,
  user: User,
  groupId: string,
  storeId: string,
  input: PinInput,
): Promise<Store> {
  const key = keyOfText(input.text);
  const store = await inTransaction(deps, async (repositories, transaction) => {
    if (!(await repositories.groups.memberRole(groupId, user.id))) throw new NotFoundError(GROUP_MESSAGES.notFound);
    const inside = new ShoppingRepository(transaction);
    const store = await inside.lockStore(storeId);
    if (!store || store.group_id !== groupId) throw new NotFoundError(SHOPPING_MESSAGES.storeNotFound);
    const pins = pinsOf(store);
    if (input.position === null) delete pins[key];
    else pins[key] = input.position;
    await inside.updateStore(store.id, { pins: JSON.stringify(pins) });
    return presentStore(store);
  });
  await tellGroup(deps, groupId, "stores");
  return store;
}

export async function suggestions(
  deps: AppDeps,
  user: User,
  groupId: string,
  now = new Date(),
): Promise<{ suggestions: Suggestion[] }> {
  await requireMember(deps, user, groupId);
  const since = new Date(now.getTime() - HISTORY_DAYS * DAY_MS).toISOString();
  const [purchases, dismissed, items, needs] = await Promise.all([
    repository(deps).purchasesSince(groupId, since),
    repository(deps).dismissals(groupId),
    openItems(deps, groupId),
    plannedNeeds(deps, groupId, now.toISOString().slice(0, 10)),
  ]);
  return {
    suggestions: suggestItems({
      purchases: purchases.map((row) => ({ key: row.item_key, name: row.name, at: new Date(row.at).toISOString() })),
      onList: new Set(items.map((item) => keyOfText(item.title))),
      dismissed,
      mealNeeds: needs.map((need) => ({ key: keyOfText(need.name), name: need.name, meal: need.meal })),
      now,
    }),
  };
}

export async function dismissSuggestion(
  deps: AppDeps,
  user: User,
  groupId: string,
  key: string,
  now = new Date(),
): Promise<void> {
  await requireMember(deps, user, groupId);
  await repository(deps).dismiss(groupId, key, now.toISOString());
}
