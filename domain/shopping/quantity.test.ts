import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeQuantities, parseItemText, scaleQuantity, type Amount, type Unit } from "./quantity.js";

describe("reading the amount of a shopping or ingredient line", () => {
  it.each([
    ["2 lbs chicken breast", { name: "chicken breast", quantity: 2, unit: "lb" }],
    ["500 g Mehl", { name: "Mehl", quantity: 500, unit: "g" }],
    ["500g Mehl", { name: "Mehl", quantity: 500, unit: "g" }],
    ["1/2 cup sugar", { name: "sugar", quantity: 0.5, unit: "cup" }],
    ["1 1/2 cups of flour", { name: "flour", quantity: 1.5, unit: "cup" }],
    ["1 ½ l Milch", { name: "Milch", quantity: 1.5, unit: "l" }],
    ["1½ l Milch", { name: "Milch", quantity: 1.5, unit: "l" }],
    ["¾ cup milk", { name: "milk", quantity: 0.75, unit: "cup" }],
    ["1,5 kg Kartoffeln", { name: "Kartoffeln", quantity: 1.5, unit: "kg" }],
    ["1.5 kg potatoes", { name: "potatoes", quantity: 1.5, unit: "kg" }],
    ["2x Butter", { name: "Butter", quantity: 2, unit: null }],
    ["2 x Butter", { name: "Butter", quantity: 2, unit: null }],
    ["Butter x2", { name: "Butter", quantity: 2, unit: null }],
    ["Butter 2x", { name: "Butter", quantity: 2, unit: null }],
    ["3 apples", { name: "apples", quantity: 3, unit: null }],
    ["a dozen eggs", { name: "eggs", quantity: 12, unit: null }],
    ["2 dozen eggs", { name: "eggs", quantity: 24, unit: null }],
    ["half a dozen eggs", { name: "eggs", quantity: 6, unit: null }],
    ["2 EL Olivenöl", { name: "Olivenöl", quantity: 2, unit: "tbsp" }],
    ["1 TL Salz", { name: "Salz", quantity: 1, unit: "tsp" }],
    ["1 Prise Salz", { name: "Salz", quantity: 1, unit: "pinch" }],
    ["eine Prise Zucker", { name: "Zucker", quantity: 1, unit: "pinch" }],
    ["2 Stück Ingwer", { name: "Ingwer", quantity: 2, unit: "piece" }],
    ["1 Bund Petersilie", { name: "Petersilie", quantity: 1, unit: "bunch" }],
    ["Bund Petersilie", { name: "Petersilie", quantity: 1, unit: "bunch" }],
    ["2 Dosen Thunfisch", { name: "Thunfisch", quantity: 2, unit: "can" }],
    ["1 Packung Spaghetti", { name: "Spaghetti", quantity: 1, unit: "pack" }],
    ["2 Pck. Trockenhefe", { name: "Trockenhefe", quantity: 2, unit: "pack" }],
    ["1 Becher Sahne", { name: "Sahne", quantity: 1, unit: "tub" }],
    ["3 Zehen Knoblauch", { name: "Knoblauch", quantity: 3, unit: "clove" }],
    ["2 cloves garlic", { name: "garlic", quantity: 2, unit: "clove" }],
    ["1 (14 oz) can tomatoes", { name: "tomatoes", quantity: 1, unit: "can", note: "14 oz" }],
    ["a can of chickpeas", { name: "chickpeas", quantity: 1, unit: "can" }],
    ["2-3 tbsp honey", { name: "honey", quantity: 3, unit: "tbsp" }],
    ["salt to taste", { name: "salt", quantity: null, unit: null, note: "to taste" }],
    ["Salz und Pfeffer nach Belieben", { name: "Salz und Pfeffer", quantity: null, unit: null, note: "nach Belieben" }],
    ["Eier", { name: "Eier", quantity: null, unit: null }],
    ["  greek   yogurt ", { name: "greek yogurt", quantity: null, unit: null }],
    ["a banana", { name: "banana", quantity: 1, unit: null }],
    ["1 gallon 2% milk", { name: "2% milk", quantity: 1, unit: "gal" }],
    ["500 g", { name: "", quantity: 500, unit: "g" }],
    ["Milch 1l", { name: "Milch", quantity: 1, unit: "l" }],
    ["Mehl 500 g", { name: "Mehl", quantity: 500, unit: "g" }],
    ["2 Packungen Nudeln 500 g", { name: "Nudeln 500 g", quantity: 2, unit: "pack" }],
    ["1.000 g Mehl", { name: "Mehl", quantity: 1000, unit: "g" }],
    ["1.5 l water", { name: "water", quantity: 1.5, unit: "l" }],
    ["2 Tafeln Schokolade", { name: "Schokolade", quantity: 2, unit: "bar" }],
    ["ein paar Tomaten", { name: "Tomaten", quantity: null, unit: null, note: "ein paar" }],
    ["a few sprigs thyme", { name: "sprigs thyme", quantity: null, unit: null, note: "a few" }],
  ])("%s", (text, expected) => {
    expect(parseItemText(text)).toEqual(expected);
  });

  it.each([
    // Numbers and unit-like words that belong to the name.
    "2% milk",
    "6-pack of beer",
    "7up",
    "half and half",
    "Windeln Gr. 4",
    "sunscreen spf 50",
    "Dosentomaten",
    "can opener",
    "Kidneybohnen Dose",
    "constructor toString",
    "2% toString",
  ])("%s has no amount", (text) => {
    expect(parseItemText(text)).toEqual({ name: text, quantity: null, unit: null });
  });

  it("reads back any whole amount with any unit spelling", () => {
    const spellings: [string, Unit][] = [
      ["g", "g"],
      ["kg", "kg"],
      ["ml", "ml"],
      ["Liter", "l"],
      ["lbs", "lb"],
      ["oz", "oz"],
      ["cups", "cup"],
      ["EL", "tbsp"],
      ["tsp", "tsp"],
      ["Dosen", "can"],
      ["Stück", "piece"],
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.constantFrom(...spellings),
        fc.constantFrom("Mehl", "chicken breast", "Tomaten, gehackt"),
        (amount, [spelling, unit], name) => {
          expect(parseItemText(`${amount} ${spelling} ${name}`)).toEqual({ name, quantity: amount, unit });
        },
      ),
    );
  });

  it("never throws and always keeps a name or an amount", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const parsed = parseItemText(text);
        if (parsed.quantity !== null) expect(Number.isFinite(parsed.quantity)).toBe(true);
        if (text.trim() !== "") expect(parsed.name !== "" || parsed.quantity !== null || parsed.note).toBeTruthy();
      }),
    );
  });
});

