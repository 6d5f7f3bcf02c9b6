/**
 * The offline assistant's rules (domain/assistant/): how often they propose what was meant, on the
 * phrases they were written with and on the held-out ones, and how long a message takes against
 * the quick-add parser reading the same text (the baseline: the rules are built on it).
 * Run alone with `npm run bench:assistant`; `npm run bench` prints it too.
 */
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { CORPUS_CASES } from "../domain/assistant/corpus.js";
import { runCase } from "../domain/assistant/corpus-check.js";
import {
  CORPUS_CATEGORIES,
  CORPUS_SCENES,
  CORPUS_TASKS,
  type CorpusCase,
} from "../domain/assistant/corpus-fixtures.js";
import { HELD_OUT_CASES } from "../domain/assistant/corpus-held-out.js";
import { proposeActions } from "../domain/assistant/propose.js";
import { parseQuickAdd } from "../domain/quick-add/index.js";

/** The issue's goal for the rules' accuracy over the whole corpus. */
export const ASSISTANT_ACCURACY_GOAL = 0.95;

export interface AssistantResult {
  written: { passed: number; total: number };
  heldOut: { passed: number; total: number; misses: string[] };
  /** Microseconds per message: the rules, and quick add on the same text. */
  microsPerMessage: { rules: number; quickAdd: number };
}

function passedOf(cases: readonly CorpusCase[]): { passed: number; misses: string[] } {
  const misses = cases.filter((corpusCase) => !runCase(corpusCase).passed).map((corpusCase) => corpusCase.say);
  return { passed: cases.length - misses.length, misses };
}

function microsPer(cases: readonly CorpusCase[], read: (corpusCase: CorpusCase) => void): number {
  for (const corpusCase of cases) read(corpusCase); // warm up
  const rounds = 20;
  const start = performance.now();
  for (let round = 0; round < rounds; round += 1) for (const corpusCase of cases) read(corpusCase);
  return ((performance.now() - start) * 1000) / (rounds * cases.length);
}

export function measureAssistant(): AssistantResult {
  const written = passedOf(CORPUS_CASES);
  const heldOut = passedOf(HELD_OUT_CASES);
  const all = [...CORPUS_CASES, ...HELD_OUT_CASES];
  const categories = CORPUS_CATEGORIES.map((category) => ({ id: category.id, name: category.label }));
  const rules = microsPer(all, (corpusCase) =>
    proposeActions(
      corpusCase.say,
      { tasks: CORPUS_TASKS, categories: CORPUS_CATEGORIES, currentTaskId: corpusCase.currentTask ?? null },
      CORPUS_SCENES[corpusCase.scene ?? "berlin"],
    ),
  );
  const quickAdd = microsPer(all, (corpusCase) =>
    parseQuickAdd(corpusCase.say, { ...CORPUS_SCENES[corpusCase.scene ?? "berlin"], categories }),
  );
  return {
    written: { passed: written.passed, total: CORPUS_CASES.length },
    heldOut: { passed: heldOut.passed, total: HELD_OUT_CASES.length, misses: heldOut.misses },
    microsPerMessage: { rules, quickAdd },
  };
}

export function printAssistant(result: AssistantResult): void {
  const percent = (passed: number, total: number) => `${((passed / total) * 100).toFixed(1)} %`;
  const passed = result.written.passed + result.heldOut.passed;
  const total = result.written.total + result.heldOut.total;
  const met = passed / total >= ASSISTANT_ACCURACY_GOAL;
  console.log("");
  console.log(
    `Assistant rules: ${passed} of ${total} phrases as meant (${percent(passed, total)}), goal ≥ ${ASSISTANT_ACCURACY_GOAL * 100} %: ${met ? "met" : "NOT met"}`,
  );
  console.log(`  written with the rules: ${result.written.passed} of ${result.written.total}`);
  console.log(
    `  held out:               ${result.heldOut.passed} of ${result.heldOut.total} (${percent(result.heldOut.passed, result.heldOut.total)})`,
  );
  for (const miss of result.heldOut.misses) console.log(`    missed: ${miss}`);
  const { rules, quickAdd } = result.microsPerMessage;
  console.log(
    `  per message: ${rules.toFixed(0)} µs, quick add on the same text ${quickAdd.toFixed(0)} µs (ratio ${(rules / quickAdd).toFixed(2)})`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) printAssistant(measureAssistant());
