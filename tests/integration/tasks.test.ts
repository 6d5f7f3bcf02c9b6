import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Group, Invitation } from "../../domain/groups.js";
import type { Task } from "../../domain/tasks.js";
import { handOverTasksOfFormerMembers } from "../../server/db/migrations/0011-former-members-and-invitees.js";
import { describeEachDialect } from "../helpers/databases.js";
import { signUpConfirmed } from "../helpers/email.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { openLiveSocket } from "../helpers/sockets.js";
import { createWebFixture } from "../helpers/web-fixture.js";

interface GroupTasks {
  tasks: Task[];
  removedTaskIds: string[];
  seq: number;
}

describeEachDialect("tasks", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let ada: HttpClient;
  let grace: HttpClient;
  let linus: HttpClient;
  let adaPersonal: string;
  let family: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const message = async (response: Response) =>
    ((await response.json()) as { error: { message: string } }).error.message;
  const person = async (name: string) => (await signUpConfirmed(context.server, name)).client;
  const create = (client: HttpClient, body: Record<string, unknown>) => client.request("/api/tasks", { json: body });

  beforeAll(async () => {
    ada = await person("Ada");
    grace = await person("Grace");
    linus = await person("Linus");
    adaPersonal = (await json<Group[]>(await ada.request("/api/groups")))[0]!.id;
    family = (await json<Group>(await ada.request("/api/groups", { json: { name: "Family", type: "family" } }), 201))
      .id;
    const invitation = await json<Invitation>(
      await ada.request(`/api/groups/${family}/invitations`, { json: { email: "grace@example.org" } }),
      201,
    );
    await json(await grace.request(`/api/invitations/${invitation.id}/respond`, { json: { accept: true } }));
  });

  it("adds a task with the defaults, an id made from its group's, and warns of a quick duplicate", async () => {
    const first = await json<{ task: Task; possibleDuplicate: boolean }>(
      await create(ada, { groupId: family, title: "Buy milk", category: "no-such-category" }),
      201,
    );
    expect(first.possibleDuplicate).toBe(false);
    expect(first.task).toMatchObject({
      groupId: family,
      title: "Buy milk",
      priority: "medium",
      category: "other",
      completed: false,
      completedAt: null,
      locked: false,
      sharedWithGroups: [],
      subtasksTotal: 0,
      subtasksCompleted: 0,
    });
    expect(first.task.id).toMatch(new RegExp(`^${family.slice(0, 8)}-[a-z0-9]{10}$`));
    const second = await json<{ possibleDuplicate: boolean }>(
      await create(grace, { groupId: family, title: "Buy milk" }),
      201,
    );
    expect(second.possibleDuplicate).toBe(true);
  });

  it("refuses a task without a group, or in a group the user is not in", async () => {
    const noGroup = await create(ada, { title: "Nowhere" });
    expect(noGroup.status).toBe(400);
    expect(await message(noGroup)).toContain("No group selected");
    const foreign = await create(linus, { groupId: family, title: "Sneaky" });
    expect(foreign.status).toBe(404);
    expect(await message(foreign)).toBe("Group not found");
  });

  it("applies a create once per operationId, also when deliveries race; a taken id is a 409", async () => {
    const id = `${family.slice(0, 8)}-abcdefghij`;
    const body = { id, groupId: family, title: "Once", operationId: "op-create-0001" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(ada, body)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.filter((answer) => answer.headers.get("x-operation-replayed") === "false")).toHaveLength(1);
    const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<{ task: Task }>));
    expect(new Set(bodies.map((answer) => answer.task.id))).toEqual(new Set([id]));
    const rows = await context.server.database.db
      .selectFrom("tasks")
      .select("id")
      .where("title", "=", "Once")
      .execute();
    expect(rows).toHaveLength(1);

    const taken = await create(ada, { ...body, operationId: "op-create-0002" });
    expect(taken.status).toBe(409);
  });

  it("completes and reopens, setting and clearing completedAt", async () => {
    const { task } = await json<{ task: Task }>(await create(ada, { groupId: family, title: "Water plants" }), 201);
    const done = await json<Task>(
      await grace.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { completed: true } }),
    );
    expect(done.completed).toBe(true);
    expect(Date.parse(done.completedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const reopened = await json<Task>(
      await ada.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { completed: false } }),
    );
    expect(reopened).toMatchObject({ completed: false, completedAt: null });
  });

  it("lets only the owner lock, and a locked task be changed or deleted by nobody else", async () => {
    const { task } = await json<{ task: Task }>(await create(ada, { groupId: family, title: "Family budget" }), 201);
    const notOwner = await grace.request(`/api/tasks/${task.id}/lock`, { method: "PUT", json: { locked: true } });
    expect(notOwner.status).toBe(403);
    expect(await message(notOwner)).toBe("Cannot toggle lock");
    await json<Task>(await ada.request(`/api/tasks/${task.id}/lock`, { method: "PUT", json: { locked: true } }));

    expect((await grace.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { title: "Mine" } })).status).toBe(
      403,
    );
    const memberDelete = await grace.request(`/api/tasks/${task.id}`, { method: "DELETE" });
    expect(await message(memberDelete)).toBe("Only the task owner can delete tasks");
    const lockedDelete = await ada.request(`/api/tasks/${task.id}`, { method: "DELETE" });
    expect(lockedDelete.status).toBe(403);
    expect(await message(lockedDelete)).toBe("Cannot delete locked tasks");
    expect((await json<Task>(await ada.request(`/api/tasks/${task.id}`))).title).toBe("Family budget");
  });

  it("shares a task with another of the owner's groups once, and takes it back", async () => {
    const { task } = await json<{ task: Task }>(
      await create(ada, { groupId: adaPersonal, title: "Plan holiday" }),
      201,
    );
    expect((await grace.request(`/api/tasks/${task.id}`)).status).toBe(404);
    for (let i = 0; i < 2; i += 1) {
      const shared = await json<Task>(await ada.request(`/api/tasks/${task.id}/shares/${family}`, { method: "PUT" }));
      expect(shared.sharedWithGroups).toEqual([family]);
    }
    expect((await json<Task>(await grace.request(`/api/tasks/${task.id}`))).title).toBe("Plan holiday");
    const familyTasks = await json<GroupTasks>(await grace.request(`/api/groups/${family}/tasks`));
    expect(familyTasks.tasks.map((entry) => entry.id)).toContain(task.id);

    const byOther = await grace.request(`/api/tasks/${task.id}/shares/${family}`, { method: "DELETE" });
    expect(byOther.status).toBe(403);
    expect(await message(byOther)).toBe("Cannot share task: Task not found or user not owner");
    const linusPersonal = (await json<Group[]>(await linus.request("/api/groups")))[0]!.id;
    expect((await ada.request(`/api/tasks/${task.id}/shares/${linusPersonal}`, { method: "PUT" })).status).toBe(404);

    await json<Task>(await ada.request(`/api/tasks/${task.id}/shares/${family}`, { method: "DELETE" }));
    expect((await grace.request(`/api/tasks/${task.id}`)).status).toBe(404);
  });

  it("lets a client catch up on what changed since its last sequence number", async () => {
    const start = await json<GroupTasks>(await grace.request(`/api/groups/${family}/tasks`));
    const { task: added } = await json<{ task: Task }>(await create(ada, { groupId: family, title: "New since" }), 201);
    const { task: gone } = await json<{ task: Task }>(
      await create(ada, { groupId: family, title: "Short-lived" }),
      201,
    );
    expect((await ada.request(`/api/tasks/${gone.id}`, { method: "DELETE" })).status).toBe(204);
    const changes = await json<GroupTasks>(await grace.request(`/api/groups/${family}/tasks?since=${start.seq}`));
    expect(changes.tasks.map((task) => task.id)).toEqual([added.id]);
    expect(changes.removedTaskIds).toEqual([gone.id]);
    expect(changes.seq).toBeGreaterThan(start.seq);
    const nothing = await json<GroupTasks>(await grace.request(`/api/groups/${family}/tasks?since=${changes.seq}`));
    expect(nothing).toEqual({ tasks: [], removedTaskIds: [], seq: changes.seq });
  });

  it("tells the members of the group live, and no one else", async () => {
    const graceLive = await openLiveSocket(grace);
    const linusLive = await openLiveSocket(linus);
    const { task } = await json<{ task: Task }>(await create(ada, { groupId: family, title: "Live one" }), 201);
    await graceLive.waitFor((m) => m.type === "tasks.changed" && m.groupId === family);
    await json<Task>(await ada.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { priority: "high" } }));
    const changes = graceLive.inbox.filter((m) => (m as { type: string }).type === "tasks.changed") as {
      seq: number;
    }[];
    await graceLive.waitFor((m) => m.type === "tasks.changed" && (m.seq as number) > changes[0]!.seq);
    expect(linusLive.inbox.filter((m) => (m as { type: string }).type !== "hello")).toEqual([]);
    graceLive.socket.close();
    linusLive.socket.close();
  });

  it("adds, renames, toggles, reorders and deletes subtasks, keeping the counts consistent", async () => {
    const { task } = await json<{ task: Task }>(
      await create(ada, {
        groupId: family,
        title: "Pack for the trip",
        subtasks: [{ title: "Passports" }, { title: "Tickets" }],
      }),
      201,
    );
    expect(task).toMatchObject({ subtasksTotal: 2, subtasksCompleted: 0 });
    const base = `/api/tasks/${task.id}/subtasks`;
    let current = await json<Task>(await grace.request(base, { json: { title: "Sunscreen", id: "sunscreen" } }));
    expect(current.subtasks.map((subtask) => subtask.title)).toEqual(["Passports", "Tickets", "Sunscreen"]);

    current = await json<Task>(
      await grace.request(`${base}/sunscreen`, { method: "PATCH", json: { completed: true } }),
    );
    expect(current).toMatchObject({ subtasksTotal: 3, subtasksCompleted: 1 });
    expect(current.subtasks[2]!.completedAt).not.toBeNull();
    current = await json<Task>(
      await ada.request(`${base}/sunscreen`, { method: "PATCH", json: { title: "SPF 50", completed: false } }),
    );
    expect(current.subtasks[2]).toMatchObject({ title: "SPF 50", completed: false, completedAt: null });
    expect(current.subtasksCompleted).toBe(0);

    const ids = current.subtasks.map((subtask) => subtask.id);
    current = await json<Task>(
      await ada.request(`${base}/order`, { method: "PUT", json: { ids: [...ids].reverse() } }),
    );
    expect(current.subtasks.map((subtask) => subtask.title)).toEqual(["SPF 50", "Tickets", "Passports"]);
    const stale = await ada.request(`${base}/order`, { method: "PUT", json: { ids: ids.slice(1) } });
    expect(stale.status).toBe(409);

    current = await json<Task>(await ada.request(`${base}/${ids[0]}`, { method: "DELETE" }));
    expect(current).toMatchObject({ subtasksTotal: 2 });

    for (const [path, method] of [
      [`${base}/no-such-subtask`, "PATCH"],
      [`/api/tasks/${family.slice(0, 8)}-nosuchtask/subtasks/x`, "PATCH"],
    ] as const) {
      const missing = await ada.request(path, { method, json: { completed: true } });
      expect(missing.status).toBe(404);
      expect(await message(missing)).toBe("Task not found or Subtask not found");
    }
    // Someone who cannot see the task gets the same answer, not a hint that it exists.
    const hidden = await linus.request(`${base}/${ids[1]}`, { method: "PATCH", json: { completed: true } });
    expect(hidden.status).toBe(404);
    expect(await message(hidden)).toBe("Task not found or Subtask not found");
  });

  it("lists every task a user sees across their groups, and nothing of groups they are not in", async () => {
    const { task: personal } = await json<{ task: Task }>(
      await create(grace, {
        groupId: (await json<Group[]>(await grace.request("/api/groups")))[0]!.id,
        title: "Grace alone",
      }),
      201,
    );
    const all = await json<Task[]>(await grace.request("/api/tasks"));
    const ids = all.map((task) => task.id);
    expect(ids).toContain(personal.id);
    expect(
      all.every((task) => task.groupId === family || task.id === personal.id || task.sharedWithGroups.includes(family)),
    ).toBe(true);
    const linusAll = await json<Task[]>(await linus.request("/api/tasks"));
    expect(linusAll).toEqual([]);
  });

  // Below, Linus joins the family and goes again: these run last, the tests above expect him outside.
  const idOf = async (client: HttpClient) => (await json<{ id: string }>(await client.request("/api/me"))).id;
  const joinFamily = async (client: HttpClient) => {
    const invitation = await json<Invitation>(
      await ada.request(`/api/groups/${family}/invitations`, { json: { email: "linus@example.org" } }),
      201,
    );
    await json(await client.request(`/api/invitations/${invitation.id}/respond`, { json: { accept: true } }));
  };

  it("hands a removed member's tasks to the group's owner, and shows the removed member nothing of the group", async () => {
    const [adaId, linusId] = [await idOf(ada), await idOf(linus)];
    const linusPersonal = (await json<Group[]>(await linus.request("/api/groups")))[0]!.id;
    await joinFamily(linus);
    const { task: kept } = await json<{ task: Task }>(await create(linus, { groupId: family, title: "Linus's" }), 201);
    await json<Task>(await linus.request(`/api/tasks/${kept.id}/lock`, { method: "PUT", json: { locked: true } }));
    const { task: shared } = await json<{ task: Task }>(
      await create(linus, { groupId: family, title: "Also at home" }),
      201,
    );
    await json<Task>(await linus.request(`/api/tasks/${shared.id}/shares/${linusPersonal}`, { method: "PUT" }));
    const graceLive = await openLiveSocket(grace);
    const linusLive = await openLiveSocket(linus);

    expect((await ada.request(`/api/groups/${family}/members/${linusId}`, { method: "DELETE" })).status).toBe(204);
    await linusLive.waitFor((m) => m.type === "group.removed" && m.groupId === family);

    const base = `/api/tasks/${kept.id}`;
    for (const [method, path, body] of [
      ["GET", base, undefined],
      ["PATCH", base, { title: "Still mine" }],
      ["PUT", `${base}/lock`, { locked: false }],
      ["POST", `${base}/subtasks`, { title: "One more" }],
      ["DELETE", base, undefined],
      ["GET", `/api/groups/${family}/tasks`, undefined],
      ["GET", `/api/groups/${family}/tasks?since=0`, undefined],
    ] as const) {
      const response = await linus.request(path, { method, ...(body && { json: body }) });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await json<Task[]>(await linus.request("/api/tasks"))).map((task) => task.id)).toEqual([shared.id]);
    // Shared into a group he is still in, the task stays in sight there, but it is no longer his.
    expect(await json<Task>(await linus.request(`/api/tasks/${shared.id}`))).toMatchObject({
      ownerId: adaId,
      abilities: { lock: false, delete: false, share: false },
    });

    const handedOver = await json<Task>(await ada.request(base));
    expect(handedOver).toMatchObject({ ownerId: adaId, locked: true, abilities: { lock: true, edit: true } });
    const familyList = await json<GroupTasks>(await grace.request(`/api/groups/${family}/tasks`));
    expect(familyList.tasks.find((task) => task.id === kept.id)?.ownerId).toBe(adaId);
    await json<Task>(await ada.request(base, { method: "PATCH", json: { notes: "Written after he left" } }));
    await json<Task>(await ada.request(`${base}/lock`, { method: "PUT", json: { locked: false } }));
    expect((await ada.request(base, { method: "DELETE" })).status).toBe(204);
    expect((await linus.request(base)).status).toBe(404);

    // Grace hears of each of those changes; Linus hears nothing more of the family.
    const last = (await json<GroupTasks>(await grace.request(`/api/groups/${family}/tasks`))).seq;
    await graceLive.waitFor((m) => m.type === "tasks.changed" && m.groupId === family && m.seq === last);
    expect(linusLive.inbox.filter((m) => (m as { groupId?: string }).groupId === family)).toEqual([
      { type: "group.removed", groupId: family, reason: "removed" },
    ]);
    graceLive.socket.close();
    linusLive.socket.close();
  });

  it("hands over the tasks of a member who leaves, and of members who went before that was done", async () => {
    const [adaId, linusId] = [await idOf(ada), await idOf(linus)];
    await joinFamily(linus);
    const { task } = await json<{ task: Task }>(await create(linus, { groupId: family, title: "Before I go" }), 201);
    expect((await linus.request(`/api/groups/${family}/members/${linusId}`, { method: "DELETE" })).status).toBe(204);
    expect((await linus.request(`/api/tasks/${task.id}`)).status).toBe(404);
    expect((await json<Task>(await grace.request(`/api/tasks/${task.id}`))).ownerId).toBe(adaId);

    // A task of someone who left before removals handed tasks over (as the database may hold
    // them from then): the migration gives it to the owner and logs the change for the members.
    const { db } = context.server.database;
    await db.updateTable("tasks").set({ owner_id: linusId }).where("id", "=", task.id).execute();
    expect((await linus.request(`/api/tasks/${task.id}`)).status).toBe(404);
    const before = (await json<GroupTasks>(await grace.request(`/api/groups/${family}/tasks`))).seq;
    await handOverTasksOfFormerMembers(db as Kysely<unknown>, new Date().toISOString());
    const caughtUp = await json<GroupTasks>(await grace.request(`/api/groups/${family}/tasks?since=${before}`));
    expect(caughtUp.tasks.map((entry) => [entry.id, entry.ownerId])).toEqual([[task.id, adaId]]);
  });
});
