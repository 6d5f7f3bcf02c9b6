import { type Amount, mergeQuantities, parseItemText, scaleQuantity, type Unit } from "../shopping/quantity.js";

/**
 * From planned meals to shopping list lines (docs/shopping.md, "Meals"): each meal's ingredients
 * scaled to its servings, the same item of several meals added up, and compared with what the
 * list already holds, so nothing is on it twice.
 */

export interface Item extends Amount {
  name: string;
}

/**
 * The name two lines are compared by: lower case, single spaces, no trailing punctuation, and
 * an English plural's ending dropped ("2 onions" and "onion", "tomatoes" and "tomato" are one
 * item). The same on both sides, so a word that merely ends in "s" still only meets itself.
 */
export function normaliseName(name: string): string {
  const plain = name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[.,;:!]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= 3) return plain;
  return plain
    .replace(/oes$/, "o")
    .replace(/ies$/, "y")
    .replace(/(?<=[^s])s$/, "");
}

function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** Units written as words take a plural ("2 cups"); abbreviations do not ("2 tbsp"). */
const WORD_PLURALS: Partial<Record<Unit, string>> = {
  cup: "cups",
  pinch: "pinches",
  dash: "dashes",
  pack: "packs",
  can: "cans",
  jar: "jars",
  tub: "tubs",
  bunch: "bunches",
  clove: "cloves",
  slice: "slices",
  bar: "bars",
};

/** A unit as a list line shows it; a piece is a plain count ("2 Eier"). */
function unitText(unit: Unit | null, quantity: number): string {
  if (unit === null || unit === "piece") return "";
  return `${quantity === 1 ? unit : (WORD_PLURALS[unit] ?? unit)} `;
}

/** "500 g Mehl", "2 onions", "2 cups rice", "Salz". */
export function formatItem(item: Item): string {
  if (item.quantity === null) return item.name;
  return `${formatNumber(item.quantity)} ${unitText(item.unit, item.quantity)}${item.name}`;
}

export interface PlannedMeal {
  servings: number;
  /** The recipe's servings; null: the amounts are taken as they are. */
  recipeServings: number | null;
  ingredients: readonly string[];
}

/**
 * Every item the meals need, the same name added up across meals (scaleQuantity, then
 * mergeQuantities). Amounts that do not add up ("1 lb" and "500 g") stay as separate items.
 */
export function neededItems(meals: readonly PlannedMeal[]): Item[] {
  const items: Item[] = [];
  for (const meal of meals) {
    for (const text of meal.ingredients) {
      const parsed = parseItemText(text);
      if (!parsed.name) continue;
      const scaled = meal.recipeServings ? scaleQuantity(parsed, meal.recipeServings, meal.servings) : parsed;
      const key = normaliseName(scaled.name);
      let merged = false;
      for (const [index, item] of items.entries()) {
        if (normaliseName(item.name) !== key) continue;
        const sum = mergeQuantities(item, scaled);
        if (sum.ok) {
          items[index] = { name: item.name, quantity: sum.quantity, unit: sum.unit };
          merged = true;
          break;
        }
      }
      if (!merged) items.push({ name: scaled.name, quantity: scaled.quantity, unit: scaled.unit });
    }
  }
  return items;
}

export interface ListLine {
  id: string;
  title: string;
}

export type ListChange =
  | { kind: "add"; title: string }
  | { kind: "merge"; lineId: string; from: string; to: string }
  | { kind: "skip"; item: string; reason: string };

/**
 * What to do with each needed item given the open lines of the list: add it; add its amount to
 * the line of the same name ("500 g Mehl" on the list and 250 g needed: "750 g Mehl"); or leave
 * that line as it is and say why (the amounts do not add up, or neither has one).
 */
export function changesForList(needed: readonly Item[], open: readonly ListLine[]): ListChange[] {
  const lines = open.map((line) => ({ ...line, parsed: parseItemText(line.title) }));
  const changes: ListChange[] = [];
  for (const item of needed) {
    const line = lines.find((candidate) => normaliseName(candidate.parsed.name) === normaliseName(item.name));
    if (!line) {
      changes.push({ kind: "add", title: formatItem(item) });
      continue;
    }
    const sum = mergeQuantities(line.parsed, item);
    if (sum.ok && sum.quantity !== null) {
      const to = formatItem({ name: line.parsed.name, quantity: sum.quantity, unit: sum.unit });
      const note = line.parsed.note ? ` (${line.parsed.note})` : "";
      changes.push({ kind: "merge", lineId: line.id, from: line.title, to: `${to}${note}` });
      line.title = `${to}${note}`;
      line.parsed = { ...line.parsed, quantity: sum.quantity, unit: sum.unit };
    } else {
      changes.push({
        kind: "skip",
        item: formatItem(item),
        reason:
          !sum.ok && sum.reason === "different-units"
            ? `"${line.title}" is already on the list, in a unit that does not add up`
            : `"${line.title}" is already on the list`,
      });
    }
  }
  return changes;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "Added 3 items, updated 1 and left 1 as it was." */
export function summariseChanges(added: number, merged: number, skipped: number, mealsAlreadyAdded: number): string {
  const parts: string[] = [];
  if (added) parts.push(`added ${plural(added, "item", "items")}`);
  if (merged) parts.push(`updated the amount of ${plural(merged, "item", "items")}`);
  if (skipped)
    parts.push(`left ${plural(skipped, "item", "items")} on the list as ${skipped === 1 ? "it was" : "they were"}`);
  const done = parts.length ? `${parts.join(", ")}.` : "nothing was missing.";
  const sentence = done.charAt(0).toUpperCase() + done.slice(1);
  return mealsAlreadyAdded
    ? `${sentence} ${plural(mealsAlreadyAdded, "meal's", "meals'")} ingredients were added before.`
    : sentence;
}
