import { describe, expect, it } from "vitest";
import { listOf, pairsOf } from "./word-list.js";

describe("word lists", () => {
  it("splits on commas across lines, keeping spaces inside entries", () => {
    expect(listOf("\n  apple, cherry tomatoes,\n  pear\n")).toEqual(["apple", "cherry tomatoes", "pear"]);
  });

  it("reads pairs", () => {
    expect(pairsOf("leaves leaf, loaves loaf")).toEqual([
      ["leaves", "leaf"],
      ["loaves", "loaf"],
    ]);
  });
});
