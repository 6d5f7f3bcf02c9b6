import { describe, expect, it } from "vitest";
import { kendallTau } from "./kendall.js";
import {
  emptyStoreOrder,
  learnFromCheckOffs,
  learnFromTrip,
  sortItems,
  splitTrips,
  type CheckOff,
  type StoreOrderModel,
} from "./store-order.js";

/** A small seeded generator (mulberry32): the same noisy trips on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shop's true walk: 30 items, aisle by aisle. */
const WALK: readonly { itemKey: string; aisle: string }[] = [
  ["bananas", "produce"],
  ["apples", "produce"],
  ["carrots", "produce"],
  ["lettuce", "produce"],
  ["basil", "produce"],
  ["sourdough", "bakery"],
  ["rolls", "bakery"],
  ["pretzels", "bakery"],
  ["salami", "deli"],
  ["hummus", "deli"],
  ["olives", "deli"],
  ["chicken breast", "meat-fish"],
  ["minced beef", "meat-fish"],
  ["salmon", "meat-fish"],
  ["milk", "dairy-eggs"],
  ["yogurt", "dairy-eggs"],
  ["butter", "dairy-eggs"],
  ["eggs", "dairy-eggs"],
  ["cheddar", "dairy-eggs"],
  ["spaghetti", "pasta-rice-grains"],
  ["rice", "pasta-rice-grains"],
  ["canned tomatoes", "canned-jarred"],
  ["chickpeas", "canned-jarred"],
  ["flour", "baking"],
  ["sugar", "baking"],
  ["oats", "breakfast-cereal"],
  ["honey", "breakfast-cereal"],
  ["coffee", "beverages"],
  ["frozen peas", "frozen"],
  ["dish soap", "household-cleaning"],
].map(([itemKey, aisle]) => ({ itemKey: itemKey!, aisle: aisle! }));
const TRUE_ORDER = WALK.map((item) => item.itemKey);

/** One trip: a random 15 to 25 of the walk's items, in walking order but for a few adjacent swaps. */
function simulatedTrip(next: () => number, storeId: string, start: Date, walk = WALK): CheckOff[] {
  const size = 15 + Math.floor(next() * 11);
  const chosen = new Set<number>();
  while (chosen.size < size) chosen.add(Math.floor(next() * walk.length));
  const picked = [...chosen].sort((a, b) => a - b).map((index) => walk[index]!);
  const swaps = 1 + Math.floor(next() * 3);
  for (let s = 0; s < swaps; s++) {
    const i = Math.floor(next() * (picked.length - 1));
    [picked[i], picked[i + 1]] = [picked[i + 1]!, picked[i]!];
  }
  return picked.map((item, index) => ({
    itemKey: item.itemKey,
    aisle: item.aisle,
    storeId,
    at: new Date(start.getTime() + index * 60_000).toISOString(),
  }));
}

function fiveTrips(storeId: string, seed: number, walk = WALK): CheckOff[] {
  const next = random(seed);
  return [0, 1, 2, 3, 4].flatMap((week) =>
    simulatedTrip(next, storeId, new Date(Date.UTC(2026, 2, 7 + week * 7, 9)), walk),
  );
}

function learned(events: CheckOff[]): StoreOrderModel {
  return splitTrips(events).reduce(learnFromTrip, emptyStoreOrder());
}

const at = (minute: number) => new Date(Date.UTC(2026, 2, 7, 9, minute)).toISOString();

describe("trips from check-offs", () => {
  it("are check-offs at one store less than 15 minutes apart, in time order", () => {
    const events: CheckOff[] = [
      { itemKey: "milk", storeId: "rewe", at: at(2) },
      { itemKey: "bananas", storeId: "rewe", at: at(0) },
      { itemKey: "bread", storeId: "rewe", at: at(16) },
      { itemKey: "soap", storeId: "rewe", at: at(36) },
      { itemKey: "pasta", storeId: "aldi", at: at(37) },
    ];
    expect(splitTrips(events).map((trip) => trip.map((event) => event.itemKey))).toEqual([
      ["bananas", "milk", "bread"],
      ["soap"],
      ["pasta"],
    ]);
  });

  it("split at a 20-minute gap", () => {
    const events: CheckOff[] = [
      { itemKey: "a", storeId: "s", at: at(0) },
      { itemKey: "b", storeId: "s", at: at(5) },
      { itemKey: "c", storeId: "s", at: at(25) },
    ];
    expect(splitTrips(events)).toHaveLength(2);
    expect(splitTrips(events, 30)).toHaveLength(1);
  });
});

