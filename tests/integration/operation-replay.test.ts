import { afterAll, beforeAll, expect, it } from "vitest";
import type { Category } from "../../domain/categories.js";
import type { Group } from "../../domain/groups.js";
import type { Settings } from "../../domain/settings.js";
import type { Task } from "../../domain/tasks.js";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { createWebFixture } from "../helpers/web-fixture.js";

/**
 * The offline queue sends every write with an operationId and may deliver it more than
 * once (a tab closed mid-send, two tabs replaying, a lost answer). Each replay must get the first
 * answer and change nothing, even after later writes changed the same thing.
 */
describeEachDialect("writes applied once per operationId", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let ada: HttpClient;
  let personal: string;
  let team: string;
  const categories = () => `/api/groups/${personal}/categories`;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  /** The same delivery three times at once, as racing tabs would send it. */
  const thrice = (send: () => Promise<Response>) => Promise.all([send(), send(), send()]);

  beforeAll(async () => {
    ada = (await signUp(context.server.baseUrl, "Ada")).client;
    personal = (await json<Group[]>(await ada.request("/api/groups")))[0]!.id;
    team = (await json<Group>(await ada.request("/api/groups", { json: { name: "Team", type: "team" } }), 201)).id;
  });

  it("adds a category once, and a replay is answered 201 with it rather than 'already exists'", async () => {
    const body = { name: "Garden", color: "bg-green-500", operationId: "op-category-add-1" };
    const answers = await thrice(() => ada.request(categories(), { json: body }));
    const created = await Promise.all(answers.map((answer) => json<Category>(answer, 201)));
    expect(new Set(created.map((category) => category.id))).toEqual(new Set(["garden"]));
    const list = await json<Category[]>(await ada.request(categories()));
    expect(list.filter((category) => category.id === "garden")).toHaveLength(1);
    expect(list.find((category) => category.id === "garden")!.color).toBe("bg-green-500");

    const again = await ada.request(categories(), { json: { ...body, operationId: "op-category-add-2" } });
    expect(again.status).toBe(409);
  });

  it("a replayed rename, reorder or delete of a category gets its first answer and undoes nothing later", async () => {
    await json(await ada.request(categories(), { json: { name: "Taxes", operationId: "op-taxes-add" } }), 201);
    const rename = () =>
      ada.request(`${categories()}/taxes`, { method: "PATCH", json: { name: "Tax 2026", operationId: "op-rename-1" } });
    expect((await json<Category>(await rename())).name).toBe("Tax 2026");
    await json(await ada.request(`${categories()}/taxes`, { method: "PATCH", json: { name: "Taxes again" } }));
    // The replay answers as the first delivery did, and the later name stays.
    expect((await json<Category>(await rename())).name).toBe("Tax 2026");
    const names = await json<Category[]>(await ada.request(categories()));
    expect(names.find((category) => category.id === "taxes")!.name).toBe("Taxes again");

    const ids = names.map((category) => category.id).reverse();
    const reorder = () =>
      ada.request(`${categories()}/order`, { method: "PUT", json: { ids, operationId: "op-reorder-1" } });
    await json(await reorder());
    // A category added since would make a fresh reorder a conflict; the replay is not a fresh one.
    await json(await ada.request(categories(), { json: { name: "Pets" } }), 201);
    const replayed = await json<Category[]>(await reorder());
    expect(replayed.map((category) => category.id)).toEqual(ids);

    await json(
      await ada.request("/api/tasks", { json: { groupId: personal, title: "File taxes", category: "taxes" } }),
      201,
    );
    const remove = () => ada.request(`${categories()}/taxes?operationId=op-delete-taxes`, { method: "DELETE" });
    const deletions = await thrice(remove);
    for (const answer of deletions) expect(await json(answer)).toEqual({ movedTasks: 1 });
    const after = await json<Category[]>(await ada.request(categories()));
    expect(after.some((category) => category.id === "taxes")).toBe(false);
  });

  it("a replayed settings change does not overwrite a later one", async () => {
    const first = () =>
      ada.request("/api/settings", { method: "PATCH", json: { showConfetti: false, operationId: "op-settings-1" } });
    expect((await json<Settings>(await first())).showConfetti).toBe(false);
    await json(await ada.request("/api/settings", { method: "PATCH", json: { showConfetti: true } }));
    expect((await json<Settings>(await first())).showConfetti).toBe(false);
    expect((await json<Settings>(await ada.request("/api/settings"))).showConfetti).toBe(true);
    // The operationId is bookkeeping, never a stored setting.
    expect(await json<Settings>(await ada.request("/api/settings"))).not.toHaveProperty("operationId");
  });

  it("a replayed lock or share of a task gets its first answer and does not undo a later change", async () => {
    const { task } = await json<{ task: Task }>(
      await ada.request("/api/tasks", { json: { groupId: personal, title: "Passport renewal" } }),
      201,
    );
    const lock = () =>
      ada.request(`/api/tasks/${task.id}/lock`, { method: "PUT", json: { locked: true, operationId: "op-lock-1" } });
    expect((await json<Task>(await lock())).locked).toBe(true);
    await json(await ada.request(`/api/tasks/${task.id}/lock`, { method: "PUT", json: { locked: false } }));
    expect((await json<Task>(await lock())).locked).toBe(true);

    const share = () => ada.request(`/api/tasks/${task.id}/shares/${team}?operationId=op-share-1`, { method: "PUT" });
    const shares = await thrice(share);
    for (const answer of shares) expect((await json<Task>(answer)).sharedWithGroups).toEqual([team]);
    await json(
      await ada.request(`/api/tasks/${task.id}/shares/${team}?operationId=op-unshare-1`, { method: "DELETE" }),
    );
    await json(await share());
    const now = await json<Task>(await ada.request(`/api/tasks/${task.id}`));
    expect(now).toMatchObject({ locked: false, sharedWithGroups: [] });
  });
});
