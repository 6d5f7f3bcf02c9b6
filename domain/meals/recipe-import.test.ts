import fc from "fast-check";
import { describe, expect, it } from "vitest";
import bareJson from "./fixtures/bare.json?raw";
import chefkochPage from "./fixtures/chefkoch.html?raw";
import malformedThenValidPage from "./fixtures/malformed-then-valid.html?raw";
import sectionsPage from "./fixtures/sections.html?raw";
import wordpressPage from "./fixtures/wordpress-yoast.html?raw";
import { decodeEntities, importRecipe, MAX_INPUT_CHARS, parseDuration, type ImportedRecipe } from "./recipe-import.js";

function recipeOf(input: string): ImportedRecipe {
  const result = importRecipe(input);
  if (!result.ok) throw new Error(result.message);
  return result.recipe;
}

describe("importing a recipe page", () => {
  it("finds the Recipe in a WordPress page's Yoast @graph, among the article, breadcrumbs and person", () => {
    const recipe = recipeOf(wordpressPage);
    expect(recipe).toMatchObject({
      name: "Easy Banana Bread",
      description: "Moist, tender banana bread made in one bowl & ready for the oven in 10 minutes. No mixer needed!",
      totalMinutes: 70,
      prepMinutes: 10,
      cookMinutes: 60,
      servings: 10,
      yieldText: "1 loaf (10 slices)",
      imageUrl: "https://example-kitchen.com/wp-content/uploads/2024/03/banana-bread-500x500.jpg",
    });
    expect(recipe.ingredients).toHaveLength(8);
    expect(recipe.ingredients[0]).toBe("3 ripe bananas, mashed");
    expect(recipe.steps).toHaveLength(4);
    expect(recipe.steps[0]).toBe("Preheat the oven to 350°F (175°C) and butter a 4x8-inch loaf pan.");
    // The text, not the shortened name, and the curly apostrophe decoded.
    expect(recipe.steps[2]).toMatch(/Mix in the flour\.$/);
    expect(recipe.steps[3]).toMatch(/Don’t open the oven early!$/);
    expect(recipe.sections).toBeUndefined();
    expect(recipe.tags).toEqual(["banana bread", "easy", "one bowl", "Bread", "Breakfast", "American"]);
  });

  it("reads a Chefkoch-like German page: upper-case script tag, single quotes, steps in one text", () => {
    const recipe = recipeOf(chefkochPage);
    expect(recipe.name).toBe("Omas Kartoffelsalat mit Brühe");
    expect(recipe.description).toContain("► Portionsrechner");
    expect(recipe.ingredients).toContain("1 kg Kartoffel(n), festkochende");
    expect(recipe.ingredients).toContain("Salz und Pfeffer");
    expect(recipe.ingredients).toContain("½ Bund Schnittlauch");
    expect(recipe.steps).toHaveLength(3);
    expect(recipe.steps[2]).toBe("Mindestens 1 Stunde ziehen lassen, dann mit Schnittlauch bestreuen. Guten Appetit!");
    expect(recipe).toMatchObject({
      prepMinutes: 30,
      cookMinutes: 20,
      totalMinutes: 110,
      servings: 4,
      yieldText: "4 Portionen",
    });
    expect(recipe.tags).toEqual(["Beilage", "Salat", "Kartoffeln", "einfach", "raffiniert oder preiswert", "Sommer"]);
    expect(recipe.imageUrl).toMatch(/^https:\/\/img\.chefkoch-cdn\.de\//);
  });

  it("keeps HowToSection names, from a list whose Recipe is also a NewsArticle", () => {
    const recipe = recipeOf(sectionsPage);
    expect(recipe.name).toBe("Overnight Cinnamon Rolls");
    expect(recipe.description).toBe("Soft rolls you shape the night before – bake them in the morning.");
    expect(recipe.sections?.map((section) => section.name)).toEqual([
      "For the dough",
      "Filling & shaping",
      "In the morning",
    ]);
    expect(recipe.sections?.map((section) => section.steps.length)).toEqual([2, 2, 2]);
    expect(recipe.steps).toHaveLength(6);
    expect(recipe.steps[4]).toBe("Bake at 180 °C for 25 minutes.");
    expect(recipe.steps[5]).toBe("Stir icing sugar and cream cheese together and spread over the warm rolls.");
    expect(recipe).toMatchObject({
      servings: 12,
      yieldText: "12",
      totalMinutes: 600,
      imageUrl: "https://weekendbakes.example/img/rolls.jpg",
    });
    expect(recipe.tags).toEqual(["brunch", "yeast dough", "make ahead", "Swedish"]);
  });

  it("reads bare JSON-LD", () => {
    const recipe = recipeOf(bareJson);
    expect(recipe).toMatchObject({
      name: "Weeknight Lentil Soup",
      servings: 4,
      yieldText: "4 servings",
      totalMinutes: 90,
      prepMinutes: null,
      cookMinutes: null,
      imageUrl: "https://soup.example/lentil.jpg",
      tags: ["vegan", "soup"],
    });
    expect(recipe.steps).toEqual([
      "Soften the onion and carrots in a little oil.",
      "Add the lentils, cumin and broth; simmer for 25 minutes.",
      "Season with salt and serve.",
    ]);
  });

  it("skips a script with broken JSON and reads the next one", () => {
    const recipe = recipeOf(malformedThenValidPage);
    expect(recipe.name).toBe("Tomato Pasta");
    expect(recipe.steps).toEqual(["Boil the pasta.", "Simmer the tomatoes with the garlic.", "Toss together."]);
    expect(recipe).toMatchObject({ servings: 2, yieldText: "2 portions", cookMinutes: 15, totalMinutes: 15 });
  });
});

describe("when there is no recipe to import", () => {
  it("says no recipe was found on a page without one", () => {
    expect(importRecipe("<html><head><title>Hello</title></head><body>Just a blog post</body></html>")).toEqual({
      ok: false,
      error: "not-found",
      message: "No recipe found on that page.",
    });
    expect(importRecipe(wordpressPage.replace('"@type":"Recipe"', '"@type":"HowTo"'))).toMatchObject({
      error: "not-found",
    });
  });

  it("says the data could not be read when the only JSON-LD is broken", () => {
    const page = '<script type="application/ld+json">{"@type": "Recipe", "name": "Oops",}</script>';
    expect(importRecipe(page)).toMatchObject({
      ok: false,
      error: "unreadable",
      message: "The recipe data on that page could not be read.",
    });
    expect(importRecipe("{not json")).toMatchObject({ ok: false, error: "unreadable" });
  });

  it("refuses input over 2 MB before reading it", () => {
    const huge = wordpressPage + " ".repeat(MAX_INPUT_CHARS);
    expect(importRecipe(huge)).toMatchObject({
      ok: false,
      error: "too-large",
      message: "That page is too large to import (more than 2 MB).",
    });
  });

  it("never throws, whatever the page", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (junk) => {
        const result = importRecipe(`<script type="application/ld+json">${junk}</script>${junk}`);
        expect(typeof result.ok).toBe("boolean");
      }),
    );
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const result = importRecipe(
          JSON.stringify({
            "@type": "Recipe",
            name: value,
            recipeIngredient: value,
            recipeInstructions: value,
            recipeYield: value,
            image: value,
            keywords: value,
          }),
        );
        expect(result.ok).toBe(true);
      }),
    );
  });
});

