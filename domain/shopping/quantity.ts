/**
 * Amounts in shopping list lines and recipe ingredient lines ("2 lbs chicken breast", "500 g Mehl",
 * "1 ½ l Milch", "Butter x2", "salt to taste"), in English and German, so that the same item added
 * twice can become one line and a recipe can be scaled to other servings.
 */

/** The units we normalise to; every spelling we read maps onto one of them. */
export type Unit =
  | "g"
  | "kg"
  | "ml"
  | "l"
  | "gal"
  | "lb"
  | "oz"
  | "cup"
  | "tbsp"
  | "tsp"
  | "pinch"
  | "dash"
  | "piece"
  | "pack"
  | "can"
  | "jar"
  | "tub"
  | "bunch"
  | "clove"
  | "slice"
  | "bar";

export interface ParsedItem {
  name: string;
  /** null when the line names no amount ("Eier", "salt to taste"). */
  quantity: number | null;
  /** null for a plain count ("3 apples", "2x Butter"). */
  unit: Unit | null;
  /** What the line says besides name and amount: "14 oz" in "1 (14 oz) can tomatoes", "to taste". */
  note?: string;
}

export interface Amount {
  quantity: number | null;
  unit: Unit | null;
}

/** Spellings, lower case and without a trailing dot ("Pck." and "St." are read as "pck" and "st"). */
const UNIT_SPELLINGS: Record<string, Unit> = {};
function spell(unit: Unit, ...spellings: string[]) {
  for (const spelling of spellings) UNIT_SPELLINGS[spelling] = unit;
}
spell("g", "g", "gr", "gram", "grams", "gramm", "gramme", "grammes");
spell("kg", "kg", "kilo", "kilos", "kilogram", "kilograms", "kilogramm");
spell("ml", "ml", "milliliter", "milliliters", "millilitre", "millilitres");
spell("l", "l", "liter", "liters", "litre", "litres", "ltr");
spell("gal", "gal", "gallon", "gallons");
spell("lb", "lb", "lbs", "pound", "pounds", "pfund");
spell("oz", "oz", "ounce", "ounces", "unze", "unzen");
spell("cup", "cup", "cups", "tasse", "tassen");
spell("tbsp", "tbsp", "tbs", "tbsps", "tablespoon", "tablespoons", "el", "essl", "esslöffel");
spell("tsp", "tsp", "tsps", "teaspoon", "teaspoons", "tl", "teel", "teelöffel");
spell("pinch", "pinch", "pinches", "prise", "prisen");
spell("dash", "dash", "dashes", "schuss", "spritzer");
spell("piece", "piece", "pieces", "pc", "pcs", "stück", "stk", "st");
spell(
  "pack",
  "pack",
  "packs",
  "package",
  "packages",
  "packet",
  "packets",
  "pkg",
  "packung",
  "packungen",
  "pck",
  "pkt",
  "päckchen",
);
spell("can", "can", "cans", "tin", "tins", "dose", "dosen");
spell("jar", "jar", "jars", "glas", "gläser");
spell("tub", "tub", "tubs", "becher");
spell("bunch", "bunch", "bunches", "bund");
spell("clove", "clove", "cloves", "zehe", "zehen");
spell("slice", "slice", "slices", "scheibe", "scheiben");
spell("bar", "bar", "bars", "tafel", "tafeln");

/**
 * Units that also mean 1 when a line starts with them ("Bund Petersilie", "Prise Salz"). Not the
 * English ones that start ordinary names ("can opener", "cup cakes", "pack of cards").
 */
const UNITS_WITHOUT_NUMBER = new Set(["bund", "prise", "packung", "dose", "becher", "pinch", "bunch"]);

const UNICODE_FRACTIONS: Record<string, number> = {
  "½": 1 / 2,
  "⅓": 1 / 3,
  "⅔": 2 / 3,
  "¼": 1 / 4,
  "¾": 3 / 4,
  "⅕": 1 / 5,
  "⅛": 1 / 8,
  "⅜": 3 / 8,
  "⅝": 5 / 8,
  "⅞": 7 / 8,
};
const FRACTION_CHARS = Object.keys(UNICODE_FRACTIONS).join("");

/** "1 1/2", "1/2", "1,5" (German decimal comma), "1.5", "1½", "1 ½", "½", "2". */
const NUMBER = String.raw`(?:\d+\s+\d+\/\d+|\d+\/\d+|\d+(?:[.,]\d+)?(?:\s*[${FRACTION_CHARS}])?|[${FRACTION_CHARS}])`;
/** A range ("2-3", "2 to 3", "2 bis 3") is read as its upper end: enough to buy for the recipe. */
const LEADING_AMOUNT = new RegExp(String.raw`^(${NUMBER})(?:\s*(?:-|–|to|bis)\s*(${NUMBER}))?`, "i");

const WORD_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  ein: 1,
  eine: 1,
  einen: 1,
  two: 2,
  zwei: 2,
  three: 3,
  drei: 3,
  half: 0.5,
  halbe: 0.5,
  halber: 0.5,
};

