import { expect, it } from "vitest";
import { movedPlace, organizeList, type StoreOrder } from "./organize";
import { emptyStoreOrder, learnFromTrip } from "./store-order";

const items = ["Orange juice", "Milk", "Bread", "Apples"].map((title, index) => ({ taskId: `t${index}`, title }));

function walked(): StoreOrder {
  const read = organizeList(items, new Map(), null);
  const keyOf = (title: string) => read.find((item) => item.title === title)!.key;
  const trip = ["Orange juice", "Milk", "Bread", "Apples"].map((title, index) => ({
    itemKey: keyOf(title),
    storeId: "s",
    at: new Date(Date.UTC(2026, 10, 1, 10, index)).toISOString(),
  }));
  return { model: learnFromTrip(emptyStoreOrder("s"), trip), pins: {} };
}

it("sorts by the store's learned walk, whatever the list's own order", () => {
  const order = walked();
  expect(organizeList([...items].reverse(), new Map(), order).map((item) => item.title)).toEqual([
    "Orange juice",
    "Milk",
    "Bread",
    "Apples",
  ]);
});

it("pins a moved item between its new neighbours, so the list shows it where it was put", () => {
  const order = walked();
  const list = organizeList(items, new Map(), order);
  for (const [from, to, expected] of [
    [3, 0, ["Apples", "Orange juice", "Milk", "Bread"]],
    [0, 3, ["Milk", "Bread", "Apples", "Orange juice"]],
    [1, 2, ["Orange juice", "Bread", "Milk", "Apples"]],
  ] as const) {
    const place = movedPlace(list, from, to, order)!;
    const pinned = { ...order, pins: { [list[from]!.key]: place } };
    expect(organizeList(items, new Map(), pinned).map((item) => item.title)).toEqual(expected);
  }
  expect(movedPlace(list, 2, 2, order)).toBeNull();
  expect(movedPlace(list, 0, 9, order)).toBeNull();
});
