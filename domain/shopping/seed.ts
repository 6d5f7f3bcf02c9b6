/**
 * The English and German seeds as one index from item key to aisle, built once when the module
 * loads, and the indexes the classifier's slower steps need (keys by length, for spelling slips).
 */
import type { AisleId, SeedAisleId } from "./aisles.js";
import { SEED_DE } from "./classifier-seed-de.js";
import { SEED_EN } from "./classifier-seed-en.js";
import { itemKey } from "./item-key.js";

export interface SeedEntry {
  text: string;
  aisle: SeedAisleId;
  key: string;
  language: "en" | "de";
}

function entriesOf(seed: Readonly<Record<SeedAisleId, readonly string[]>>, language: "en" | "de"): SeedEntry[] {
  return (Object.entries(seed) as [SeedAisleId, readonly string[]][]).flatMap(([aisle, texts]) =>
    texts.map((text) => ({ text, aisle, key: itemKey(text), language })),
  );
}

export const SEED_ENTRIES: readonly SeedEntry[] = [...entriesOf(SEED_EN, "en"), ...entriesOf(SEED_DE, "de")];

/** Key → aisle; on a clash (which a test forbids) the first entry wins. */
export const SEED_INDEX: ReadonlyMap<string, AisleId> = (() => {
  const index = new Map<string, AisleId>();
  for (const entry of SEED_ENTRIES) if (!index.has(entry.key)) index.set(entry.key, entry.aisle);
  return index;
})();

/** German keys of two or three letters ("ei", "eis", "tee", "oel"): the only short compound endings. */
export const SHORT_GERMAN_KEYS: ReadonlySet<string> = new Set(
  SEED_ENTRIES.filter((entry) => entry.language === "de" && entry.key.length < 4).map((entry) => entry.key),
);

/** Seed keys by their length, so a slip is compared only with keys it could be one or two edits from. */
export const SEED_KEYS_BY_LENGTH: ReadonlyMap<number, readonly string[]> = (() => {
  const byLength = new Map<number, string[]>();
  for (const key of SEED_INDEX.keys()) {
    const bucket = byLength.get(key.length);
    if (bucket === undefined) byLength.set(key.length, [key]);
    else bucket.push(key);
  }
  return byLength;
})();

/**
 * The set of letters in a text as bits. One edit changes at most two bits of the difference
 * between two texts' sets, so keys whose sets differ in more bits than twice the allowed edits
 * are skipped without computing a distance.
 */
export function letterBits(text: string): number {
  let bits = 0;
  for (let index = 0; index < text.length; index += 1) bits |= 1 << (text.charCodeAt(index) % 31);
  return bits;
}

export const SEED_KEY_BITS: ReadonlyMap<string, number> = new Map(
  [...SEED_INDEX.keys()].map((key) => [key, letterBits(key)]),
);

/** Keys given different aisles by different entries: must stay empty. */
export function seedClashes(): { key: string; aisles: AisleId[] }[] {
  const aisles = new Map<string, Set<AisleId>>();
  for (const entry of SEED_ENTRIES) {
    const set = aisles.get(entry.key) ?? new Set<AisleId>();
    set.add(entry.aisle);
    aisles.set(entry.key, set);
  }
  return [...aisles].filter(([, set]) => set.size > 1).map(([key, set]) => ({ key, aisles: [...set] }));
}
