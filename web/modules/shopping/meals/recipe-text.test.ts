import { describe, expect, it } from "vitest";
import { sectionsToText, textToSections } from "./recipe-text";

describe("recipe steps as text", () => {
  it("reads steps a line each, and '#' lines as section names", () => {
    const text = "Preheat the oven.\n# For the dough\nMix.\n\n  Knead.  \n# Empty\n# Filling\nFill.";
    expect(textToSections(text)).toEqual([
      { name: "", steps: ["Preheat the oven."] },
      { name: "For the dough", steps: ["Mix.", "Knead."] },
      { name: "Empty", steps: [] },
      { name: "Filling", steps: ["Fill."] },
    ]);
  });

  it("writes sections back the same way", () => {
    const sections = [
      { name: "", steps: ["One."] },
      { name: "Sauce", steps: ["Two.", "Three."] },
    ];
    expect(textToSections(sectionsToText(sections))).toEqual(sections);
  });
});
