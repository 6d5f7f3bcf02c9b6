import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import type { GroupTasks } from "../domain/tasks";
import { signUp } from "../tests/helpers/sign-in";
import { personalGroupId } from "../tests/helpers/tasks";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");
const lentilSoup = readFileSync(new URL("../domain/meals/fixtures/bare.json", import.meta.url), "utf8");

/** /meal-planner: a recipe pasted in, planned on a day, and its ingredients on the Shopping List. */
describe("meal planner", () => {
  const session = useBrowser();

  it("imports a pasted recipe, plans it and puts what is missing on the shopping list, on a phone", async () => {
    const { client } = await signUp(baseUrl, "Mia Meals");
    const groupId = await personalGroupId(client);
    const context = await session.signedInContext(client, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/meal-planner`);
    await page.getByRole("heading", { name: "Meal planner", level: 1 }).waitFor();
    await page.getByText("Nothing planned this week yet").waitFor();

    // Recipes: none yet, then one read from a pasted page's recipe data.
    await page.getByRole("tab", { name: "Recipes" }).click();
    await page.getByText("Your group has no recipes yet").waitFor();
    await page.getByRole("button", { name: "Import from a page" }).click();
    await page.getByLabel("Page source or recipe data").fill(lentilSoup);
    await page.getByRole("button", { name: "Read recipe" }).click();
    await page.getByText("Read from the page. Check the recipe below, then save it.").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Weeknight Lentil Soup");
    expect(await page.getByLabel("Servings", { exact: true }).inputValue()).toBe("4");
    await page.getByRole("button", { name: "Save recipe" }).click();
    await page.getByRole("heading", { name: "Weeknight Lentil Soup" }).waitFor();
    // Twice the servings, twice the lentils.
    await page.getByText("1 cup red lentils").waitFor();
    await page.getByRole("button", { name: "More servings" }).click();
    await page.getByRole("button", { name: "More servings" }).click();
    await page.getByRole("button", { name: "More servings" }).click();
    await page.getByRole("button", { name: "More servings" }).click();
    await page.getByText("2 cups red lentils").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The week: the soup on Monday, for 8.
    await page.getByRole("tab", { name: "Week" }).click();
    const monday = page.locator("section[data-date]").first();
    await monday.getByRole("button", { name: /^Add a meal to / }).click();
    await monday.getByLabel("Recipe").selectOption({ label: "Weeknight Lentil Soup" });
    await monday.getByLabel("Servings").fill("8");
    await monday.getByRole("button", { name: "Add", exact: true }).click();
    // The form closes once the meal is saved: until then its list of recipes names the soup too.
    await monday.getByLabel("Recipe").waitFor({ state: "detached" });
    await monday.getByText("Weeknight Lentil Soup").waitFor();
    await monday.getByText("8 servings").waitFor();
    // Moved to Tuesday with the keyboard's controls: pick the day, then press Move.
    await monday.getByLabel("Move to").selectOption({ index: 1 });
    await monday.getByRole("button", { name: /^Move Weeknight Lentil Soup from / }).click();
    const tuesday = page.locator("section[data-date]").nth(1);
    await tuesday.getByText("Weeknight Lentil Soup").waitFor();
    expect(await monday.getByText("Weeknight Lentil Soup").count()).toBe(0);
    // A meal of free text, planned and removed.
    await monday.getByRole("button", { name: /^Add a meal to / }).click();
    await monday.getByLabel("What you eat").fill("Leftovers");
    await monday.getByRole("button", { name: "Add", exact: true }).click();
    await monday.getByText("Leftovers").waitFor();
    await monday.getByRole("button", { name: /^Remove Leftovers from / }).click();
    await expect.poll(() => monday.getByText("Leftovers").count()).toBe(0);

    await page.getByRole("button", { name: "Add missing ingredients to the shopping list" }).click();
    await page.getByText(/^Added \d+ items\.$/).waitFor();
    await page.getByText(/Added: .*2 cups red lentils/).waitFor();
    await tuesday.getByText("on the shopping list").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // On the group's Shopping List: tasks of its shopping category, in the task list.
    const list = (await (await client.request(`/api/groups/${groupId}/tasks`)).json()) as GroupTasks;
    const shopping = list.tasks.filter((task) => task.category === "shopping").map((task) => task.title);
    expect(shopping).toContain("2 cups red lentils");
    expect(shopping).toContain("2 onion");
    await page.goto(`${baseUrl}/`);
    await page.getByText("2 cups red lentils").first().waitFor();
    await page.getByText("8 cups vegetable broth").first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
