import { beforeAll, expect, it } from "vitest";
import { FAVORITE_MESSAGES, type Favorites, MAX_FAVORITES } from "../../domain/favorites.js";
import { MESSAGES } from "../../domain/errors.js";
import { adminQuery, describeEachDialect } from "../helpers/databases.js";
import { createSharedGroup } from "../helpers/groups.js";
import { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { openLiveSocket } from "../helpers/sockets.js";
import { addTaskOverApi, personalGroupId } from "../helpers/tasks.js";

/** The favorites-widget module over HTTP: pins per user, in their order, only of tasks they see. */
describeEachDialect("favourites", (dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let adaId: string;
  let adaPersonal: string;
  let bob: HttpClient;
  let bobId: string;

  const personalGroupOf = personalGroupId;
  const addTask = async (client: HttpClient, groupId: string, title: string) =>
    (await addTaskOverApi(client, groupId, title)).id;

  async function favoritesOf(client: HttpClient): Promise<string[]> {
    const response = await client.request("/api/favorites");
    expect(response.status).toBe(200);
    return ((await response.json()) as Favorites).taskIds;
  }

  const pin = (client: HttpClient, taskId: string) =>
    client.request(`/api/favorites/${encodeURIComponent(taskId)}`, { method: "PUT" });
  const unpin = (client: HttpClient, taskId: string) =>
    client.request(`/api/favorites/${encodeURIComponent(taskId)}`, { method: "DELETE" });
  const order = (client: HttpClient, taskIds: string[]) =>
    client.request("/api/favorites", { method: "PUT", json: { taskIds } });

  async function clear(client: HttpClient): Promise<void> {
    for (const id of await favoritesOf(client)) expect((await unpin(client, id)).status).toBe(200);
  }

  beforeAll(async () => {
    ({ client: ada, id: adaId } = await signUp(context.server.baseUrl, "Ada Favourites"));
    ({ client: bob, id: bobId } = await signUp(context.server.baseUrl, "Bob Favourites"));
    adaPersonal = await personalGroupOf(ada);
  });

  it("needs sign-in for every route", async () => {
    const visitor = new HttpClient(context.server.baseUrl);
    for (const response of [
      await visitor.request("/api/favorites"),
      await pin(visitor, "any"),
      await unpin(visitor, "any"),
      await order(visitor, []),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: "unauthorized", message: "User not authenticated" } });
    }
  });

  it("pins tasks last, once each, unpins them, and answers each write with the pins after it", async () => {
    const passport = await addTask(ada, adaPersonal, "Renew passport");
    const plumber = await addTask(ada, adaPersonal, "Call the plumber");
    expect(await favoritesOf(ada)).toEqual([]);

    const first = await pin(ada, passport);
    expect(await first.json()).toEqual({ taskIds: [passport] });
    await pin(ada, plumber);
    // Sent twice (a retry, a second tab): still pinned once, in its place.
    const again = await pin(ada, passport);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ taskIds: [passport, plumber] });

    expect(await (await unpin(ada, passport)).json()).toEqual({ taskIds: [plumber] });
    // Unpinning what is not pinned changes nothing.
    expect(await (await unpin(ada, passport)).json()).toEqual({ taskIds: [plumber] });
    expect(await favoritesOf(ada)).toEqual([plumber]);
    // Each user has their own.
    expect(await favoritesOf(bob)).toEqual([]);
    await clear(ada);
  });

  it("orders the pins, and applies an order made before a pin or an unpin elsewhere", async () => {
    const [a, b, c, d] = await Promise.all(["A", "B", "C", "D"].map((title) => addTask(ada, adaPersonal, title)));
    for (const id of [a!, b!, c!]) await pin(ada, id);

    expect(await (await order(ada, [c!, a!, b!])).json()).toEqual({ taskIds: [c, a, b] });
    // A device that missed the pin of D and still lists the unpinned B: D keeps its place after.
    await pin(ada, d!);
    await unpin(ada, b!);
    expect(await (await order(ada, [a!, b!, c!])).json()).toEqual({ taskIds: [a, c, d] });
    expect(await favoritesOf(ada)).toEqual([a, c, d]);
    await clear(ada);
  });

  it("answers 404 for a task the caller cannot see, and 400 for a malformed id or order", async () => {
    const bobsPersonal = await personalGroupOf(bob);
    const secret = await addTask(bob, bobsPersonal, "Bob's secret");
    for (const id of [secret, "no-such-task"]) {
      const response = await pin(ada, id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "Task not found" } });
    }
    // Unpinning someone else's task tells nothing either: the caller's pins, unchanged.
    expect(await (await unpin(ada, secret)).json()).toEqual({ taskIds: [] });

    for (const response of [
      await pin(ada, "bad\u0000id"),
      await order(ada, ["x".repeat(101)]),
      await ada.request("/api/favorites", { method: "PUT", json: { taskIds: "nope" } }),
      await order(
        ada,
        Array.from({ length: MAX_FAVORITES + 1 }, (_, index) => `task-${index}`),
      ),
    ]) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("validation_failed");
    }
  });

  it(`keeps at most ${MAX_FAVORITES} pins, even when two tabs pin the last places at once`, async () => {
    const ids: string[] = [];
    for (let index = 0; index < MAX_FAVORITES + 1; index += 1) {
      ids.push(await addTask(ada, adaPersonal, `Pin ${index}`));
    }
    for (const id of ids.slice(0, MAX_FAVORITES - 1)) expect((await pin(ada, id)).status).toBe(200);

    const answers = await Promise.all([pin(ada, ids[MAX_FAVORITES - 1]!), pin(ada, ids[MAX_FAVORITES]!)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.status === 400)!;
    expect(await refused.json()).toEqual({ error: { code: "validation_failed", message: FAVORITE_MESSAGES.full } });
    expect(await favoritesOf(ada)).toHaveLength(MAX_FAVORITES);
    await clear(ada);
  });

  it("hides a pin while its task is out of sight and drops it with the task", async () => {
    const family = await createSharedGroup(context.server.database.db, { ownerId: adaId, memberIds: [bobId] });
    const shopping = await addTask(ada, family, "Weekly shopping");
    const dishes = await addTask(ada, family, "Dishes");
    await pin(bob, shopping);
    await pin(bob, dishes);
    expect(await favoritesOf(bob)).toEqual([shopping, dishes]);

    expect((await ada.request(`/api/tasks/${dishes}`, { method: "DELETE" })).status).toBe(204);
    expect(await favoritesOf(bob)).toEqual([shopping]);

    // Bob leaves the group: his pin of its task is no longer shown.
    expect((await bob.request(`/api/groups/${family}/members/${bobId}`, { method: "DELETE" })).status).toBe(204);
    expect(await favoritesOf(bob)).toEqual([]);
    expect((await pin(bob, shopping)).status).toBe(404);
  });

  it("tells the user's other devices, and with the module off answers 403 and tells no one", async () => {
    const phone = (
      await signInWithBuiltinProvider(
        context.server.baseUrl,
        { email: "ada.favourites@example.org", password: STRONG_PASSWORD },
        { mode: "login" },
      )
    ).client;
    const task = await addTask(ada, adaPersonal, "Water the plants");
    const live = await openLiveSocket(phone);
    await pin(ada, task);
    await live.waitFor(
      (message) =>
        message.type === "module.event" &&
        message.moduleId === "favorites-widget" &&
        message.event === "favorites.changed",
    );

    expect(
      (await ada.request("/api/modules/favorites-widget", { method: "PUT", json: { enabled: false } })).status,
    ).toBe(200);
    const before = live.inbox.length;
    for (const refused of [await ada.request("/api/favorites"), await pin(ada, task), await unpin(ada, task)]) {
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("MODULE_DISABLED");
    }
    // Her refused writes told her devices nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(live.inbox.slice(before).filter((message) => (message as { type: string }).type === "module.event")).toEqual(
      [],
    );
    live.socket.close();

    expect(
      (await ada.request("/api/modules/favorites-widget", { method: "PUT", json: { enabled: true } })).status,
    ).toBe(200);
    // Nothing was lost while it was off.
    expect(await favoritesOf(ada)).toEqual([task]);
    await clear(ada);
  });

  it("goes with the account", async () => {
    const { client: cleo, id: cleoId } = await signUp(context.server.baseUrl, "Cleo Favourites");
    const task = await addTask(cleo, await personalGroupOf(cleo), "Cleo's task");
    await pin(cleo, task);
    const { db } = context.server.database;
    const pinsOfCleo = () => db.selectFrom("favorite_tasks").select("task_id").where("user_id", "=", cleoId).execute();
    expect(await pinsOfCleo()).toHaveLength(1);

    const deleted = await cleo.request("/api/account", { method: "DELETE", json: { confirm: true } });
    expect(deleted.status, await deleted.clone().text()).toBe(204);
    expect(await pinsOfCleo()).toEqual([]);
  });

  it("refuses a cross-site write that carries the session cookie, and pins nothing", async () => {
    const task = await addTask(ada, adaPersonal, "Cross-site target");
    for (const [method, path, json] of [
      ["PUT", `/api/favorites/${task}`, undefined],
      ["PUT", "/api/favorites", { taskIds: [task] }],
      ["DELETE", `/api/favorites/${task}`, undefined],
    ] as const) {
      const response = await ada.request(path, {
        method,
        ...(json ? { json } : {}),
        headers: { origin: "https://evil.example" },
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect(await favoritesOf(ada)).toEqual([]);
  });

  it("answers 503 while the database is down, and has every pin once it is back", async () => {
    if (dialect !== "postgres") return;
    const task = await addTask(ada, adaPersonal, "Kept through an outage");
    await pin(ada, task);
    const name = context.database.name;
    try {
      await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      for (const response of [await ada.request("/api/favorites"), await unpin(ada, task)]) {
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({
          error: { code: "service_unavailable", message: MESSAGES.databaseDown },
        });
      }
    } finally {
      await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    }
    await expect.poll(() => ada.request("/api/favorites").then((response) => response.status)).toBe(200);
    expect(await favoritesOf(ada)).toEqual([task]);
  });
});