describe("the parts of a recipe", () => {
  const recipe = (fields: Record<string, unknown>) =>
    recipeOf(JSON.stringify({ "@type": "Recipe", name: "Test", ...fields }));

  it.each([
    ["PT1H30M", 90],
    ["P0DT45M", 45],
    ["PT90M", 90],
    ["P0DT1H0M", 60],
    ["PT20M30S", 21],
    ["P1D", 1440],
    ["pt15m", 15],
    ["30 minutes", null],
    ["P", null],
    ["PT", null],
    ["", null],
  ])("duration %s is %s minutes", (duration, minutes) => {
    expect(parseDuration(duration)).toBe(minutes);
  });

  it.each<[unknown, number | null, string | null]>([
    ["4", 4, "4"],
    [4, 4, "4"],
    ["4 servings", 4, "4 servings"],
    [["4", "4 portions"], 4, "4 portions"],
    ["Für 6 Personen", 6, "Für 6 Personen"],
    ["1 loaf", 1, "1 loaf"],
    ["some", null, "some"],
    [undefined, null, null],
  ])("yield %o is %s servings", (recipeYield, servings, yieldText) => {
    expect(recipe({ recipeYield })).toMatchObject({ servings, yieldText });
  });

  it("adds prep and cook time when the page gives no total", () => {
    expect(recipe({ prepTime: "PT15M", cookTime: "PT1H" })).toMatchObject({ totalMinutes: 75 });
    expect(recipe({})).toMatchObject({ totalMinutes: null, prepMinutes: null, cookMinutes: null });
  });

  it("puts loose steps before the first section into a section without a name", () => {
    const found = recipe({
      recipeInstructions: [
        "Preheat the oven.",
        { "@type": "HowToSection", name: "Sauce", itemListElement: [{ "@type": "HowToStep", text: "Stir." }] },
      ],
    });
    expect(found.sections).toEqual([
      { name: "", steps: ["Preheat the oven."] },
      { name: "Sauce", steps: ["Stir."] },
    ]);
    expect(found.steps).toEqual(["Preheat the oven.", "Stir."]);
  });

  it("finds the recipe under mainEntity and with a full schema.org type", () => {
    const page = JSON.stringify({
      "@type": "WebPage",
      mainEntity: { "@type": "https://schema.org/Recipe", name: "Nested" },
    });
    expect(recipeOf(page).name).toBe("Nested");
  });

  it("keeps only web image addresses", () => {
    expect(recipe({ image: "javascript:alert(1)" }).imageUrl).toBeNull();
    expect(
      recipe({ image: ["data:image/png;base64,AAAA", { url: "https://x.example/a.jpg?w=1&amp;h=2" }] }).imageUrl,
    ).toBe("https://x.example/a.jpg?w=1&h=2");
  });

  it("caps long lists", () => {
    const found = recipe({
      recipeIngredient: Array.from({ length: 1000 }, (_, i) => `${i} g flour`),
      recipeInstructions: Array.from({ length: 1000 }, (_, i) => `Step ${i}`),
      keywords: Array.from({ length: 100 }, (_, i) => `tag ${i}`).join(","),
    });
    expect(found.ingredients).toHaveLength(200);
    expect(found.steps).toHaveLength(200);
    expect(found.tags).toHaveLength(30);
  });

  it("strips tags but keeps the text inside them", () => {
    expect(recipe({ recipeIngredient: ["<a href='/flour'>flour</a> &amp; <em>salt</em>"] }).ingredients).toEqual([
      "flour & salt",
    ]);
  });
});

