import { describe, expect, it } from "vitest";
import { categoriesBeginningWith, typedCategoryAt } from "./CategorySuggestions";

const categories = [
  { label: "Work Tasks" },
  { label: "Shopping List" },
  { label: "Élan vital" },
  { label: "Other Tasks" },
];
const labels = (list: { label: string }[]) => list.map((category) => category.label);

describe("category suggestions while typing #name", () => {
  it("finds the name being typed at the caret, and none once a space ends it", () => {
    expect(typedCategoryAt("Buy milk #sho", 13)).toEqual({ start: 9, end: 13, typed: "sho" });
    expect(typedCategoryAt("Buy milk #sho p1", 13)).toEqual({ start: 9, end: 13, typed: "sho" });
    expect(typedCategoryAt("Buy milk #shop p1", 16)).toBeNull();
    expect(typedCategoryAt("Issue#4", 7)).toBeNull();
  });

  it("offers names it begins, then names with a word it begins, without case or accents", () => {
    expect(labels(categoriesBeginningWith("sho", categories))).toEqual(["Shopping List"]);
    expect(labels(categoriesBeginningWith("TA", categories))).toEqual(["Work Tasks", "Other Tasks"]);
    expect(labels(categoriesBeginningWith("elan", categories))).toEqual(["Élan vital"]);
    expect(labels(categoriesBeginningWith("", categories))).toHaveLength(4);
    expect(categoriesBeginningWith("zzz", categories)).toEqual([]);
  });
});
