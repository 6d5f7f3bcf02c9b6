import { beforeAll, expect, it } from "vitest";
import type { Recipe } from "../../domain/meals/meals.js";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";

/**
 * Control characters sent to the household modules, on both databases: what an import offers is
 * clean enough to save, and a key the server never makes is refused rather than stored.
 */
describeEachDialect("household modules and control characters", (_dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let family: string;

  beforeAll(async () => {
    ({ client: ada } = await signUp(context.server.baseUrl, "Ada Controls"));
    const created = await ada.request("/api/groups", { json: { name: "Family", type: "family" } });
    family = ((await created.json()) as { id: string }).id;
  });

  const url = (path: string) => `/api/groups/${family}${path}`;

  it("imports a page whose recipe holds control characters as text that saves", async () => {
    const page = `<script type="application/ld+json">${JSON.stringify({
      "@type": "Recipe",
      name: "Tomato\u0007 soup&#27;",
      recipeIngredient: ["1\u0000 onion", "500 g tomatoes\u0085"],
    })}</script>`;
    const imported = await ada.request(url("/recipes/import"), { json: { text: page } });
    expect(imported.status).toBe(200);
    const { recipe } = (await imported.json()) as { recipe: Record<string, unknown> };
    expect(recipe).toMatchObject({ name: "Tomato soup", ingredients: ["1 onion", "500 g tomatoes"] });

    const saved = await ada.request(url("/recipes"), {
      json: { name: recipe.name, ingredients: recipe.ingredients, servings: 2 },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    expect(((await saved.json()) as Recipe).name).toBe("Tomato soup");
  });

  it("refuses a suggestion key with control characters, which the server never makes", async () => {
    const refused = await ada.request(url("/shopping/suggestions/dismiss"), { json: { key: "mi\u0007lk" } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: { code: "validation_failed", message: "body.key: Use no control characters" },
    });
    const rows = await context.server.database.db.selectFrom("shopping_dismissals").selectAll().execute();
    expect(rows).toEqual([]);
  });
});
