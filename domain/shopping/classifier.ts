/**
 * Offline grocery-aisle classifier: which aisle an item on a shopping list belongs in, from our
 * own English and German seed, without a network or a model. Each step is a map lookup or a
 * short loop over prebuilt indexes, so a classification takes microseconds.
 *
 * Order, most to least sure: the group's own correction for the item; the frozen, pet and
 * canned words ("TK-Erbsen" are frozen whatever peas usually are, "Hundekekse" are for the dog);
 * the whole key in the seed; the longest known ending of an English phrase ("ice cream" before
 * "cream"); the longest known ending of a German compound ("Vollkornbrot" → "Brot"); a spelling
 * slip of a seed key; a known word elsewhere in the phrase; else "other". README.md has the table.
 */
import type { AisleId } from "./aisles.js";
import { boundedDistance } from "./edit-distance.js";
import { type KeyWords, keyWords, singular } from "./item-key.js";
import { letterBits, SEED_INDEX, SEED_KEY_BITS, SEED_KEYS_BY_LENGTH, SHORT_GERMAN_KEYS } from "./seed.js";
import { listOf } from "./word-list.js";

export type ClassifyVia = "correction" | "exact" | "head" | "compound" | "fuzzy" | "rule" | "none";

export interface AisleGuess {
  aisle: AisleId;
  /** 0..1: how sure the step that decided is; the UI may ask below 0.5. */
  confidence: number;
  /** itemKey of the name: what a correction is stored under. */
  key: string;
  via: ClassifyVia;
}

const CONFIDENCE = {
  correction: 1,
  exact: 0.95,
  rule: 0.9,
  head: 0.85,
  compound: 0.75,
  oneSlip: 0.6,
  /** A word before the head ("Gouda in Scheiben"): often right, but it is not the noun. */
  otherWord: 0.55,
  /** The start of a compound whose ending we do not know ("Hähnchenkeule"). */
  compoundStart: 0.5,
  twoSlips: 0.45,
  none: 0.1,
} as const;

const FROZEN_WORDS = new Set([
  "frozen",
  "tk",
  "tiefgekuehlt",
  "tiefgekuehlte",
  "tiefgefroren",
  "gefroren",
  "gefrorene",
]);
const FROZEN_PREFIXES = ["tiefkuehl", "tiefgekuehlt", "tk"];
const CANNED_WORDS = new Set(["canned", "tinned", "jarred", "dose", "dosen", "konserve", "konserven"]);
const CANNED_PREFIXES = ["dosen", "konserven"];
/**
 * Words or compound starts that make an item pet food or a pet's thing, whatever follows:
 * "dog biscuits", "Hundekekse", "Katzenmilch" are not for people. ("baby" is no such word:
 * "baby spinach", "Babyspinat" are vegetables.)
 */
const PET_WORDS = new Set(["dog", "dogs", "cat", "cats", "puppy", "kitten", "pet", "hund", "hunde", "katze", "katzen"]);
const PET_PREFIXES = ["hunde", "katzen", "welpen", "haustier", "tiernahrung", "nager"];
/** Words that cut a phrase: what stands before them is the item ("Bohnen aus der Dose"). */
const CUT_WORDS = new Set(["in", "with", "mit", "aus", "im", "fuer", "for", "ohne", "without", "vom", "from"]);

/**
 * Words that describe rather than name, often written after the item in German lists
 * ("Rotwein trocken", "Leberwurst fein", "Weizenmehl Type 405"): dropped from the end of a
 * phrase, so the item is its last word again.
 */
const TRAILING_DESCRIPTIONS: ReadonlySet<string> = new Set(
  listOf(`
  fein, grob, zart, trocken, halbtrocken, lieblich, gemahlen, ganz, geschnitten, gerieben, frisch, bio, natur,
  naturtrueb, klar, still, medium, classic, extra, vergine, light, leicht, mild, scharf, mittelscharf, suess, sauer,
  fettarm, laktosefrei, vegan, schwarz, weiss, rot, gruen, gelb, gross, klein, mittel, festkochend, mehligkochend,
  vorwiegend, lagig, type, typ, barista, dry, fresh, organic, large, small, whole, sliced, diced, chopped, boneless,
  skinless, unsalted, salted, lowfat, original, plain, raw, ripe, refill, stick, roller, xl, xxl, alkoholfrei,
  zuckerfrei, glutenfrei, kernlos, teilstueck
`).map(singular),
);

