import { describe, expect, it } from "vitest";
import { AISLE_IDS as AISLES } from "./aisles.js";
import { HELD_OUT_ITEMS } from "./classifier-held-out.js";

describe("the held-out classifier items", () => {
  it("are 200 lines, none repeated", () => {
    expect(HELD_OUT_ITEMS).toHaveLength(200);
    const texts = new Set(HELD_OUT_ITEMS.map((item) => item.text.trim().toLowerCase()));
    expect(texts.size).toBe(200);
  });

  it("cover every aisle in both halves (English first, then German)", () => {
    for (const half of [HELD_OUT_ITEMS.slice(0, 100), HELD_OUT_ITEMS.slice(100)]) {
      const seen = new Set(half.map((item) => item.aisle));
      expect([...seen].sort()).toEqual([...AISLES].sort());
    }
  });

  it("are typed as people type them, not as a catalogue", () => {
    expect(HELD_OUT_ITEMS.filter((item) => /\d/.test(item.text)).length).toBeGreaterThanOrEqual(15);
    expect(HELD_OUT_ITEMS.filter((item) => /^[A-ZÄÖÜ]/.test(item.text)).length).toBeGreaterThanOrEqual(20);
  });
});