describe("decoding HTML entities", () => {
  it.each([
    ["Fish &amp; Chips", "Fish & Chips"],
    ["M&uuml;sli &ndash; &frac12; Tasse", "Müsli – ½ Tasse"],
    ["it&#8217;s &#x1F60B;", "it’s 😋"],
    ["&unknown; &amp", "&unknown; &amp"],
    ["&#0; &#xD800;", "&#0; &#xD800;"],
  ])("%s", (encoded, decoded) => {
    expect(decodeEntities(encoded)).toBe(decoded);
  });
});

describe("control characters in an imported page", () => {
  it("takes them out, raw or as entities, so the form offers what saving accepts", () => {
    const page = `<script type="application/ld+json">${JSON.stringify({
      "@type": "Recipe",
      name: "Tomato\u0007 soup&#7;",
      recipeIngredient: ["1\u0000 onion", "2 tomatoes\u0085"],
      keywords: "soup\u001b, quick",
    })}</script>`;
    const result = importRecipe(page);
    if (!result.ok) throw new Error(result.message);
    expect(result.recipe.name).toBe("Tomato soup");
    expect(result.recipe.ingredients).toEqual(["1 onion", "2 tomatoes"]);
    expect(result.recipe.tags).toEqual(["soup", "quick"]);
  });
});