describe("scaling an amount to other servings", () => {
  it("scales measures and rounds counts up to whole ones", () => {
    expect(scaleQuantity({ quantity: 200, unit: "g" }, 4, 6)).toEqual({ quantity: 300, unit: "g" });
    expect(scaleQuantity({ quantity: 0.5, unit: "cup" }, 2, 3)).toEqual({ quantity: 0.75, unit: "cup" });
    expect(scaleQuantity({ quantity: 3, unit: null }, 4, 2)).toEqual({ quantity: 2, unit: null });
    expect(scaleQuantity({ quantity: 1, unit: "can" }, 4, 6)).toEqual({ quantity: 2, unit: "can" });
    expect(scaleQuantity({ quantity: 1, unit: "tsp" }, 4, 1)).toEqual({ quantity: 0.25, unit: "tsp" });
  });

  it("leaves a line without an amount, and keeps the rest of the item", () => {
    const item = parseItemText("salt to taste");
    expect(scaleQuantity(item, 4, 8)).toBe(item);
    expect(scaleQuantity(parseItemText("2 EL Olivenöl"), 2, 4)).toEqual({
      name: "Olivenöl",
      quantity: 4,
      unit: "tbsp",
    });
  });

  it("gives at least what the recipe needs for counts, and back again for whole factors", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        (n, from, to) => {
          const scaled = scaleQuantity({ quantity: n, unit: "piece" }, from, to).quantity!;
          expect(Number.isInteger(scaled)).toBe(true);
          expect(scaled).toBeGreaterThanOrEqual((n * to) / from - 1e-9);
          expect(scaleQuantity({ quantity: n, unit: "g" }, from, from * to).quantity).toBe(n * to);
        },
      ),
    );
  });
});

