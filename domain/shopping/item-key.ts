/**
 * The key an item name is looked up under, in the seed, in a group's corrections and in what it
 * learns: "2 kg Tomatoes", "tomato" and "Tomaten" meet, so do "Grieß" and "Griess", "Müsli" and
 * "Muesli". Cheap rules only: a missed plural costs a seed lookup, never a wrong aisle, because
 * seed entries go through the same function.
 */
import { listOf, pairsOf } from "./word-list.js";

/** Units and containers a list line may start with ("500 g", "2 packs of", "1 Flasche"). */
const UNITS = new Set(
  listOf(`
  g, gr, gram, grams, gramm, kg, kilo, kilos, mg, l, ltr, liter, litre, liters, litres, ml, cl, dl, lb, lbs, pound,
  pounds, oz, ounce, ounces, pack, packs, pk, pkg, package, packages, packet, packets, bag, bags, bottle, bottles,
  box, boxes, bunch, bunches, head, heads, dozen, piece, pieces, pc, pcs, stk, stueck, x, packung, packungen, pckg,
  flasche, flaschen, tuete, tueten, beutel, becher, bund, kasten, kiste, netz, glas, glaeser, jar, jars, carton,
  cartons, tub, tubs, cup, cups, tbsp, tsp, el, tl, prise, stange, stangen, scheibe, scheiben, slice, slices, loaf,
  loaves, pint, pints, gallon, gallons, quart, roll, rolls, rolle, rollen, can, cans, tin, tins, dose, dosen, sack,
  sixpack, tray, punnet, ct, count, pck, pkt, st, fl, btl, doz, dutzend, paeckchen, tafel, tafeln, zehe, zehen,
  knolle, schale, schalen, tube, tuben, clove, cloves, stick, sticks, block, sprig, sprigs, handful, pinch, kopf
`),
);

/** Amount words that may stand where a number does ("a bag of", "ein Glas"). */
const AMOUNT_WORDS = new Set(
  listOf(`
  a, an, one, two, three, four, five, six, some, few, several, ein, eine, einen, zwei, drei, vier, fuenf, sechs,
  etwas, paar, halbe, halber, einige, mehrere, viele, couple, lots, lot, ca, circa, approx, about, je
`),
);

/** A number with an optional unit glued on: "2", "1.5", "1/2", "½", "2-3", "500g", "2x", "x2", "12er". */
const AMOUNT = /^(?:x?\d+(?:[.,/-]\d+)?|\d*[½¼¾⅓⅔])[a-z]*$/;

/**
 * Words and compound endings ("Kartoffelchips", "Milchreis") whose last "s" is no plural ending.
 * Only endings no plural ends in: "ananas" would keep "bananas" plural, so it is an irregular.
 */
const KEEP_S = listOf(`
  molasses, swiss, brussels, reis, eis, mais, kuerbis, anis, chips, keks, lachs, schnaps, pils, glas
`);

/** English words in "-en" the German plural rule ("Tomaten" → "Tomate") must leave alone. */
const ENGLISH_EN = new Set(
  listOf(`
  chicken, frozen, kitchen, gluten, golden, garden, linen, dozen, broken, wooden
`),
);

/** Irregular plurals, the "-ie" words whose "-ies" plural is no "-y", and words that only look plural. */
const IRREGULAR: ReadonlyMap<string, string> = new Map(
  pairsOf(`
  leaves leaf, loaves loaf, halves half, knives knife, shelves shelf, calves calf, cookies cookie, brownies brownie,
  smoothies smoothie, veggies veggie, pies pie, quiches quiche, brioches brioche, kiwis kiwi, chilis chili,
  chilies chili, chillies chili, salamis salami, zucchinis zucchini, geese goose, mice mouse, teeth tooth, feet foot,
  shoes shoe, ananas ananas, gas gas, bus bus, plus plus
`),
);

/** German plurals with an umlaut or "-er", also as a compound's ending ("Freilandeier", "Bratäpfel"). */
const GERMAN_IRREGULAR_ENDINGS: readonly (readonly [string, string])[] = pairsOf(`
  aepfel apfel, eier ei, nuesse nuss, wuerste wurst, tuecher tuch
`);

