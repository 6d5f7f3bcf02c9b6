import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import type { Coupon, CouponList } from "../../domain/coupons.js";
import { MESSAGES } from "../../domain/errors.js";
import type { Meal, Recipe, WeekPlan } from "../../domain/meals/meals.js";
import type { ShoppingState, Store } from "../../domain/shopping/list.js";
import { openSqliteConnection } from "../../server/db/sqlite-connection.js";
import { adminQuery, describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { addTaskOverApi } from "../helpers/tasks.js";

const WEEK = "2030-03-04";

/**
 * The shopping list, the meal planner and the coupons while the database cannot serve them: every
 * route answers 503 with the API's error body and Retry-After (what the offline queue and any
 * client read as "try again later"), the server stays up, and everything saved before is there
 * once the database is back. PostgreSQL goes down for real; SQLite's file stays, so there another
 * process holds its write lock, which refuses writes and lets reads through.
 */
describeEachDialect("household modules while the database is unavailable", (dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let bob: HttpClient;
  let family: string;
  let itemId: string;
  let store: Store;
  let recipe: Recipe;
  let meal: Meal;
  let coupon: Coupon;
  let photo: Buffer;

  const url = (path: string) => `/api/groups/${family}${path}`;

  async function ok<T>(response: Response, status = 200): Promise<T> {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  }

  beforeAll(async () => {
    const owner = await signUp(context.server.baseUrl, "Ada Outage");
    const member = await signUp(context.server.baseUrl, "Bob Outage");
    ({ client: ada } = owner);
    ({ client: bob } = member);
    // Made over the API, so it has the default categories, the Shopping List among them.
    family = (
      await ok<{ id: string }>(await ada.request("/api/groups", { json: { name: "Family", type: "family" } }), 201)
    ).id;
    await context.server.database.db
      .insertInto("group_members")
      .values({ group_id: family, user_id: member.id, role: "member", joined_at: new Date().toISOString() })
      .execute();

    itemId = (await addTaskOverApi(ada, family, "2 packs Coffee", { category: "shopping" })).id;
    store = await ok<Store>(await ada.request(url("/shopping/stores"), { json: { name: "Corner shop" } }), 201);
    recipe = await ok<Recipe>(
      await ada.request(url("/recipes"), { json: { name: "Risotto", ingredients: ["300 g rice"], servings: 2 } }),
      201,
    );
    meal = await ok<Meal>(
      await bob.request(url("/meal-plan/meals"), { json: { date: WEEK, slot: "dinner", recipeId: recipe.id } }),
      201,
    );
    coupon = await ok<Coupon>(
      await ada.request(url("/coupons"), {
        json: { store: "Rewe", title: "Coffee 1 € off", discountKind: "amount", discountValue: 100, code: "SAVE1" },
      }),
      201,
    );
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
      .jpeg()
      .toBuffer();
    coupon = await ok<Coupon>(
      await ada.request(url(`/coupons/${coupon.id}/photo`), {
        method: "PUT",
        body: jpeg,
        headers: { "content-type": "image/jpeg" },
      }),
    );
    photo = Buffer.from(await (await bob.request(coupon.photoUrl!)).arrayBuffer());
    await ok<Coupon>(await bob.request(url(`/coupons/${coupon.id}/vote`), { method: "PUT", json: { vote: "worked" } }));
  });

  async function expectUnavailable(response: Response, message: string, what: string): Promise<void> {
    expect(response.status, what).toBe(503);
    expect(response.headers.get("retry-after"), what).toBe("5");
    expect(response.headers.get("content-type"), what).toMatch(/^application\/json/);
    expect(await response.json(), what).toEqual({ error: { code: "service_unavailable", message } });
  }

  /** The writes of the three parts, as a member's page sends them. */
  function writes(client: HttpClient): [string, () => Promise<Response>][] {
    const send = (method: string, path: string, json?: unknown) => () =>
      client.request(url(path), { method, ...(json === undefined ? {} : { json }) });
    return [
      ["add a store", send("POST", "/shopping/stores", { name: "Market" })],
      [
        "check off",
        send("POST", "/shopping/check-offs", { taskId: itemId, storeId: store.id, at: new Date().toISOString() }),
      ],
      ["correct an aisle", send("PUT", "/shopping/aisles", { text: "coffee", aisle: "frozen" })],
      ["add a recipe", send("POST", "/recipes", { name: "Soup", ingredients: ["1 onion"], servings: 2 })],
      ["plan a meal", send("POST", "/meal-plan/meals", { date: WEEK, slot: "lunch", recipeId: recipe.id })],
      ["add missing ingredients", send("POST", "/meal-plan/add-missing", { week: WEEK })],
      ["add a coupon", send("POST", "/coupons", { store: "Lidl", title: "Milk", discountKind: "bogo", code: "M" })],
      ["vote", send("PUT", `/coupons/${coupon.id}/vote`, { vote: "used" })],
      [
        "replace the photo",
        () =>
          client.request(url(`/coupons/${coupon.id}/photo`), {
            method: "PUT",
            body: photo,
            headers: { "content-type": "image/jpeg" },
          }),
      ],
      ["remove the photo", send("DELETE", `/coupons/${coupon.id}/photo`)],
    ];
  }

  /** The reads of the three parts. */
  function reads(client: HttpClient): [string, () => Promise<Response>][] {
    const get = (path: string) => () => client.request(url(path));
    return [
      ["shopping list", get("/shopping")],
      ["organize", () => client.request(url("/shopping/organize"), { json: { storeId: store.id } })],
      ["suggestions", get("/shopping/suggestions")],
      ["recipes", get("/recipes")],
      ["a recipe", get(`/recipes/${recipe.id}`)],
      ["week plan", get(`/meal-plan?week=${WEEK}`)],
      ["meal suggestions", get(`/meal-suggestions?date=${WEEK}`)],
      ["coupons", get("/coupons")],
      ["coupon analysis", get("/coupon-analysis")],
      ["coupon photo", () => client.request(coupon.photoUrl!)],
    ];
  }

  /** Everything saved before the outage, as members see it. */
  async function expectEverythingKept(): Promise<void> {
    const shopping = await ok<ShoppingState>(await bob.request(url("/shopping")));
    expect(shopping.stores.map((one) => one.name)).toEqual(["Corner shop"]);
    const recipes = await ok<Recipe[] | { recipes: Recipe[] }>(await bob.request(url("/recipes")));
    expect(JSON.stringify(recipes)).toContain("Risotto");
    const plan = await ok<WeekPlan>(await bob.request(url(`/meal-plan?week=${WEEK}`)));
    expect(plan.meals.map((one) => one.id)).toEqual([meal.id]);
    const coupons = await ok<CouponList>(await bob.request(url("/coupons")));
    expect(coupons.coupons.map((one) => [one.title, one.votes.worked, one.photoUrl])).toEqual([
      ["Coffee 1 € off", 1, coupon.photoUrl],
    ]);
    expect(Buffer.from(await (await bob.request(coupon.photoUrl!)).arrayBuffer()).equals(photo)).toBe(true);
    const tasks = await ok<{ tasks: { id: string; completed: boolean }[] }>(await bob.request(url("/tasks")));
    expect(tasks.tasks.find((task) => task.id === itemId)?.completed).toBe(false);
  }

  // One test per database, chosen here: a skipped test counts as a failure in CI.
  if (dialect === "postgres")
    it("answers 503 on every shopping, meal and coupon route while PostgreSQL is down, and has everything once it is back", async () => {
      const name = context.database.name;
      try {
        await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
        for (const [what, call] of [...reads(bob), ...writes(ada)])
          await expectUnavailable(await call(), MESSAGES.databaseDown, what);
      } finally {
        await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      }
      await expect.poll(() => bob.request(url("/coupons")).then((response) => response.status)).toBe(200);
      await expectEverythingKept();
    });

  if (dialect === "sqlite")
    it("answers 503 to shopping, meal and coupon writes while another process holds SQLite's write lock, reads on, and keeps everything", async () => {
      if (context.database.config.kind !== "sqlite") throw new Error("a SQLite database was expected");
      const holder = openSqliteConnection(context.database.config.file);
      try {
        holder.exec("begin immediate");
        // Each write waits the busy timeout for the lock: one of each part, not all of them.
        const some = writes(ada).filter(([what]) =>
          ["add a store", "plan a meal", "add a coupon", "replace the photo"].includes(what),
        );
        for (const [what, call] of some) await expectUnavailable(await call(), MESSAGES.databaseBusy, what);
        for (const [what, call] of reads(bob)) expect((await call()).status, what).toBe(200);
      } finally {
        holder.exec("rollback");
        holder.close();
      }
      await expectEverythingKept();
    });
});