describe("adding two amounts of the same item", () => {
  it.each<[Amount, Amount, ReturnType<typeof mergeQuantities>]>([
    [
      { quantity: 500, unit: "g" },
      { quantity: 1, unit: "kg" },
      { ok: true, quantity: 1.5, unit: "kg" },
    ],
    [
      { quantity: 200, unit: "g" },
      { quantity: 300, unit: "g" },
      { ok: true, quantity: 500, unit: "g" },
    ],
    [
      { quantity: 600, unit: "g" },
      { quantity: 0.2, unit: "kg" },
      { ok: true, quantity: 800, unit: "g" },
    ],
    [
      { quantity: 250, unit: "ml" },
      { quantity: 1, unit: "l" },
      { ok: true, quantity: 1.25, unit: "l" },
    ],
    [
      { quantity: 8, unit: "oz" },
      { quantity: 1, unit: "lb" },
      { ok: true, quantity: 1.5, unit: "lb" },
    ],
    [
      { quantity: 2, unit: "tsp" },
      { quantity: 1, unit: "tsp" },
      { ok: true, quantity: 3, unit: "tsp" },
    ],
    [
      { quantity: 2, unit: "tsp" },
      { quantity: 1, unit: "tbsp" },
      { ok: true, quantity: 5, unit: "tsp" },
    ],
    [
      { quantity: 3, unit: "tsp" },
      { quantity: 1, unit: "tbsp" },
      { ok: true, quantity: 2, unit: "tbsp" },
    ],
    [
      { quantity: 2, unit: null },
      { quantity: 3, unit: null },
      { ok: true, quantity: 5, unit: null },
    ],
    [
      { quantity: null, unit: null },
      { quantity: null, unit: null },
      { ok: true, quantity: null, unit: null },
    ],
    [
      { quantity: 1, unit: "lb" },
      { quantity: 500, unit: "g" },
      { ok: false, reason: "different-units" },
    ],
    [
      { quantity: 1, unit: "can" },
      { quantity: 400, unit: "g" },
      { ok: false, reason: "different-units" },
    ],
    [
      { quantity: 2, unit: null },
      { quantity: 1, unit: "pack" },
      { ok: false, reason: "different-units" },
    ],
    [
      { quantity: null, unit: null },
      { quantity: 6, unit: null },
      { ok: false, reason: "missing-quantity" },
    ],
  ])("%o + %o", (a, b, expected) => {
    const merged = mergeQuantities(a, b);
    if (merged.ok && expected.ok && merged.quantity !== null) {
      expect(merged.unit).toBe(expected.unit);
      expect(merged.quantity).toBeCloseTo(expected.quantity!, 5);
    } else {
      expect(merged).toEqual(expected);
    }
  });

  const GRAMS: Partial<Record<Unit, number>> = { g: 1, kg: 1000 };
  const metricMass = fc.record({
    quantity: fc.double({ min: 0.01, max: 5000, noNaN: true }),
    unit: fc.constantFrom<Unit>("g", "kg"),
  });

  it("does not depend on the order and keeps the total", () => {
    fc.assert(
      fc.property(metricMass, metricMass, (a, b) => {
        const ab = mergeQuantities(a, b);
        const ba = mergeQuantities(b, a);
        expect(ab.ok && ba.ok).toBe(true);
        if (!ab.ok || !ba.ok) return;
        expect(ab.unit).toBe(ba.unit);
        expect(ab.quantity).toBeCloseTo(ba.quantity!, 4);
        const grams = (x: Amount) => x.quantity! * GRAMS[x.unit!]!;
        expect(grams(ab)).toBeCloseTo(grams(a) + grams(b), 1);
      }),
    );
  });
});