/** "peaches", "radishes", "boxes": the plural adds "es", not "s". */
const SIBILANT_PLURAL = /(?:ch|sh|x|z|ss)es$/;

/** One folded word made singular ("tomatoes" → "tomato", "Tomaten" → "tomate"). */
export function singular(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  for (const [plural, one] of GERMAN_IRREGULAR_ENDINGS) {
    if (word.endsWith(plural)) return word.slice(0, word.length - plural.length) + one;
  }
  if (word.length < 4) return word;
  // German: "Tomaten" → "Tomate", "Nudeln" → "Nudel"; "Brötchen", "Würstchen" stay.
  if (word.endsWith("chen") || word.endsWith("lein")) return word;
  if (word.length >= 6 && word.endsWith("en") && !ENGLISH_EN.has(word)) return word.slice(0, -1);
  if (word.length >= 6 && word.endsWith("eln")) return word.slice(0, -1);
  if (!word.endsWith("s") || word.endsWith("ss") || word.endsWith("us") || word.endsWith("is")) return word;
  // Every such ending ends in "s": checked only for words that do.
  for (const ending of KEEP_S) if (word.endsWith(ending)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("oes")) return word.slice(0, -2);
  if (SIBILANT_PLURAL.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

const UMLAUTS: Readonly<Record<string, string>> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss" };
const UMLAUT = /[äöüß]/g;
const COMBINING_MARK = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const NOT_ASCII = /[^ -~]/;

/** Lowercased, umlauts spelled out, other accents dropped, punctuation a space, spaces collapsed. */
export function foldText(text: string): string {
  // Most lines are printable ASCII: no normalising, no accents to drop.
  if (!NOT_ASCII.test(text)) return text.toLowerCase().replace(NOT_WORD, " ").trim();
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(UMLAUT, (letter) => UMLAUTS[letter] ?? letter)
    .normalize("NFD")
    .replace(COMBINING_MARK, "")
    .replace(NOT_WORD, " ")
    .trim();
}

export interface StrippedWords {
  /** Folded words, amount dropped, as typed otherwise ("frozen" is still "frozen"). */
  words: string[];
  /** The amount was counted in cans or tins ("2 cans of beans"): a canned good, unless a drink. */
  canned: boolean;
}

const CANNED_UNITS = new Set(["can", "cans", "tin", "tins", "dose", "dosen"]);

/**
 * Drops a leading amount ("2 lbs", "500 g", "a bag of", "1 Flasche") and a trailing one
 * ("Milch 2l", "eggs x12") from folded words, keeping at least one word.
 */
export function stripAmount(words: readonly string[]): StrippedWords {
  let start = 0;
  let canned = false;
  while (start < words.length - 1) {
    const word = words[start]!;
    if (AMOUNT.test(word) || AMOUNT_WORDS.has(word)) start += 1;
    // A unit only after an amount or before "of": "tin foil" and "roll on deodorant" keep theirs.
    else if (UNITS.has(word) && (start > 0 || words[start + 1] === "of")) {
      if (CANNED_UNITS.has(word)) canned = true;
      start += 1;
    } else if ((word === "of" || word === "von") && start > 0) start += 1;
    // "2 to 3 onions", "2 bis 3 Zwiebeln"
    else if ((word === "to" || word === "bis") && start > 0 && AMOUNT.test(words[start + 1] ?? "")) start += 1;
    else break;
  }
  let end = words.length;
  while (end - 1 > start) {
    const word = words[end - 1]!;
    if (AMOUNT.test(word) || (UNITS.has(word) && AMOUNT.test(words[end - 2] ?? ""))) end -= 1;
    else break;
  }
  return { words: words.slice(start, end), canned };
}

export interface KeyWords extends StrippedWords {
  /** The same words made singular: what keys are made of. */
  singular: string[];
}

/** The words of a name, folded, amount stripped, and singular; plus whether it was counted in cans. */
export function keyWords(name: string): KeyWords {
  const folded = foldText(name);
  const stripped = stripAmount(folded === "" ? [] : folded.split(" "));
  return { ...stripped, singular: stripped.words.map(singular) };
}

/** The lookup key of an item name ("2 kg Tomaten" → "tomate", "Blueberries" → "blueberry"). */
export function itemKey(name: string): string {
  return keyWords(name).singular.join(" ");
}
