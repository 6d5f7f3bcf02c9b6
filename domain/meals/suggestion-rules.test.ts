import { describe, expect, it } from "vitest";
import { rankSuggestions } from "./suggestion-rules";

const recipes = [
  { id: "pasta", name: "Pasta", tags: ["Italian"], ingredients: ["500 g Nudeln", "1 can tomatoes", "Basil"] },
  { id: "curry", name: "Curry", tags: ["Indian"], ingredients: ["Rice", "2 onions", "Coconut milk", "Chicken"] },
  { id: "pizza", name: "Pizza", tags: ["italian"], ingredients: ["Mehl", "tomatoes", "Mozzarella"] },
];

describe("rankSuggestions", () => {
  it("puts the recipes whose ingredients are at hand first, and says so", () => {
    const ranked = rankSuggestions("2026-11-25", recipes, [], ["1 kg Nudeln", "tomato", "Reis"]);
    expect(ranked.map((suggestion) => suggestion.recipeId)).toEqual(["pasta", "pizza", "curry"]);
    expect(ranked[0]!.reasons).toEqual([
      "You have 2 of 3 ingredients",
      "Not planned before",
      "Adds variety to the week",
    ]);
    expect(ranked[0]).toMatchObject({ have: 2, total: 3 });
  });

  it("leaves out a recipe planned within 7 days either side, and counts days since the last time", () => {
    const planned = [
      { recipeId: "pasta", date: "2026-11-30" },
      { recipeId: "curry", date: "2026-11-13" },
    ];
    const ranked = rankSuggestions("2026-11-25", recipes, planned, []);
    expect(ranked.map((suggestion) => suggestion.recipeId)).not.toContain("pasta");
    expect(ranked.find((suggestion) => suggestion.recipeId === "curry")!.reasons[1]).toBe("Not planned for 12 days");
    // Seven days on it may come back.
    expect(rankSuggestions("2026-12-07", recipes, planned, []).map((s) => s.recipeId)).toContain("pasta");
  });

  it("counts tags the week already has against a recipe", () => {
    const planned = [{ recipeId: "pasta", date: "2026-11-23" }];
    const ranked = rankSuggestions("2026-11-27", recipes, planned, ["Mehl", "tomatoes"]);
    const pizza = ranked.find((suggestion) => suggestion.recipeId === "pizza")!;
    expect(pizza.reasons).toContain("Already this week: italian");
    const alone = rankSuggestions("2026-11-27", recipes, [], ["Mehl", "tomatoes"]);
    expect(pizza.score).toBeLessThan(alone.find((suggestion) => suggestion.recipeId === "pizza")!.score - 0.1);
    expect(ranked.find((suggestion) => suggestion.recipeId === "curry")!.reasons).toContain("Adds variety to the week");
  });
});
