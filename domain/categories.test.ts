import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { categoryIdFromName, DEFAULT_CATEGORIES, isProblematicCategoryId } from "./categories.js";

describe("categoryIdFromName (spec §5)", () => {
  it.each([
    ["Work", "work"],
    ["School Runs", "school-runs"],
    ["  Meal   plans ", "meal-plans"],
    ["2024", "cat-2024"],
    ["3D printing", "cat-3d-printing"],
    ["Unknown stuff", "custom-stuff"],
    ["Ärzte", "ärzte"],
  ])("%s → %s", (name, id) => {
    expect(categoryIdFromName(name)).toBe(id);
  });

  it("gives no id for an empty name", () => {
    expect(categoryIdFromName("   ")).toBeNull();
  });

  it("always starts with a letter, never has spaces or 'unknown'", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (name) => {
        const id = categoryIdFromName(name);
        if (id === null) return name.trim() === "";
        return /^\p{L}/u.test(id) && !/\s/.test(id) && !id.includes("unknown");
      }),
    );
  });

  it("keeps the ids of the default categories", () => {
    for (const category of DEFAULT_CATEGORIES) expect(categoryIdFromName(category.name)).toBe(category.id);
  });
});

describe("isProblematicCategoryId (spec §5)", () => {
  it.each(["", "  ", "42", "unknown", "unknown-category"])("%j is problematic", (id) => {
    expect(isProblematicCategoryId(id)).toBe(true);
  });

  it.each(["work", "other", "cat-42", "custom-stuff"])("%j is fine", (id) => {
    expect(isProblematicCategoryId(id)).toBe(false);
  });

  it("never calls an id made by categoryIdFromName problematic", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (name) => {
        const id = categoryIdFromName(name);
        return id === null || !isProblematicCategoryId(id);
      }),
    );
  });
});
