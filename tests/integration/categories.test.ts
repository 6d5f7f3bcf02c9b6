import { afterAll, beforeAll, expect, it } from "vitest";
import type { Category } from "../../domain/categories.js";
import type { Group } from "../../domain/groups.js";
import type { Task } from "../../domain/tasks.js";
import { describeEachDialect } from "../helpers/databases.js";
import { createSharedGroup } from "../helpers/groups.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { openLiveSocket } from "../helpers/sockets.js";
import { createWebFixture } from "../helpers/web-fixture.js";

describeEachDialect("categories", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let ada: HttpClient;
  let linus: HttpClient;
  let group: string;
  const base = () => `/api/groups/${group}/categories`;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };

  let adaId: string;
  let linusId: string;

  beforeAll(async () => {
    ({ client: ada, id: adaId } = await signUp(context.server.baseUrl, "Ada"));
    ({ client: linus, id: linusId } = await signUp(context.server.baseUrl, "Linus"));
    group = (await json<Group[]>(await ada.request("/api/groups")))[0]!.id;
  });

  it("lists the defaults in order", async () => {
    const categories = await json<Category[]>(await ada.request(base()));
    expect(categories.map((category) => [category.id, category.label, category.color, category.shared])).toEqual([
      ["work", "Work Tasks", "bg-blue-500", false],
      ["personal", "Personal Tasks", "bg-purple-500", false],
      ["shopping", "Shopping List", "bg-pink-500", true],
      ["group", "Family Events", "bg-indigo-500", true],
      ["other", "Other Tasks", "bg-gray-500", false],
    ]);
    expect((await linus.request(base())).status).toBe(404);
  });

  it("adds a category with an id made from its name and a colour from the list; a second one of that name is a 409", async () => {
    const created = await json<Category>(await ada.request(base(), { json: { name: "2025 Taxes" } }), 201);
    expect(created).toMatchObject({
      id: "cat-2025-taxes",
      name: "2025 Taxes",
      label: "2025 Taxes",
      order: 5,
      shared: false,
    });
    expect([
      "bg-blue-500",
      "bg-green-500",
      "bg-yellow-500",
      "bg-red-500",
      "bg-purple-500",
      "bg-pink-500",
      "bg-indigo-500",
    ]).toContain(created.color);
    expect((await ada.request(base(), { json: { name: "2025 taxes" } })).status).toBe(409);
    expect((await ada.request(base(), { json: { name: "   " } })).status).toBe(400);
  });

  it("renames, recolours, shares and reorders", async () => {
    const changed = await json<Category>(
      await ada.request(`${base()}/cat-2025-taxes`, {
        method: "PATCH",
        json: { name: "Taxes", color: "bg-red-500", shared: true },
      }),
    );
    expect(changed).toMatchObject({ id: "cat-2025-taxes", name: "Taxes", color: "bg-red-500", shared: true });
    const ids = (await json<Category[]>(await ada.request(base()))).map((category) => category.id);
    const reordered = await json<Category[]>(
      await ada.request(`${base()}/order`, { method: "PUT", json: { ids: [...ids].reverse() } }),
    );
    expect(reordered.map((category) => category.id)).toEqual([...ids].reverse());
    expect((await ada.request(`${base()}/order`, { method: "PUT", json: { ids: ids.slice(1) } })).status).toBe(409);
  });

  it("never deletes a default; deleting another moves its tasks to other and tells members live", async () => {
    const refused = await ada.request(`${base()}/shopping`, { method: "DELETE" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: "forbidden", message: "Cannot delete default category" } });

    const { task } = await json<{ task: Task }>(
      await ada.request("/api/tasks", {
        json: { groupId: group, title: "File the return", category: "cat-2025-taxes" },
      }),
      201,
    );
    expect(task.category).toBe("cat-2025-taxes");
    const used = (await json<Category[]>(await ada.request(base()))).find(
      (category) => category.id === "cat-2025-taxes",
    )!;
    expect(used.lastUsed).not.toBeNull();

    const live = await openLiveSocket(ada);
    expect(await json(await ada.request(`${base()}/cat-2025-taxes`, { method: "DELETE" }))).toEqual({ movedTasks: 1 });
    await live.waitFor((m) => m.type === "categories.changed" && m.groupId === group);
    await live.waitFor((m) => m.type === "tasks.changed" && m.groupId === group);
    live.socket.close();
    expect((await json<Task>(await ada.request(`/api/tasks/${task.id}`))).category).toBe("other");
    expect((await ada.request(`${base()}/cat-2025-taxes`, { method: "PATCH", json: { name: "x" } })).status).toBe(404);
  });

  it("cleans up problematic categories from old data: their tasks move to other", async () => {
    const backup = (await (await ada.request(`/api/groups/${group}/backup`)).json()) as Record<string, unknown>;
    const now = new Date().toISOString();
    const old = (id: string, category: string) => ({
      id: `${group.slice(0, 8)}-${id}`,
      groupId: group,
      title: `Old ${id}`,
      completed: false,
      completedAt: null,
      deadline: null,
      priority: "low",
      category,
      locked: false,
      notes: "",
      subtasks: [],
      createdAt: now,
      updatedAt: now,
    });
    const imported = {
      ...backup,
      tasks: [old("aaa", "unknown"), old("bbb", "42"), old("ccc", "work")],
      categories: [
        {
          id: "unknown",
          name: "unknown",
          label: "unknown",
          icon: "folder",
          color: "bg-gray-500",
          order: 9,
          shared: false,
        },
        { id: "42", name: "42", label: "42", icon: "folder", color: "bg-gray-500", order: 10, shared: false },
      ],
    };
    expect(
      (await ada.request(`/api/groups/${group}/restore`, { json: { backup: imported, mode: "merge" } })).status,
    ).toBe(200);
    const cleaned = await json(await ada.request(`${base()}/cleanup`, { method: "POST" }));
    expect(cleaned).toEqual({ migratedTasks: 2, removedCategories: 2 });
    const ids = (await json<Category[]>(await ada.request(base()))).map((category) => category.id);
    expect(ids).not.toContain("unknown");
    expect(ids).not.toContain("42");
    expect((await json<Task>(await ada.request(`/api/tasks/${group.slice(0, 8)}-aaa`))).category).toBe("other");
    expect((await json<Task>(await ada.request(`/api/tasks/${group.slice(0, 8)}-ccc`))).category).toBe("work");
    expect(await json(await ada.request(`${base()}/cleanup`, { method: "POST" }))).toEqual({
      migratedTasks: 0,
      removedCategories: 0,
    });
  });

  it("lets the members of a group a task is shared with read, not change, the categories of the task's group, and hear of changes", async () => {
    const family = await createSharedGroup(context.server.database.db, { ownerId: adaId, memberIds: [linusId] });
    await json(await ada.request(base(), { json: { name: "Garden" } }), 201);
    const { task } = await json<{ task: Task }>(
      await ada.request("/api/tasks", { json: { groupId: group, title: "Prune the roses", category: "garden" } }),
      201,
    );
    expect((await linus.request(base())).status).toBe(404);

    await json(await ada.request(`/api/tasks/${task.id}/shares/${family}`, { method: "PUT" }));
    const seen = await json<Category[]>(await linus.request(base()));
    expect(seen.find((category) => category.id === "garden")).toMatchObject({ label: "Garden", groupId: group });
    const live = await openLiveSocket(linus);
    await json(await ada.request(`${base()}/garden`, { method: "PATCH", json: { name: "Roses" } }));
    await live.waitFor((m) => m.type === "categories.changed" && m.groupId === group);
    live.socket.close();
    expect((await linus.request(`${base()}/garden`, { method: "PATCH", json: { name: "Mine" } })).status).toBe(404);
    expect((await linus.request(base(), { json: { name: "Mine" } })).status).toBe(404);

    await json(await ada.request(`/api/tasks/${task.id}/shares/${family}`, { method: "DELETE" }));
    expect((await linus.request(base())).status).toBe(404);
  });
});
