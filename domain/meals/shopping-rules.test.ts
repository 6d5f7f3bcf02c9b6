import { describe, expect, it } from "vitest";
import { changesForList, formatItem, neededItems, normaliseName, summariseChanges } from "./shopping-rules";

describe("neededItems", () => {
  it("scales each meal to its servings and adds up the same item across meals", () => {
    const items = neededItems([
      { servings: 4, recipeServings: 2, ingredients: ["250 g Mehl", "1 onion", "Salz"] },
      { servings: 2, recipeServings: 2, ingredients: ["500 g Mehl", "2 onions", "salz"] },
    ]);
    expect(items.map(formatItem)).toEqual(["1000 g Mehl", "4 onion", "Salz"]);
  });

  it("keeps amounts that do not add up apart, and takes a recipe without servings as it is", () => {
    const items = neededItems([
      { servings: 6, recipeServings: null, ingredients: ["1 lb chicken", "2 Eier"] },
      { servings: 2, recipeServings: 4, ingredients: ["500 g chicken", "3 Eier"] },
    ]);
    expect(items.map(formatItem)).toEqual(["1 lb chicken", "4 Eier", "250 g chicken"]);
  });
});

describe("changesForList", () => {
  it("adds what is missing, adds amounts to a line of the same name, and leaves lines whose units differ", () => {
    const changes = changesForList(
      [
        { name: "Mehl", quantity: 250, unit: "g" },
        { name: "Milch", quantity: 1, unit: "l" },
        { name: "onions", quantity: 2, unit: null },
        { name: "chicken", quantity: 500, unit: "g" },
      ],
      [
        { id: "a", title: "500 g Mehl" },
        { id: "b", title: "onion" },
        { id: "c", title: "1 lb chicken" },
      ],
    );
    expect(changes).toEqual([
      { kind: "merge", lineId: "a", from: "500 g Mehl", to: "750 g Mehl" },
      { kind: "add", title: "1 l Milch" },
      { kind: "skip", item: "2 onions", reason: '"onion" is already on the list' },
      {
        kind: "skip",
        item: "500 g chicken",
        reason: '"1 lb chicken" is already on the list, in a unit that does not add up',
      },
    ]);
  });

  it("adds a second need of one item to the amount the first merge left", () => {
    const changes = changesForList(
      [
        { name: "Mehl", quantity: 250, unit: "g" },
        { name: "mehl", quantity: 250, unit: "g" },
      ],
      [{ id: "a", title: "Mehl 500 g" }],
    );
    expect(changes.at(-1)).toEqual({ kind: "merge", lineId: "a", from: "750 g Mehl", to: "1000 g Mehl" });
  });
});

describe("names and words", () => {
  it("writes an amount as a list line does", () => {
    expect(formatItem({ name: "rice", quantity: 2, unit: "cup" })).toBe("2 cups rice");
    expect(formatItem({ name: "rice", quantity: 1, unit: "cup" })).toBe("1 cup rice");
    expect(formatItem({ name: "oil", quantity: 1.5, unit: "tbsp" })).toBe("1.5 tbsp oil");
    expect(formatItem({ name: "Eier", quantity: 6, unit: "piece" })).toBe("6 Eier");
    expect(formatItem({ name: "Salz", quantity: null, unit: null })).toBe("Salz");
  });

  it("compares names without case, spacing or an English plural", () => {
    expect(normaliseName("  Red  Onions ")).toBe(normaliseName("red onion"));
    expect(normaliseName("Eier")).not.toBe(normaliseName("Ei"));
    expect(normaliseName("Gas")).toBe("gas");
    expect(normaliseName("Tomatoes")).toBe(normaliseName("tomato"));
    expect(normaliseName("cheeses")).toBe(normaliseName("cheese"));
    expect(normaliseName("berries")).toBe(normaliseName("berry"));
  });

  it("says what happened in a sentence", () => {
    expect(summariseChanges(3, 1, 0, 0)).toBe("Added 3 items, updated the amount of 1 item.");
    expect(summariseChanges(0, 0, 0, 2)).toBe("Nothing was missing. 2 meals' ingredients were added before.");
  });
});
