import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  categoryIdFromName,
  categoryLook,
  DEFAULT_CATEGORIES,
  NEW_CATEGORY_COLORS,
  nextCategoryColor,
  DEFAULT_CATEGORY_LABELS,
  isProblematicCategoryId,
} from "./categories.js";

describe("categoryIdFromName", () => {
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

describe("isProblematicCategoryId", () => {
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

describe("categoryLook: what a task's category shows", () => {
  it("calls the defaults by their labels, with or without their group's list", () => {
    const labels = ["Work Tasks", "Personal Tasks", "Shopping List", "Family Events", "Other Tasks"];
    expect(DEFAULT_CATEGORY_LABELS).toEqual(labels);
    expect(DEFAULT_CATEGORIES.map((category) => categoryLook([], category.id).label)).toEqual(labels);
    expect(DEFAULT_CATEGORIES.map((category) => categoryLook(DEFAULT_CATEGORIES, category.id).label)).toEqual(labels);
  });

  it("takes the group's own category first: a renamed default, a category of its own", () => {
    const group = [
      { id: "work", label: "Office", icon: "star", color: "bg-red-500" },
      { id: "garden", label: "Garden", icon: "home", color: "bg-green-500" },
    ] as const;
    expect(categoryLook(group, "work")).toEqual({ id: "work", label: "Office", icon: "star", color: "bg-red-500" });
    expect(categoryLook(group, "garden").label).toBe("Garden");
    expect(categoryLook(group, "other").label).toBe("Other Tasks");
  });

  it("shows an id nobody here knows as itself on a grey folder", () => {
    expect(categoryLook([], "garden")).toEqual({ id: "garden", label: "garden", icon: "folder", color: "bg-gray-500" });
  });
});

describe("nextCategoryColor: a new category's colour", () => {
  it("takes a colour no category of the group has, while there is one, and never grey", () => {
    const used: string[] = DEFAULT_CATEGORIES.map((category) => category.color);
    const picked: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const color = nextCategoryColor([...used, ...picked]);
      picked.push(color);
    }
    expect(picked).toEqual(["bg-green-500", "bg-yellow-500", "bg-red-500"]);
    expect(nextCategoryColor([])).toBe("bg-blue-500");
  });

  it("spreads the colours evenly once every one is taken", () => {
    const used: string[] = [];
    for (let index = 0; index < NEW_CATEGORY_COLORS.length * 3; index += 1) used.push(nextCategoryColor(used));
    for (const color of NEW_CATEGORY_COLORS) expect(used.filter((taken) => taken === color)).toHaveLength(3);
    expect(used).not.toContain("bg-gray-500");
  });
});
