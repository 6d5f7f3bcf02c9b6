/**
 * The offline aisle classifier (domain/shopping/): how often it puts an item in the right aisle,
 * on our development set and on the held-out set once it is merged, and how long an item takes
 * against a baseline measured in the same run: the item's key looked up in a plain Map (what an
 * exact-match-only classifier would cost). Run alone with `npm run bench:shopping`;
 * `npm run bench` prints it too.
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AisleId } from "../domain/shopping/aisles.js";
import { classifyItem } from "../domain/shopping/classifier.js";
import { DEV_ITEMS, type LabelledItem } from "../domain/shopping/classifier-dev-set.js";
import { itemKey } from "../domain/shopping/item-key.js";
import { SEED_ENTRIES, SEED_INDEX } from "../domain/shopping/seed.js";

/** The accuracy the development set must keep (its unit test holds the same line). */
export const SHOPPING_ACCURACY_GOAL = 0.9;

/** Written by someone else and merged later: imported only if present, so this compiles without it. */
const HELD_OUT_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "domain",
  "shopping",
  "classifier-held-out.ts",
);

interface Accuracy {
  passed: number;
  total: number;
  misses: string[];
}

export interface ShoppingClassifierResult {
  seedEntries: number;
  dev: Accuracy;
  heldOut: Accuracy | null;
  /**
   * Microseconds per item, median of 9 alternating rounds: the classifier, the Map-lookup
   * baseline, and the classifier on the items the seed lacks (the slow steps).
   */
  microsPerItem: { classifier: number; baseline: number; classifierOnMisses: number };
}

function accuracyOf(items: readonly LabelledItem[]): Accuracy {
  const misses: string[] = [];
  for (const item of items) {
    const guess = classifyItem(item.text);
    if (guess.aisle !== item.aisle) misses.push(`${item.text} → ${guess.aisle} (${guess.via}), meant ${item.aisle}`);
  }
  return { passed: items.length - misses.length, total: items.length, misses };
}

async function heldOutItems(): Promise<readonly LabelledItem[] | null> {
  if (!fs.existsSync(HELD_OUT_FILE)) return null;
  const module = (await import(pathToFileURL(HELD_OUT_FILE).href)) as {
    HELD_OUT_ITEMS: readonly { text: string; aisle: AisleId }[];
  };
  return module.HELD_OUT_ITEMS;
}

/** The result is summed into a sink so the work cannot be optimised away. */
let sink = 0;

/** Microseconds per text over one round of 50 passes. */
function microsPer(texts: readonly string[], read: (text: string) => number): number {
  const passes = 50;
  const start = performance.now();
  for (let pass = 0; pass < passes; pass += 1) for (const text of texts) sink += read(text);
  return ((performance.now() - start) * 1000) / (passes * texts.length);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Each reader's median over rounds taken in turn: on a shared machine a burst of other work then
 * slows one round of each rather than the whole of one reader.
 */
function medianMicros(readers: readonly { texts: readonly string[]; read: (text: string) => number }[]): number[] {
  for (const { texts, read } of readers) microsPer(texts, read); // warm up
  const rounds: number[][] = readers.map(() => []);
  for (let round = 0; round < 9; round += 1) {
    readers.forEach(({ texts, read }, index) => rounds[index]!.push(microsPer(texts, read)));
  }
  return rounds.map(median);
}

export async function measureShoppingClassifier(): Promise<ShoppingClassifierResult> {
  const heldOut = await heldOutItems();
  const texts = [...DEV_ITEMS, ...(heldOut ?? [])].map((item) => item.text);
  // The items no exact lookup finds: the compound, slip and fallback steps, the slow end.
  const misses = texts.filter((text) => !SEED_INDEX.has(itemKey(text)));
  const classify = (text: string) => classifyItem(text).confidence;
  const [classifier = 0, baseline = 0, classifierOnMisses = 0] = medianMicros([
    { texts, read: classify },
    { texts, read: (text) => (SEED_INDEX.get(itemKey(text)) === undefined ? 0 : 1) },
    { texts: misses, read: classify },
  ]);
  if (sink === Number.NEGATIVE_INFINITY) console.log(sink);
  return {
    seedEntries: SEED_ENTRIES.length,
    dev: accuracyOf(DEV_ITEMS),
    heldOut: heldOut === null ? null : accuracyOf(heldOut),
    microsPerItem: { classifier, baseline, classifierOnMisses },
  };
}

export function printShoppingClassifier(result: ShoppingClassifierResult): void {
  const percent = ({ passed, total }: Accuracy) => `${((passed / total) * 100).toFixed(1)} %`;
  const met = result.dev.passed / result.dev.total >= SHOPPING_ACCURACY_GOAL;
  console.log("");
  console.log(`Shopping aisle classifier (${result.seedEntries} seed items)`);
  console.log(
    `  development set: ${result.dev.passed} of ${result.dev.total} (${percent(result.dev)}), goal ≥ ${SHOPPING_ACCURACY_GOAL * 100} %: ${met ? "met" : "NOT met"}`,
  );
  for (const miss of result.dev.misses) console.log(`    missed: ${miss}`);
  if (result.heldOut === null) console.log("  held out:        not present (domain/shopping/classifier-held-out.ts)");
  else {
    console.log(`  held out:        ${result.heldOut.passed} of ${result.heldOut.total} (${percent(result.heldOut)})`);
    for (const miss of result.heldOut.misses) console.log(`    missed: ${miss}`);
  }
  const { classifier, baseline, classifierOnMisses } = result.microsPerItem;
  console.log(
    `  per item: ${classifier.toFixed(2)} µs, a Map lookup of the item key ${baseline.toFixed(2)} µs (ratio ${(classifier / baseline).toFixed(2)}); items not in the seed ${classifierOnMisses.toFixed(2)} µs`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  printShoppingClassifier(await measureShoppingClassifier());
}
