import { readFileSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import type { AddMissingResult, Meal, Recipe, Suggestions, WeekPlan } from "../../domain/meals/meals.js";
import type { GroupTasks } from "../../domain/tasks.js";
import { CategoryRepository } from "../../server/repositories/category-repository.js";
import { describeEachDialect } from "../helpers/databases.js";
import { createSharedGroup } from "../helpers/groups.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { openLiveSocket } from "../helpers/sockets.js";
import { addTaskOverApi } from "../helpers/tasks.js";

const fixture = (name: string) => readFileSync(new URL(`../../domain/meals/fixtures/${name}`, import.meta.url), "utf8");

/** The meal planner of the shopping module over HTTP (docs/shopping.md, "Meals"). */
describeEachDialect("meal planner", (_dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let bob: HttpClient;
  let bobId: string;
  let eve: HttpClient;
  let family: string;
  const week = "2030-03-04";

  const ok = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (status === 204 ? null : await response.json()) as T;
  };
  const url = (path: string) => `/api/groups/${family}${path}`;
  const addRecipe = async (body: Record<string, unknown>) =>
    ok<Recipe>(await ada.request(url("/recipes"), { json: body }), 201);
  const planMeal = async (client: HttpClient, body: Record<string, unknown>) =>
    ok<Meal>(await client.request(url("/meal-plan/meals"), { json: { slot: "dinner", ...body } }), 201);
  const openShopping = async () =>
    (await ok<GroupTasks>(await ada.request(url("/tasks")))).tasks
      .filter((task) => task.category === "shopping" && !task.completed)
      .map((task) => task.title)
      .sort();

  beforeAll(async () => {
    let adaId: string;
    ({ client: ada, id: adaId } = await signUp(context.server.baseUrl, "Ada Meals"));
    ({ client: bob, id: bobId } = await signUp(context.server.baseUrl, "Bob Meals"));
    ({ client: eve } = await signUp(context.server.baseUrl, "Eve Meals"));
    family = await createSharedGroup(context.server.database.db, { ownerId: adaId, memberIds: [bobId] });
    // A group made in the app starts with the default categories, its Shopping List among them.
    await new CategoryRepository(context.server.database.db).insertDefaultsIfMissing(family, new Date().toISOString());
  });

  it("adds, reads, changes and deletes a group's recipes, for any member", async () => {
    const created = await addRecipe({
      name: "Tomato soup",
      ingredients: ["500 g tomatoes", "1 onion", "Salz"],
      sections: [{ name: "", steps: ["Chop.", "Simmer."] }],
      tags: ["Soup"],
      servings: 2,
      imageUrl: "https://example.org/soup.jpg",
    });
    expect(created).toMatchObject({ name: "Tomato soup", servings: 2, tags: ["Soup"], description: "" });
    expect(created.ingredients[0]).toEqual({ text: "500 g tomatoes", name: "tomatoes", quantity: 500, unit: "g" });

    const changed = await ok<Recipe>(
      await bob.request(url(`/recipes/${created.id}`), {
        method: "PUT",
        json: { name: "Tomato soup for four", ingredients: ["1 kg tomatoes"], servings: 4 },
      }),
    );
    expect(changed).toMatchObject({ name: "Tomato soup for four", servings: 4, tags: [] });
    expect((await ok<Recipe>(await ada.request(url(`/recipes/${created.id}`)))).name).toBe("Tomato soup for four");
    const listed = await ok<{ recipes: Recipe[] }>(await bob.request(url("/recipes")));
    expect(listed.recipes.map((recipe) => recipe.id)).toContain(created.id);

    await ok(await bob.request(url(`/recipes/${created.id}`), { method: "DELETE" }), 204);
    expect((await ada.request(url(`/recipes/${created.id}`))).status).toBe(404);
    expect((await ada.request(url(`/recipes/${created.id}`), { method: "DELETE" })).status).toBe(404);
  });

  it("reads a recipe from a pasted page or its JSON-LD without saving it", async () => {
    const before = (await ok<{ recipes: Recipe[] }>(await ada.request(url("/recipes")))).recipes.length;
    const page = await ok<{ recipe: { name: string; ingredients: string[]; servings: number | null } }>(
      await ada.request(url("/recipes/import"), { json: { text: fixture("chefkoch.html") } }),
    );
    expect(page.recipe.name).toBe("Omas Kartoffelsalat mit Brühe");
    expect(page.recipe.ingredients).toContain("1 kg Kartoffel(n), festkochende");
    const bare = await ok<{ recipe: { name: string; servings: number | null; sections: unknown[] } }>(
      await ada.request(url("/recipes/import"), { json: { text: fixture("bare.json") } }),
    );
    expect(bare.recipe).toMatchObject({ name: "Weeknight Lentil Soup", servings: 4 });
    expect(bare.recipe.sections).toHaveLength(1);
    const sections = await ok<{ recipe: { sections: { name: string }[] } }>(
      await ada.request(url("/recipes/import"), { json: { text: fixture("sections.html") } }),
    );
    expect(sections.recipe.sections.length).toBeGreaterThan(1);
    const none = await ada.request(url("/recipes/import"), { json: { text: "<html><body>No recipe</body></html>" } });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({
      error: { code: "validation_failed", message: "No recipe found on that page." },
    });
    expect((await ok<{ recipes: Recipe[] }>(await ada.request(url("/recipes")))).recipes).toHaveLength(before);
  });

  it("plans meals on days, moves and removes them", async () => {
    const stew = await addRecipe({ name: "Stew", ingredients: ["1 kg beef"], servings: 4, tags: ["Meat"] });
    const dinner = await planMeal(ada, { date: "2030-03-05", recipeId: stew.id, servings: 3, cookId: bobId });
    const lunch = await planMeal(bob, { date: "2030-03-06", slot: "Picnic", title: "Sandwiches" });
    expect(dinner).toMatchObject({ title: "Stew", servings: 3, cookId: bobId, ingredientsAdded: false });

    const plan = await ok<WeekPlan>(await ada.request(url("/meal-plan?week=2030-03-07")));
    expect(plan.week).toBe(week);
    expect(plan.meals.map((meal) => [meal.date, meal.slot, meal.title])).toEqual([
      ["2030-03-05", "dinner", "Stew"],
      ["2030-03-06", "Picnic", "Sandwiches"],
    ]);

    const moved = await ok<Meal>(
      await bob.request(url(`/meal-plan/meals/${dinner.id}`), { method: "PATCH", json: { date: "2030-03-11" } }),
    );
    expect(moved.date).toBe("2030-03-11");
    expect((await ok<WeekPlan>(await ada.request(url(`/meal-plan?week=${week}`)))).meals).toHaveLength(1);
    await ok(await ada.request(url(`/meal-plan/meals/${lunch.id}`), { method: "DELETE" }), 204);
    await ok(await ada.request(url(`/meal-plan/meals/${dinner.id}`), { method: "DELETE" }), 204);
    expect((await ok<WeekPlan>(await ada.request(url(`/meal-plan?week=${week}`)))).meals).toEqual([]);
    expect((await ada.request(url(`/meal-plan/meals/${lunch.id}`), { method: "DELETE" })).status).toBe(404);

    // Without servings, a recipe's meal is for as many as the recipe; free text for 2.
    const fromRecipe = await planMeal(bob, { date: "2030-03-08", recipeId: stew.id });
    const leftovers = await planMeal(bob, { date: "2030-03-08", title: "Leftovers" });
    expect([fromRecipe.servings, leftovers.servings]).toEqual([4, 2]);
    for (const meal of [fromRecipe, leftovers])
      await ok(await bob.request(url(`/meal-plan/meals/${meal.id}`), { method: "DELETE" }), 204);
  });

  it("adds the week's missing ingredients, scaled and merged, without duplicates", async () => {
    const pancakes = await addRecipe({
      name: "Pancakes",
      ingredients: ["250 g Mehl", "2 Eier", "500 ml Milch"],
      servings: 2,
      tags: ["Sweet"],
    });
    await planMeal(ada, { date: "2030-03-04", recipeId: pancakes.id, servings: 4 });
    await planMeal(bob, { date: "2030-03-06", recipeId: pancakes.id, servings: 2 });
    await planMeal(bob, { date: "2030-03-07", title: "Eating out" });
    await addTaskOverApi(ada, family, "Mehl 250 g", { category: "shopping" });
    await addTaskOverApi(bob, family, "Eier", { category: "shopping" });

    const result = await ok<AddMissingResult>(await bob.request(url("/meal-plan/add-missing"), { json: { week } }));
    expect(result.added).toEqual(["1500 ml Milch"]);
    expect(result.merged).toEqual([{ from: "Mehl 250 g", to: "1000 g Mehl" }]);
    expect(result.skipped).toEqual([{ item: "6 Eier", reason: '"Eier" is already on the list' }]);
    expect(result.summary).toBe("Added 1 item, updated the amount of 1 item, left 1 item on the list as it was.");
    expect(await openShopping()).toEqual(["1000 g Mehl", "1500 ml Milch", "Eier"]);

    // Again: those meals' ingredients are on the list already.
    const again = await ok<AddMissingResult>(await ada.request(url("/meal-plan/add-missing"), { json: { week } }));
    expect(again).toMatchObject({ added: [], merged: [], skipped: [], mealsAlreadyAdded: 2 });
    expect(await openShopping()).toEqual(["1000 g Mehl", "1500 ml Milch", "Eier"]);
    const plan = await ok<WeekPlan>(await ada.request(url(`/meal-plan?week=${week}`)));
    expect(plan.meals.filter((meal) => meal.recipeId).every((meal) => meal.ingredientsAdded)).toBe(true);

    // One meal's servings change: its ingredients count again, for that meal alone.
    const monday = plan.meals.find((meal) => meal.date === "2030-03-04")!;
    await ok(await ada.request(url(`/meal-plan/meals/${monday.id}`), { method: "PATCH", json: { servings: 2 } }));
    const one = await ok<AddMissingResult>(
      await ada.request(url("/meal-plan/add-missing"), { json: { mealId: monday.id } }),
    );
    expect(one.merged).toEqual([
      { from: "1000 g Mehl", to: "1250 g Mehl" },
      { from: "1500 ml Milch", to: "2000 ml Milch" },
    ]);
    expect(await openShopping()).toEqual(["1250 g Mehl", "2000 ml Milch", "Eier"]);
  });

  it("suggests the recipes whose ingredients are at hand, not one planned within 7 days", async () => {
    const omelette = await addRecipe({ name: "Omelette", ingredients: ["3 Eier", "Milch", "Salz"], tags: ["Eggs"] });
    await addRecipe({ name: "Salad", ingredients: ["Lettuce", "2 tomatoes", "Cucumber"], tags: ["Fresh"] });
    // Bought lately: the pantry.
    const salt = await addTaskOverApi(ada, family, "Salz", { category: "shopping" });
    await ok(await ada.request(`/api/tasks/${salt.id}`, { method: "PATCH", json: { completed: true } }));
    await planMeal(ada, { date: "2030-02-23", recipeId: omelette.id });

    const answer = await ok<Suggestions>(await bob.request(url("/meal-suggestions?date=2030-03-07")));
    const names = answer.suggestions.map((suggestion) => suggestion.name);
    expect(names[0]).toBe("Omelette");
    expect(answer.suggestions[0]!.reasons).toEqual([
      "You have 3 of 3 ingredients",
      "Not planned for 12 days",
      "Adds variety to the week",
    ]);
    expect(names).toContain("Salad");
    // Pancakes are planned this week (and on the 4th and the 6th, within 7 days either way).
    expect(names).not.toContain("Pancakes");
    const later = await ok<Suggestions>(await bob.request(url("/meal-suggestions?date=2030-03-14")));
    expect(later.suggestions.map((suggestion) => suggestion.name)).toContain("Pancakes");
  });

  it("adds a meal's ingredients once when two members press at the same time", async () => {
    const rice = await addRecipe({ name: "Rice bowl", ingredients: ["300 g Basmati"], servings: 2 });
    await planMeal(ada, { date: "2030-04-01", recipeId: rice.id, servings: 2 });
    const [first, second] = await Promise.all(
      [ada, bob].map(async (client) =>
        ok<AddMissingResult>(await client.request(url("/meal-plan/add-missing"), { json: { week: "2030-04-01" } })),
      ),
    );
    expect([...first!.added, ...second!.added]).toEqual(["300 g Basmati"]);
    expect(first!.mealsAlreadyAdded + second!.mealsAlreadyAdded).toBe(1);
    expect((await openShopping()).filter((title) => title.includes("Basmati"))).toEqual(["300 g Basmati"]);
  });

  it("tells the group's members of every change on the live channel", async () => {
    const live = await openLiveSocket(bob);
    const isMeals = (message: Record<string, unknown>) =>
      message.type === "module.event" &&
      message.moduleId === "shopping" &&
      message.event === "meals.changed" &&
      message.groupId === family;
    await addRecipe({ name: "Live soup" });
    await live.waitFor(isMeals);
    const before = live.inbox.filter((message) => isMeals(message as Record<string, unknown>)).length;
    await planMeal(ada, { date: "2030-04-08", title: "Picnic food" });
    await expect
      .poll(() => live.inbox.filter((message) => isMeals(message as Record<string, unknown>)).length)
      .toBeGreaterThan(before);
    live.socket.close();
  });

  it("answers 404 on every route to someone outside the group", async () => {
    const recipe = await addRecipe({ name: "Secret sauce" });
    const meal = await planMeal(ada, { date: week, title: "Leftovers" });
    const calls: [string, string, unknown?][] = [
      ["GET", "/recipes"],
      ["POST", "/recipes", { name: "Mine" }],
      ["POST", "/recipes/import", { text: fixture("bare.json") }],
      ["GET", `/recipes/${recipe.id}`],
      ["PUT", `/recipes/${recipe.id}`, { name: "Mine" }],
      ["DELETE", `/recipes/${recipe.id}`],
      ["GET", `/meal-plan?week=${week}`],
      ["POST", "/meal-plan/meals", { date: week, slot: "dinner", title: "Mine" }],
      ["PATCH", `/meal-plan/meals/${meal.id}`, { date: "2030-03-05" }],
      ["DELETE", `/meal-plan/meals/${meal.id}`],
      ["POST", "/meal-plan/add-missing", { week }],
      ["GET", `/meal-suggestions?date=${week}`],
    ];
    for (const [method, path, json] of calls) {
      const response = await eve.request(url(path), { method, ...(json === undefined ? {} : { json }) });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "Group not found" } });
    }
    expect((await ok<Recipe>(await ada.request(url(`/recipes/${recipe.id}`)))).name).toBe("Secret sauce");
  });

  it("refuses bad input with 400 and a readable message", async () => {
    const recipe = await addRecipe({ name: "Bread", ingredients: ["500 g Mehl"] });
    const bad: [string, string, unknown?][] = [
      ["GET", "/meal-plan?week=2030-02-30"],
      ["GET", "/meal-plan"],
      ["GET", "/meal-suggestions?date=yesterday"],
      ["POST", "/recipes", { name: "" }],
      ["POST", "/recipes", { name: "Bad\u0007name" }],
      ["POST", "/recipes", { name: "Neg", servings: -2 }],
      ["POST", "/recipes", { name: "Minutes", totalMinutes: -5 }],
      ["POST", "/recipes", { name: "Link", sourceUrl: "javascript:alert(1)" }],
      ["POST", "/recipes", { name: "Many", ingredients: Array.from({ length: 201 }, () => "salt") }],
      ["POST", "/meal-plan/meals", { date: week, slot: "dinner", title: "x", servings: -1 }],
      ["POST", "/meal-plan/meals", { date: week, slot: "dinner" }],
      ["POST", "/meal-plan/meals", { date: "2030-13-01", slot: "dinner", title: "x" }],
      ["POST", "/meal-plan/meals", { date: week, slot: "", title: "x" }],
      ["POST", "/meal-plan/meals", { date: week, slot: "dinner", recipeId: "missing" }],
      ["POST", "/meal-plan/meals", { date: week, slot: "dinner", recipeId: recipe.id, cookId: "someone-else" }],
      ["POST", "/meal-plan/add-missing", {}],
      ["POST", "/recipes/import", { text: "" }],
    ];
    for (const [method, path, json] of bad) {
      const response = await ada.request(url(path), { method, ...(json === undefined ? {} : { json }) });
      expect(response.status, `${method} ${path} ${JSON.stringify(json)}`).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("validation_failed");
      expect(body.error.message.length).toBeGreaterThan(5);
    }
    const huge = await ada.request(url("/recipes/import"), { json: { text: "x".repeat(2 * 1024 * 1024 + 10) } });
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { error: { message: string } }).error.message).toContain(
      "That page is too large to import (more than 2 MB).",
    );
    const tooBig = await ada.request(url("/recipes/import"), { json: { text: "x".repeat(7 * 1024 * 1024) } });
    expect(tooBig.status).toBe(413);
  });
});
