import { describe, expect, it } from "vitest";
import { CORPUS_CASES } from "./corpus.js";
import { runCase } from "./corpus-check.js";
import { HELD_OUT_CASES } from "./corpus-held-out.js";

describe("the assistant's rules on the phrases they were written with", () => {
  it.each(CORPUS_CASES.map((corpusCase) => [corpusCase.say, corpusCase] as const))("%s", (_say, corpusCase) => {
    const outcome = runCase(corpusCase);
    expect({ actions: outcome.got, asked: outcome.asked }).toEqual({
      actions: corpusCase.expect.map((action) => expect.objectContaining(action) as unknown),
      asked: corpusCase.ask ?? false,
    });
    expect(outcome.passed, JSON.stringify(outcome.got)).toBe(true);
  });
});

describe("the assistant's rules on held-out phrases", () => {
  it("proposes what was meant for at least 90 % of phrases they were not written with", () => {
    const failed = HELD_OUT_CASES.map((corpusCase) => ({ corpusCase, outcome: runCase(corpusCase) })).filter(
      ({ outcome }) => !outcome.passed,
    );
    const accuracy = 1 - failed.length / HELD_OUT_CASES.length;
    const misses = failed.map(({ corpusCase, outcome }) => `${corpusCase.say} → ${JSON.stringify(outcome.got)}`);
    expect(accuracy, misses.join("\n")).toBeGreaterThanOrEqual(0.9);
  });
});