/** "a few", "ein paar": an amount nobody can add up, kept as a note instead. */
const VAGUE_AMOUNT =
  /^(a few|a couple(?: of)?|a little|a bit of|some|ein paar|einige|etwas|ein bisschen|ein wenig)\s+(?=\S)/i;

const NOTES = /(?:,\s*|\s+|\s*\(\s*)(to taste|as needed|optional|nach geschmack|nach belieben|zum abschmecken)\)?\s*$/i;

export function parseNumber(text: string): number {
  const value = text.trim();
  const mixed = /^(\d+)\s+(\d+)\/(\d+)$/.exec(value);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/.exec(value);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  const withChar = new RegExp(String.raw`^(\d+(?:[.,]\d+)?)?\s*([${FRACTION_CHARS}])$`).exec(value);
  if (withChar) return (withChar[1] ? Number(withChar[1].replace(",", ".")) : 0) + UNICODE_FRACTIONS[withChar[2]!]!;
  return Number(value.replace(",", "."));
}

/**
 * A number as written before a unit. A comma is a decimal comma ("1,5 kg"); a dot before exactly
 * three digits is a German thousands dot when grams or millilitres follow ("1.000 g Mehl"), since
 * nobody writes a thousandth of a gram on a shopping list.
 */
function readNumber(text: string, unit: Unit | null): number {
  if ((unit === "g" || unit === "ml") && /^\d{1,3}(?:\.\d{3})+$/.test(text)) return Number(text.replace(/\./g, ""));
  return parseNumber(text);
}

/** The unit a word names, if any ("Pck." → pack, "EL" → tbsp). */
export function unitOf(word: string): Unit | null {
  const key = word.toLowerCase().replace(/\.$/, "");
  // Own spellings only: "constructor" is no unit.
  return Object.hasOwn(UNIT_SPELLINGS, key) ? UNIT_SPELLINGS[key]! : null;
}