describe("learning a store's walking order", () => {
  it("knows a 30-item walk after 5 noisy trips (Kendall tau at least 0.9)", () => {
    for (const seed of [1, 2, 3, 42, 2026]) {
      const model = learned(fiveTrips("rewe", seed));
      const sorted = sortItems([...WALK].reverse(), model);
      expect(sorted).toHaveLength(30);
      expect(kendallTau(sorted, TRUE_ORDER), `seed ${seed}`).toBeGreaterThanOrEqual(0.9);
    }
  });

  it("keeps one model per store: another store walked in reverse changes nothing in the first", () => {
    const first = learnFromCheckOffs({}, fiveTrips("rewe", 7));
    const reversed = [...WALK].reverse();
    const both = learnFromCheckOffs(first, fiveTrips("aldi", 8, reversed));
    expect(both["rewe"]).toEqual(first["rewe"]);
    expect(kendallTau(sortItems(WALK, both["rewe"]!), TRUE_ORDER)).toBeGreaterThanOrEqual(0.9);
    expect(kendallTau(sortItems(WALK, both["aldi"]!), TRUE_ORDER)).toBeLessThanOrEqual(-0.9);
  });

  it("refuses a trip at another store", () => {
    const model = learnFromTrip(emptyStoreOrder("rewe"), [
      { itemKey: "a", storeId: "rewe", at: at(0) },
      { itemKey: "b", storeId: "rewe", at: at(1) },
    ]);
    expect(() =>
      learnFromTrip(model, [
        { itemKey: "a", storeId: "aldi", at: at(0) },
        { itemKey: "b", storeId: "aldi", at: at(1) },
      ]),
    ).toThrow(/rewe/);
  });

  it("is plain data that survives JSON and is never changed in place", () => {
    const before = learned(fiveTrips("rewe", 3));
    const copy = structuredClone(before);
    const after = learnFromTrip(before, fiveTrips("rewe", 4).slice(0, 20));
    expect(before).toEqual(copy);
    expect(after).not.toEqual(before);
    expect(JSON.parse(JSON.stringify(after))).toEqual(after);
  });

  it("counts an item checked twice in a trip where it was checked last, and ignores one-item trips", () => {
    const model = learnFromTrip(emptyStoreOrder(), [
      { itemKey: "milk", storeId: "s", at: at(0) },
      { itemKey: "bread", storeId: "s", at: at(1) },
      { itemKey: "milk", storeId: "s", at: at(2) },
    ]);
    expect(sortItems([{ itemKey: "milk" }, { itemKey: "bread" }], model)).toEqual(["bread", "milk"]);
    expect(learnFromTrip(model, [{ itemKey: "eggs", storeId: "s", at: at(9) }])).toBe(model);
  });

  it("follows a shop that was rearranged: five trips later it agrees more with the new walk than the old", () => {
    let model = learned(fiveTrips("rewe", 5));
    const moved = [...WALK.slice(15), ...WALK.slice(0, 15)];
    for (const trip of splitTrips(fiveTrips("rewe", 6, moved))) model = learnFromTrip(model, trip);
    const sorted = sortItems(WALK, model);
    expect(
      kendallTau(
        sorted,
        moved.map((item) => item.itemKey),
      ),
    ).toBeGreaterThan(kendallTau(sorted, TRUE_ORDER));
  });
});

describe("sorting a shopping list", () => {
  const model = learned(fiveTrips("rewe", 11));

  it("puts a new item of a known aisle between that aisle's items", () => {
    const list = [...WALK, { itemKey: "oat milk", aisle: "dairy-eggs" }];
    const sorted = sortItems(list, model);
    const dairy = WALK.filter((item) => item.aisle === "dairy-eggs").map((item) => sorted.indexOf(item.itemKey));
    const index = sorted.indexOf("oat milk");
    expect(index).toBeGreaterThan(Math.min(...dairy));
    expect(index).toBeLessThan(Math.max(...dairy));
  });

  it("places an aisle the store never taught by the default order among the learned ones", () => {
    const sorted = sortItems([...WALK, { itemKey: "shampoo", aisle: "personal-care" }], model);
    expect(sorted.indexOf("shampoo")).toBeGreaterThan(sorted.indexOf("frozen peas"));
  });

  it("uses the default aisle order for a store it knows nothing about, keeping ties in list order", () => {
    const list = [
      { itemKey: "soap", aisle: "household-cleaning" },
      { itemKey: "peas", aisle: "frozen" },
      { itemKey: "mystery" },
      { itemKey: "milk", aisle: "dairy-eggs" },
      { itemKey: "apples", aisle: "produce" },
      { itemKey: "pears", aisle: "produce" },
    ];
    expect(sortItems(list, emptyStoreOrder())).toEqual(["apples", "pears", "milk", "peas", "mystery", "soap"]);
  });

  it("keeps a pinned item where it was dragged", () => {
    const sorted = sortItems(WALK, model, { "dish soap": 0, bananas: 29, milk: 5 });
    expect(sorted[0]).toBe("dish soap");
    expect(sorted[5]).toBe("milk");
    expect(sorted[29]).toBe("bananas");
    expect(sorted).toHaveLength(30);
  });

  it("is not fooled by item keys that are names of object properties", () => {
    const sorted = sortItems(
      [
        { itemKey: "constructor", aisle: "household-cleaning" },
        { itemKey: "toString", aisle: "produce" },
      ],
      emptyStoreOrder(),
      {},
    );
    expect(sorted).toEqual(["toString", "constructor"]);
  });
});

describe("kendallTau", () => {
  it("is 1 for the same order, -1 reversed, and in between otherwise", () => {
    expect(kendallTau(["a", "b", "c", "d"], ["a", "b", "c", "d"])).toBe(1);
    expect(kendallTau(["a", "b", "c", "d"], ["d", "c", "b", "a"])).toBe(-1);
    expect(kendallTau(["a", "b", "c", "d"], ["b", "a", "c", "d"])).toBeCloseTo(4 / 6);
  });
});
