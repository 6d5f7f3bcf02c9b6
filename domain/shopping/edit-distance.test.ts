import { describe, expect, it } from "vitest";
import { boundedDistance } from "./edit-distance.js";

describe("boundedDistance", () => {
  it("counts insertions, deletions, substitutions and adjacent swaps as one edit each", () => {
    expect(boundedDistance("milk", "milk", 2)).toBe(0);
    expect(boundedDistance("milk", "milks", 2)).toBe(1);
    expect(boundedDistance("milk", "mil", 2)).toBe(1);
    expect(boundedDistance("milk", "silk", 2)).toBe(1);
    expect(boundedDistance("milk", "mlik", 2)).toBe(1);
    expect(boundedDistance("banana", "bnanaa", 2)).toBe(2);
  });

  it("stops at the limit", () => {
    expect(boundedDistance("milk", "bread", 1)).toBe(2);
    expect(boundedDistance("a", "abcd", 2)).toBe(3);
  });
});