/** Shortest ending a compound may be read by, and shortest start left before it. */
const MIN_ENDING = 2;
const MIN_START = 2;

interface Found {
  aisle: AisleId;
  confidence: number;
  via: ClassifyVia;
}

/**
 * Longest known ending of one word ("kirschtomate" → "tomate"). Endings of two or three letters
 * only from the German seed ("Spiegelei", "Pfefferminztee"): English words end in "ice" or "ham"
 * without being ice or ham ("slice", "gingham").
 */
function compound(word: string): Found | null {
  // "alkoholfrei", "zuckerfrei" end in "ei" without being eggs.
  if (word.endsWith("frei")) return null;
  for (let start = MIN_START; start <= word.length - MIN_ENDING; start += 1) {
    const ending = word.slice(start);
    const aisle = SEED_INDEX.get(ending);
    if (aisle === undefined || (ending.length < 4 && !SHORT_GERMAN_KEYS.has(ending))) continue;
    if (aisle === "produce" && isPreparedSalad(ending, SEED_INDEX.get(singular(word.slice(0, start))))) {
      return { aisle: "deli", confidence: CONFIDENCE.compound, via: "compound" };
    }
    return { aisle, confidence: CONFIDENCE.compound, via: "compound" };
  }
  return null;
}

const SALADS = new Set(["salad", "salat"]);

/**
 * A salad of something that is no vegetable ("Krabbensalat", "shrimp salad", "Wurstsalat") is a
 * prepared salad from the deli counter, not a lettuce.
 */
function isPreparedSalad(head: string, modifierAisle: AisleId | undefined): boolean {
  return SALADS.has(head) && modifierAisle !== undefined && modifierAisle !== "produce";
}

function compoundStart(word: string): Found | null {
  for (let end = word.length - MIN_START; end >= 4; end -= 1) {
    const aisle = SEED_INDEX.get(word.slice(0, end));
    if (aisle !== undefined) return { aisle, confidence: CONFIDENCE.compoundStart, via: "compound" };
  }
  return null;
}

function popCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

/**
 * The nearest seed key within the allowed slips (1 from 4 letters, 2 from 8; maxLimit lowers it),
 * first in seed order on a tie.
 */
function fuzzy(text: string, maxLimit = 2): Found | null {
  const limit = Math.min(maxLimit, text.length >= 8 ? 2 : text.length >= 4 ? 1 : 0);
  if (limit === 0) return null;
  let best: AisleId | null = null;
  let bestDistance = limit + 1;
  const bits = letterBits(text);
  for (let length = text.length - limit; length <= text.length + limit; length += 1) {
    for (const key of SEED_KEYS_BY_LENGTH.get(length) ?? []) {
      if (popCount(bits ^ SEED_KEY_BITS.get(key)!) > 2 * (bestDistance - 1)) continue;
      const distance = boundedDistance(text, key, bestDistance - 1);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = SEED_INDEX.get(key)!;
        if (distance === 1) break;
      }
    }
  }
  if (best === null) return null;
  return { aisle: best, confidence: bestDistance === 1 ? CONFIDENCE.oneSlip : CONFIDENCE.twoSlips, via: "fuzzy" };
}

/** The phrase without amount or rule words, cut at "of" (keep the end) and "in"/"mit" (keep the start). */
function corePhrase(words: readonly string[]): string[] {
  let core = words;
  const of = core.lastIndexOf("of");
  if (of >= 0 && of < core.length - 1) core = core.slice(of + 1);
  const cut = core.findIndex((word, index) => index > 0 && CUT_WORDS.has(word));
  if (cut > 0) core = core.slice(0, cut);
  return core as string[];
}

