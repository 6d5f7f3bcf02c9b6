import { describe, expect, inject, it } from "vitest";
import type { Task } from "../domain/tasks";
import { signUp } from "../tests/helpers/sign-in";
import { addTaskOverApi, personalGroupId } from "../tests/helpers/tasks";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

/** /shopping-list: the group's Shopping List by aisle, a correction, a store, a check-off. */
describe("shopping list", () => {
  const session = useBrowser();

  it("sorts the list by aisle, takes a correction and an item, and checks one off in a store", async () => {
    const { client } = await signUp(baseUrl, "Sam Shopper");
    const groupId = await personalGroupId(client);
    for (const title of ["2 lbs chicken breast", "Weizenbrötchen", "Milk"])
      await addTaskOverApi(client, groupId, title, { category: "shopping" });
    await addTaskOverApi(client, groupId, "Call the plumber");
    const context = await session.signedInContext(client, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/shopping-list`);

    const aisle = (name: string) => page.getByRole("region", { name });
    await aisle("Meat & fish").getByText("chicken breast").waitFor();
    await aisle("Meat & fish").getByText("2 lb").waitFor();
    await aisle("Bakery").getByText("Weizenbrötchen").waitFor();
    await aisle("Dairy & eggs").getByText("Milk").waitFor();
    // Not an item: the plumber is in another category.
    expect(await page.getByText("Call the plumber").count()).toBe(0);

    await page.getByLabel("Add an item").fill("3 apples");
    await page.getByLabel("Add an item").press("Enter");
    await aisle("Fruit & vegetables").getByText("apples").waitFor();

    // Milk in the freezer, for the whole group.
    await page.getByLabel("Aisle of Milk").selectOption({ label: "Frozen" });
    await aisle("Frozen").getByText("Milk").waitFor();
    const state = (await (await client.request(`/api/groups/${groupId}/shopping`)).json()) as {
      corrections: Record<string, string>;
    };
    expect(state.corrections).toEqual({ milk: "frozen" });

    // In a store: check the bread rolls off.
    await page.getByLabel("Where are you shopping?").selectOption({ label: "Add a store…" });
    await page.getByLabel("Store name").fill("Corner shop");
    await page.getByLabel("Store name").press("Enter");
    await page.getByText(/list learns its order after your first trip/).waitFor();
    await page.getByRole("checkbox", { name: "Weizenbrötchen" }).click();
    await expect.poll(() => page.getByText("Weizenbrötchen").count()).toBe(0);
    await expect
      .poll(async () => {
        const tasks = ((await (await client.request(`/api/groups/${groupId}/tasks`)).json()) as { tasks: Task[] })
          .tasks;
        return tasks.find((task) => task.title === "Weizenbrötchen")?.completed;
      })
      .toBe(true);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