export function parseItemText(text: string): ParsedItem {
  let rest = text.replace(/\s+/g, " ").trim();
  const notes: string[] = [];

  const note = NOTES.exec(rest);
  if (note && note.index > 0) {
    notes.push(note[1]!);
    rest = rest.slice(0, note.index).trim();
  }

  const vague = VAGUE_AMOUNT.exec(rest);
  if (vague) return result(rest.slice(vague[0].length), null, null, [vague[1]!, ...notes]);

  // "Milch 1l", "Mehl 500 g": shopping lists often put the amount last (not "2 Packungen Nudeln 500 g").
  const amountLast = new RegExp(
    String.raw`^(?![\d${FRACTION_CHARS}])(.+?)\s+(${NUMBER})\s*([A-Za-zÄÖÜäöüß]+\.?)$`,
  ).exec(rest);
  const unitLast = amountLast ? unitOf(amountLast[3]!) : null;
  if (amountLast && unitLast) return result(amountLast[1]!, readNumber(amountLast[2]!, unitLast), unitLast, notes);

  // "Butter x2", "Butter x 2", "Butter 2x"
  const trailing = /^(.+?)\s+(?:[x×]\s*(\d+)|(\d+)\s*[x×])$/i.exec(rest);
  if (trailing) return result(trailing[1]!, Number(trailing[2] ?? trailing[3]), null, notes);

  let quantity: number | null = null;
  const amount = LEADING_AMOUNT.exec(rest);
  if (amount) {
    const after = rest.slice(amount[0].length);
    // "2% milk", "6-pack of beer", "7up": a number that is part of the name, not an amount.
    const glued = /^[A-Za-zÄÖÜäöüß]+\.?(?=\s|$)/.exec(after);
    if (after === "" || /^\s/.test(after) || /^[x×(]/i.test(after) || (glued && unitOf(glued[0]))) {
      quantity = readNumber(
        amount[2] ?? amount[1]!,
        glued ? unitOf(glued[0]) : unitOf(/^\s*(\S+)/.exec(after)?.[1] ?? ""),
      );
      rest = after.trim();
    }
  } else {
    const word = /^(\S+)\s+(?=\S)/.exec(rest);
    const lower = word?.[1]!.toLowerCase() ?? "";
    const value = Object.hasOwn(WORD_NUMBERS, lower) ? WORD_NUMBERS[lower] : undefined;
    // "a dozen eggs", "eine Prise Salz", "a can of tomatoes"; not "a" before a plain name ("A4 paper").
    if (word && value !== undefined) {
      // "half a dozen", "half a cup"
      const next = rest.slice(word[0].length).replace(value === 0.5 ? /^an?\s+/i : /^$/, "");
      const nextWord = /^[^\s(]+/.exec(next)?.[0] ?? "";
      if (/^dozen$/i.test(nextWord) || unitOf(nextWord) || value !== 0.5) {
        quantity = value;
        rest = next;
      }
    }
  }

  if (quantity !== null) {
    // "2x Butter", "2 x Butter"
    const times = /^[x×](?:\s+|$)/i.exec(rest);
    if (times) return result(rest.slice(times[0].length), quantity, null, notes);
    // "a dozen eggs", "half a dozen eggs", "2 dozen eggs"
    const dozen = /^(?:a\s+)?dozen\b\s*/i.exec(rest);
    if (dozen) return result(stripOf(rest.slice(dozen[0].length)), quantity * 12, null, notes);
  }

  // "1 (14 oz) can tomatoes"
  const bracket = /^\(([^)]*)\)\s*/.exec(rest);
  if (bracket && quantity !== null) {
    notes.unshift(bracket[1]!.trim());
    rest = rest.slice(bracket[0].length);
  }

  let unit: Unit | null = null;
  const unitWord = /^([A-Za-zÄÖÜäöüß]+\.?)(?:\s+|$)/.exec(rest);
  if (unitWord) {
    const found = unitOf(unitWord[1]!);
    const bare = unitWord[1]!.toLowerCase().replace(/\.$/, "");
    if (found && (quantity !== null || UNITS_WITHOUT_NUMBER.has(bare)) && rest.length > unitWord[0].length) {
      unit = found;
      quantity ??= 1;
      rest = stripOf(rest.slice(unitWord[0].length));
    } else if (found && quantity !== null && rest.length === unitWord[0].length) {
      // "500 g" alone: an amount without a name.
      unit = found;
      rest = "";
    }
  }
  return result(rest, quantity, unit, notes);
}

function stripOf(text: string): string {
  return text.replace(/^(?:of|von)\s+/i, "");
}

function result(name: string, quantity: number | null, unit: Unit | null, notes: string[]): ParsedItem {
  const parsed: ParsedItem = { name: name.trim(), quantity, unit };
  if (notes.length > 0) parsed.note = notes.join("; ");
  return parsed;
}

/** Countable units: a scaled recipe needs whole ones (you cannot buy 1.5 cans). */
const WHOLE_UNITS = new Set<Unit | null>([
  null,
  "piece",
  "pack",
  "can",
  "jar",
  "tub",
  "bunch",
  "clove",
  "slice",
  "pinch",
  "dash",
]);

/**
 * An amount for other servings: a recipe for 4 made for 6 needs 1.5 times each amount. Counts round
 * up to whole ones (1.5 eggs become 2); grams and millilitres to whole ones; the rest to two places.
 */
export function scaleQuantity<T extends Amount>(item: T, fromServings: number, toServings: number): T {
  if (item.quantity === null || !(fromServings > 0) || !(toServings > 0)) return item;
  const exact = (item.quantity * toServings) / fromServings;
  let quantity: number;
  if (WHOLE_UNITS.has(item.unit)) quantity = Math.ceil(round(exact, 6));
  else if (item.unit === "g" || item.unit === "ml") quantity = Math.max(1, Math.round(exact));
  else quantity = Math.max(0.01, round(exact, 2));
  return { ...item, quantity };
}

/**
 * Units that add up with each other, as multiples of the family's smallest one. Metric and imperial
 * stay apart: "1 lb" and "500 g" on one list are two lines rather than "953.6 g" nobody typed.
 */
const FAMILIES: readonly Partial<Record<Unit, number>>[] = [
  { g: 1, kg: 1000 },
  { ml: 1, l: 1000 },
  { oz: 1, lb: 16 },
  { tsp: 1, tbsp: 3 },
];
/** "5 tsp" reads better than "1.67 tbsp": spoons move up only by whole ones. */
const WHOLE_STEPS = new Set<Unit>(["tbsp"]);

export type MergeResult =
  | { ok: true; quantity: number | null; unit: Unit | null }
  | { ok: false; reason: "different-units" | "missing-quantity" };

/**
 * Two amounts of the same item added up ("500 g" and "1 kg" are "1.5 kg"), in the larger unit
 * once there is at least one of it. Two lines without amounts stay one line without an amount; one
 * with and one without cannot be added (how much is "Eier" and "6 Eier"?).
 */
export function mergeQuantities(a: Amount, b: Amount): MergeResult {
  if (a.quantity === null && b.quantity === null) {
    return a.unit === b.unit ? { ok: true, quantity: null, unit: a.unit } : { ok: false, reason: "different-units" };
  }
  if (a.quantity === null || b.quantity === null) return { ok: false, reason: "missing-quantity" };
  if (a.unit === b.unit) return { ok: true, quantity: round(a.quantity + b.quantity, 6), unit: a.unit };
  const family = FAMILIES.find((units) => a.unit !== null && b.unit !== null && a.unit in units && b.unit in units);
  if (!family) return { ok: false, reason: "different-units" };
  const total = a.quantity * family[a.unit!]! + b.quantity * family[b.unit!]!;
  const largestFirst = (Object.entries(family) as [Unit, number][]).sort(([, x], [, y]) => y - x);
  const [unit, size] =
    largestFirst.find(
      ([larger, factor]) =>
        total >= factor - 1e-9 && (!WHOLE_STEPS.has(larger) || Number.isInteger(round(total / factor, 6))),
    ) ?? largestFirst.at(-1)!;
  return { ok: true, quantity: round(total / size, 6), unit };
}

function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}