/** The seed steps, on singular words: exact, longest known ending, compound, slip, another word. */
function fromSeed(words: readonly string[]): Found | null {
  if (words.length === 0) return null;
  const whole = words.join(" ");
  const exact = SEED_INDEX.get(whole);
  if (exact !== undefined) return { aisle: exact, confidence: CONFIDENCE.exact, via: "exact" };
  let end = words.length;
  while (end > 1 && TRAILING_DESCRIPTIONS.has(words[end - 1]!)) end -= 1;
  if (end < words.length) return fromSeed(words.slice(0, end));
  const core = corePhrase(words);
  if (core.length !== words.length) {
    const found = fromSeed(core);
    if (found !== null) return found;
  }
  // Longest ending first: "chocolate ice cream" is read as "ice cream", not "cream".
  for (let start = 1; start < words.length; start += 1) {
    const aisle = SEED_INDEX.get(words.slice(start).join(" "));
    if (aisle === undefined) continue;
    // A fruit after the item is its flavour, German style: "Joghurt Erdbeere", "Eistee Pfirsich".
    const first = SEED_INDEX.get(words[0]!);
    if (aisle === "produce" && isPreparedSalad(words[words.length - 1]!, SEED_INDEX.get(words[start - 1]!))) {
      return { aisle: "deli", confidence: CONFIDENCE.head, via: "head" };
    }
    if (aisle === "produce" && first !== undefined && first !== "produce") {
      return { aisle: first, confidence: CONFIDENCE.otherWord, via: "head" };
    }
    return { aisle, confidence: CONFIDENCE.head, via: "head" };
  }
  const last = words[words.length - 1]!;
  // A whole phrase gets one slip only ("tooth paste"): two edits across words reach unrelated phrases.
  const found = compound(last) ?? (words.length > 1 ? fuzzy(whole, 1) : null);
  if (found !== null) return found;
  // A known word before an unknown last one ("pork cutlets", "chicken thigh fillets") says more
  // than the nearest spelling of the unknown one ("fillet" is one letter from "millet").
  for (let index = words.length - 2; index >= 0; index -= 1) {
    const aisle = SEED_INDEX.get(words[index]!);
    if (aisle !== undefined) return { aisle, confidence: CONFIDENCE.otherWord, via: "head" };
  }
  return fuzzy(last) ?? compoundStart(last);
}

function hasPrefix(word: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => word.length > prefix.length + 2 && word.startsWith(prefix));
}

function isFrozen(words: readonly string[]): boolean {
  return words.some((word) => FROZEN_WORDS.has(word) || hasPrefix(word, FROZEN_PREFIXES));
}

/** A pet word before the last word ("canned cat food"), not a hot dog; or a pet compound anywhere. */
function isForPets(words: readonly string[]): boolean {
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (index < words.length - 1 && PET_WORDS.has(word) && words[index - 1] !== "hot") return true;
    if (hasPrefix(word, PET_PREFIXES)) return true;
  }
  return false;
}

function isCanned(parts: KeyWords): boolean {
  if (parts.canned) return true;
  const { words } = parts;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (CANNED_WORDS.has(word) || hasPrefix(word, CANNED_PREFIXES)) return true;
    if (word === "in" && words[index + 1] === "a" && words[index + 2] === "jar") return true;
    if (word === "im" && words[index + 1] === "glas") return true;
  }
  return false;
}

/** The singular words without the frozen and canned markers, for what the item is underneath. */
function withoutMarkers(parts: KeyWords): string[] {
  return parts.singular.filter((_, index) => {
    const word = parts.words[index]!;
    return !FROZEN_WORDS.has(word) && !CANNED_WORDS.has(word);
  });
}

/**
 * The aisle of a shopping item. `corrections` maps item keys (itemKey) to the aisle a group
 * moved such an item to; it wins over everything.
 */
export function classifyItem(name: string, corrections?: ReadonlyMap<string, AisleId>): AisleGuess {
  const parts = keyWords(name);
  const key = parts.singular.join(" ");
  const corrected = corrections?.get(key);
  if (corrected !== undefined) return { aisle: corrected, confidence: CONFIDENCE.correction, key, via: "correction" };
  if (isFrozen(parts.words)) return { aisle: "frozen", confidence: CONFIDENCE.rule, key, via: "rule" };
  // Before the canned words: a tin of cat food is still on the pet shelf.
  if (isForPets(parts.words)) return { aisle: "baby-pet", confidence: CONFIDENCE.rule, key, via: "rule" };
  if (isCanned(parts)) {
    // A can of beer or cola is still a drink.
    const underneath = fromSeed(withoutMarkers(parts));
    if (underneath?.aisle === "beverages") return { ...underneath, key };
    return { aisle: "canned-jarred", confidence: CONFIDENCE.rule, key, via: "rule" };
  }
  const found = fromSeed(parts.singular);
  if (found !== null) return { ...found, key };
  return { aisle: "other", confidence: CONFIDENCE.none, key, via: "none" };
}
