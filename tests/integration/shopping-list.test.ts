import { beforeAll, expect, it } from "vitest";
import type { OrganizedList, ShoppingState, Store, Suggestion } from "../../domain/shopping/list.js";
import { SHOPPING_MESSAGES } from "../../domain/shopping/list.js";
import { describeEachDialect } from "../helpers/databases.js";
import { familyOfTwo } from "../helpers/groups.js";
import { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { addTaskOverApi } from "../helpers/tasks.js";

/**
 * The shopping list over HTTP (docs/shopping.md): aisles, a store's order learned from trips,
 * corrections, suggestions, and who may do any of it.
 */
describeEachDialect("shopping list", (_dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let bob: HttpClient;
  let eve: HttpClient;
  let family: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const item = (client: HttpClient, title: string) => addTaskOverApi(client, family, title, { category: "shopping" });
  const organize = async (storeId: string | null = null) =>
    json<OrganizedList>(await ada.request(`/api/groups/${family}/shopping/organize`, { json: { storeId } }));
  const complete = async (client: HttpClient, taskId: string) =>
    json(await client.request(`/api/tasks/${taskId}`, { method: "PATCH", json: { completed: true } }));
  const checkOff = (client: HttpClient, taskId: string, storeId: string, at: Date) =>
    client.request(`/api/groups/${family}/shopping/check-offs`, {
      json: { taskId, storeId, at: at.toISOString() },
    });

  beforeAll(async () => {
    // Made over the API, so the group has its default categories, the Shopping List among them.
    ({ ada, grace: bob, family } = await familyOfTwo(context.server));
    ({ client: eve } = await signUp(context.server.baseUrl, "Eve Outsider"));
  });

  it("gives each item its aisle and amount, a member's correction winning for the whole group", async () => {
    const chicken = await item(ada, "2 lbs chicken breast");
    const flour = await item(bob, "500 g Mehl");
    const rolls = await item(ada, "Weizenbrötchen");
    await addTaskOverApi(ada, family, "Call the plumber");
    const list = await organize();
    expect(list.items.map((entry) => [entry.title, entry.aisle, entry.quantity, entry.unit])).toEqual(
      expect.arrayContaining([
        ["2 lbs chicken breast", "meat-fish", 2, "lb"],
        ["500 g Mehl", "baking", 500, "g"],
        ["Weizenbrötchen", "bakery", null, null],
      ]),
    );
    // Only the Shopping List: the plumber is not an item.
    expect(list.items).toHaveLength(3);
    // Without a store: the usual order of aisles, produce and bakery before baking.
    expect(list.items.map((entry) => entry.taskId).indexOf(rolls.id)).toBeLessThan(
      list.items.map((entry) => entry.taskId).indexOf(flour.id),
    );

    await json(
      await bob.request(`/api/groups/${family}/shopping/aisles`, {
        method: "PUT",
        json: { text: "chicken breast", aisle: "frozen" },
      }),
    );
    const corrected = await organize();
    expect(corrected.items.find((entry) => entry.taskId === chicken.id)).toMatchObject({
      aisle: "frozen",
      via: "correction",
    });
    const state = await json<ShoppingState>(await ada.request(`/api/groups/${family}/shopping`));
    expect(Object.values(state.corrections)).toContain("frozen");
    await json(
      await ada.request(`/api/groups/${family}/shopping/aisles`, {
        method: "PUT",
        json: { text: "2 lbs chicken breast", aisle: null },
      }),
    );
    expect((await organize()).items.find((entry) => entry.taskId === chicken.id)!.aisle).toBe("meat-fish");
    for (const entry of (await organize()).items) await complete(ada, entry.taskId);
  });

  it("learns a store's order from the family's trips and keeps each store's to itself", async () => {
    const corner = await json<Store>(
      await ada.request(`/api/groups/${family}/shopping/stores`, { json: { name: "Corner shop" } }),
      201,
    );
    const market = await json<Store>(
      await ada.request(`/api/groups/${family}/shopping/stores`, { json: { name: "Market" } }),
      201,
    );
    // The corner shop has drinks at the door and vegetables at the back: not the usual order.
    const walk = ["Orange juice", "Milk", "Bread", "Apples"];
    const start = Date.now() - 3 * 3_600_000;
    for (let trip = 0; trip < 2; trip += 1) {
      const tasks = [];
      for (const title of walk) tasks.push(await item(ada, title));
      for (const [index, task] of tasks.entries()) {
        const at = new Date(start + trip * 3_600_000 + index * 60_000);
        expect((await checkOff(trip === 0 ? ada : bob, task.id, corner.id, at)).status).toBe(204);
        await complete(ada, task.id);
      }
    }
    // The market is walked the other way round; it must not change the corner shop.
    const marketTasks = [];
    for (const title of [...walk].reverse()) marketTasks.push(await item(ada, title));
    for (const [index, task] of marketTasks.entries()) {
      await checkOff(ada, task.id, market.id, new Date(start + 2 * 3_600_000 + index * 60_000));
      await complete(ada, task.id);
    }
    // A later check-off at each store (a new trip) tells that the trips before it ended.
    for (const store of [corner, market]) {
      const closing = await item(ada, "Tissues");
      expect((await checkOff(ada, closing.id, store.id, new Date(Date.now() - 60_000))).status).toBe(204);
      await complete(ada, closing.id);
    }
    for (const title of ["Apples", "Bread", "Milk", "Orange juice"]) await item(ada, title);
    const titles = (list: OrganizedList) => list.items.map((entry) => entry.title);
    expect(titles(await organize(corner.id))).toEqual(walk);
    expect(titles(await organize(market.id))).toEqual([...walk].reverse());
    const state = await json<ShoppingState>(await ada.request(`/api/groups/${family}/shopping`));
    expect(state.stores.find((store) => store.id === corner.id)!.trips).toBe(2);
    expect(state.stores.find((store) => store.id === market.id)!.trips).toBe(1);

    // A dragged item stays where it was put.
    await json(
      await ada.request(`/api/groups/${family}/shopping/stores/${corner.id}/pins`, {
        method: "PUT",
        json: { text: "Apples", position: 0.2 },
      }),
    );
    expect(titles(await organize(corner.id))).toEqual(["Orange juice", "Apples", "Milk", "Bread"]);
  });

  it("refuses check-offs that are not the group's Shopping List, another group's store, or far-off times", async () => {
    const store = (await json<ShoppingState>(await ada.request(`/api/groups/${family}/shopping`))).stores[0]!;
    const chore = await addTaskOverApi(ada, family, "Mow the lawn");
    const notOnList = await checkOff(ada, chore.id, store.id, new Date());
    expect(notOnList.status).toBe(400);
    expect(((await notOnList.json()) as { error: { message: string } }).error.message).toBe(
      SHOPPING_MESSAGES.notOnList,
    );
    const eggs = await item(ada, "Eggs");
    expect((await checkOff(ada, eggs.id, store.id, new Date(Date.now() + 3_600_000))).status).toBe(400);
    expect((await checkOff(ada, eggs.id, store.id, new Date(Date.now() - 40 * 86_400_000))).status).toBe(400);
    expect((await checkOff(ada, eggs.id, "no-such-store", new Date())).status).toBe(404);
    for (const at of ["2026-02-30T10:00:00Z", "yesterday", "0000-01-01T00:00:00Z"]) {
      const response = await ada.request(`/api/groups/${family}/shopping/check-offs`, {
        json: { taskId: eggs.id, storeId: store.id, at },
      });
      expect(response.status, at).toBe(400);
    }
  });

  it("answers 404 to anyone outside the group and 401 without sign-in", async () => {
    const store = (await json<ShoppingState>(await ada.request(`/api/groups/${family}/shopping`))).stores[0]!;
    const eggs = await item(ada, "More eggs");
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/groups/${family}/shopping`],
      ["POST", `/api/groups/${family}/shopping/organize`, {}],
      ["POST", `/api/groups/${family}/shopping/stores`, { name: "Mine" }],
      ["PATCH", `/api/groups/${family}/shopping/stores/${store.id}`, { name: "Mine" }],
      ["DELETE", `/api/groups/${family}/shopping/stores/${store.id}`],
      ["PUT", `/api/groups/${family}/shopping/stores/${store.id}/pins`, { text: "x", position: 0 }],
      [
        "POST",
        `/api/groups/${family}/shopping/check-offs`,
        { taskId: eggs.id, storeId: store.id, at: new Date().toISOString() },
      ],
      ["PUT", `/api/groups/${family}/shopping/aisles`, { text: "milk", aisle: "frozen" }],
      ["GET", `/api/groups/${family}/shopping/suggestions`],
      ["POST", `/api/groups/${family}/shopping/suggestions/dismiss`, { key: "milk" }],
    ];
    const visitor = new HttpClient(context.server.baseUrl);
    for (const [method, url, body] of calls) {
      const options = { method, ...(body === undefined ? {} : { json: body }) };
      expect((await eve.request(url, options)).status, `${method} ${url}`).toBe(404);
      expect((await visitor.request(url, options)).status, `${method} ${url}`).toBe(401);
    }
    // Nothing of it changed: the store is still there.
    expect((await json<ShoppingState>(await ada.request(`/api/groups/${family}/shopping`))).stores).toContainEqual(
      expect.objectContaining({ id: store.id }),
    );
  });

  it("suggests what is due again and what goes with the list, and remembers a dismissal until the next purchase", async () => {
    const db = context.server.database.db;
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString();
    // Coffee every 7 days, last 8 days ago; pasta and parmesan always together.
    const history = [
      ...[29, 22, 15, 8].map((ago, index) => ({ key: "coffee", name: "Coffee", at: day(ago), id: `c${index}` })),
      ...[21, 11, 1].flatMap((ago, index) => [
        { key: "pasta", name: "Pasta", at: day(ago), id: `p${index}` },
        { key: "parmesan", name: "Parmesan", at: day(ago), id: `q${index}` },
      ]),
    ];
    await db
      .insertInto("shopping_purchases")
      .values(
        history.map((row) => ({ group_id: family, task_id: row.id, item_key: row.key, name: row.name, at: row.at })),
      )
      .execute();
    await item(ada, "Pasta");
    const suggested = (
      await json<{ suggestions: Suggestion[] }>(await ada.request(`/api/groups/${family}/shopping/suggestions`))
    ).suggestions;
    expect(suggested).toContainEqual({
      key: "coffee",
      name: "Coffee",
      reason: "due",
      detail: "You buy it about every 7 days; last 8 days ago",
    });
    expect(suggested).toContainEqual({
      key: "parmesan",
      name: "Parmesan",
      reason: "together",
      detail: "Often bought with Pasta",
    });
    // Pasta is on the list: not suggested.
    expect(suggested.map((entry) => entry.key)).not.toContain("pasta");

    expect(
      (await bob.request(`/api/groups/${family}/shopping/suggestions/dismiss`, { json: { key: "coffee" } })).status,
    ).toBe(204);
    const after = (
      await json<{ suggestions: Suggestion[] }>(await ada.request(`/api/groups/${family}/shopping/suggestions`))
    ).suggestions;
    expect(after.map((entry) => entry.key)).not.toContain("coffee");

    // Completing an item of the list records the purchase (the suggestions learn from it).
    const coffee = await item(ada, "Coffee");
    await complete(bob, coffee.id);
    const bought = await db.selectFrom("shopping_purchases").selectAll().where("task_id", "=", coffee.id).execute();
    expect(bought).toEqual([expect.objectContaining({ item_key: "coffee", name: "Coffee" })]);
    // Reopened: taken back.
    await json(await ada.request(`/api/tasks/${coffee.id}`, { method: "PATCH", json: { completed: false } }));
    expect(await db.selectFrom("shopping_purchases").selectAll().where("task_id", "=", coffee.id).execute()).toEqual(
      [],
    );
  });

  it("refuses bad names, unknown aisles and control characters, and a duplicate store name", async () => {
    for (const body of [{ name: "" }, { name: "x".repeat(61) }, { name: "Shop\u0007" }]) {
      expect((await ada.request(`/api/groups/${family}/shopping/stores`, { json: body })).status).toBe(400);
    }
    expect(
      (
        await ada.request(`/api/groups/${family}/shopping/aisles`, {
          method: "PUT",
          json: { text: "milk", aisle: "attic" },
        })
      ).status,
    ).toBe(400);
    const duplicate = await ada.request(`/api/groups/${family}/shopping/stores`, { json: { name: "corner SHOP" } });
    expect(duplicate.status).toBe(409);
  });
  it("suggests what a meal planned this week still needs, until its ingredients are on the list", async () => {
    const recipe = await json<{ id: string }>(
      await ada.request(`/api/groups/${family}/recipes`, {
        json: { name: "Risotto", ingredients: ["300 g Arborio rice", "1 onion", "Pasta"], servings: 2 },
      }),
      201,
    );
    const today = new Date().toISOString().slice(0, 10);
    await json(
      await bob.request(`/api/groups/${family}/meal-plan/meals`, {
        json: { date: today, slot: "dinner", recipeId: recipe.id },
      }),
      201,
    );
    const suggested = (
      await json<{ suggestions: Suggestion[] }>(await ada.request(`/api/groups/${family}/shopping/suggestions`))
    ).suggestions;
    expect(suggested).toContainEqual({
      key: "arborio rice",
      name: "Arborio rice",
      reason: "meal",
      detail: "For Risotto",
    });
    expect(suggested).toContainEqual(expect.objectContaining({ key: "onion", reason: "meal" }));
    // Pasta is on the list already: not suggested for the meal either.
    expect(suggested.filter((entry) => entry.key === "pasta")).toEqual([]);
  });
});
