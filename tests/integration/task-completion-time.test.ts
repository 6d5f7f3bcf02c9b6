import { afterAll, beforeAll, expect, it } from "vitest";
import type { Backup } from "../../domain/backup.js";
import type { Group } from "../../domain/groups.js";
import type { Task } from "../../domain/tasks.js";
import { describeEachDialect } from "../helpers/databases.js";
import { signUpConfirmed } from "../helpers/email.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { createWebFixture } from "../helpers/web-fixture.js";

const DAY_MS = 86_400_000;

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function refused(response: Response): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(400);
  return ((await response.json()) as { error: { message: string } }).error.message;
}

/**
 * An add or a completion queued offline reaches the server later: it carries the moment of the
 * tap, and the task counts as added or done from then (its completedAt, the analysis, a repeat counted from the day
 * it was done), kept between the task's creation and the moment it arrives.
 */
describeEachDialect("when a task was added and completed", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let ada: HttpClient;
  let personal: string;

  beforeAll(async () => {
    ada = (await signUpConfirmed(context.server, "Ada")).client;
    await json(await ada.request("/api/profile", { method: "PATCH", json: { timeZone: "UTC" } }));
    personal = (await json<Group[]>(await ada.request("/api/groups"))).find((group) => group.isPersonal)!.id;
  });

  const create = async (title: string) =>
    (await json<{ task: Task }>(await ada.request("/api/tasks", { json: { groupId: personal, title } }), 201)).task;
  const complete = (id: string, body: Record<string, unknown>) =>
    ada.request(`/api/tasks/${id}`, { method: "PATCH", json: { completed: true, ...body } });
  const read = async (id: string) => json<Task>(await ada.request(`/api/tasks/${id}`));

  /** A task made `daysAgo` days ago, as a restore from a backup brings it back (with its own createdAt). */
  async function taskFromDaysAgo(title: string, daysAgo: number, fields: Partial<Backup["tasks"][number]> = {}) {
    const made = await create(title);
    const backup = await json<Backup>(await ada.request("/api/backup"));
    const original = backup.tasks.find((task) => task.id === made.id)!;
    expect((await ada.request(`/api/tasks/${made.id}`, { method: "DELETE" })).status).toBe(204);
    const id = `${made.id.slice(0, -10)}${Math.random().toString(36).slice(2, 12).padEnd(10, "x")}`;
    const old = { ...original, ...fields, id, createdAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString() };
    await json(
      await ada.request("/api/backup/restore", { json: { backup: { ...backup, tasks: [old] }, mode: "merge" } }),
    );
    return id;
  }

  it("keeps the moment a completion was ticked, as the answer, a later read and the group's list say", async () => {
    const id = await taskFromDaysAgo("Ticked on the train", 3);
    const ticked = new Date(Date.now() - 2 * DAY_MS).toISOString();
    expect((await json<Task>(await complete(id, { completedAt: ticked }))).completedAt).toBe(ticked);
    expect((await read(id)).completedAt).toBe(ticked);
    const list = await json<{ tasks: Task[] }>(await ada.request(`/api/groups/${personal}/tasks`));
    expect(list.tasks.find((task) => task.id === id)?.completedAt).toBe(ticked);
  });

  it("dates a completion from a clock ahead at its arrival, and one from before the task at the task's creation", async () => {
    const ahead = await create("Clock ahead");
    const before = Date.now();
    const done = await json<Task>(
      await complete(ahead.id, { completedAt: new Date(Date.now() + DAY_MS).toISOString() }),
    );
    expect(Date.parse(done.completedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(done.completedAt!)).toBeLessThanOrEqual(Date.now());

    const id = await taskFromDaysAgo("Clock behind", 2);
    const createdAt = (await read(id)).createdAt;
    const behind = await json<Task>(await complete(id, { completedAt: "2001-01-01T00:00:00Z" }));
    expect(Date.parse(behind.completedAt!)).toBe(Date.parse(createdAt));
  });

  it("dates a completion without one at its arrival, and does not move the moment of one already done", async () => {
    const task = await create("Done online");
    const before = Date.now();
    const done = await json<Task>(await complete(task.id, {}));
    expect(Date.parse(done.completedAt!)).toBeGreaterThanOrEqual(before - 1000);
    const again = await json<Task>(await complete(task.id, { completedAt: new Date(before - 500).toISOString() }));
    expect(again.completedAt).toBe(done.completedAt);
  });

  it("refuses a moment that is no timestamp, or one without completing, and changes nothing", async () => {
    const task = await create("Still open");
    expect(await refused(await complete(task.id, { completedAt: "yesterday" }))).toMatch(/Use a date and time like/);
    expect(await refused(await complete(task.id, { completedAt: "2026-13-01T00:00:00Z" }))).toMatch(
      /Use a date and time like/,
    );
    const ticked = new Date().toISOString();
    for (const body of [
      { title: "Renamed", completedAt: ticked },
      { completed: false, completedAt: ticked },
    ]) {
      const response = await ada.request(`/api/tasks/${task.id}`, { method: "PATCH", json: body });
      expect(await refused(response)).toMatch(/completedAt goes only with completed: true$/);
    }
    expect(await read(task.id)).toMatchObject({ title: "Still open", completed: false, completedAt: null });
  });

  it("keeps when a task was added on a device, at most 30 days back and never ahead of its arrival", async () => {
    const add = async (createdAt: string) =>
      (
        await json<{ task: Task }>(
          await ada.request("/api/tasks", { json: { groupId: personal, title: `Added ${createdAt}`, createdAt } }),
          201,
        )
      ).task;
    const added = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const before = Date.now();
    const queued = await add(added);
    expect(queued.createdAt).toBe(added);
    // Written now: the change it made is of now, as live sync and catch-up read it.
    expect(Date.parse(queued.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await read(queued.id)).createdAt).toBe(added);
    // Both queued in the tunnel: the completion between the add and now is kept as it came.
    const ticked = new Date(Date.now() - 3_600_000).toISOString();
    expect((await json<Task>(await complete(queued.id, { completedAt: ticked }))).completedAt).toBe(ticked);

    const old = await add(new Date(Date.now() - 40 * DAY_MS).toISOString());
    expect(Math.abs(Date.parse(old.createdAt) - (Date.now() - 30 * DAY_MS))).toBeLessThan(60_000);
    const ahead = await add(new Date(Date.now() + DAY_MS).toISOString());
    expect(Date.parse(ahead.createdAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(ahead.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const refusedAdd = await ada.request("/api/tasks", {
      json: { groupId: personal, title: "Never added", createdAt: "2026-02-30T10:00:00Z" },
    });
    expect(await refused(refusedAdd)).toMatch(/Use a date and time like/);
  });

  it("counts a repeat from the day the task was done, not the day the completion arrived", async () => {
    const dueDay = new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10);
    const id = await taskFromDaysAgo("Water the plants", 10, {
      deadline: dueDay,
      deadlineTimeZone: "UTC",
      repeat: { rule: "FREQ=DAILY;INTERVAL=3", fromCompletion: true },
    });
    const doneDay = new Date(Date.now() - 5 * DAY_MS);
    await json(await complete(id, { completedAt: doneDay.toISOString() }));
    const list = await json<{ tasks: Task[] }>(await ada.request(`/api/groups/${personal}/tasks`));
    const next = list.tasks.filter((task) => task.title === "Water the plants" && !task.completed);
    expect(next.map((task) => task.deadline)).toEqual([
      new Date(doneDay.getTime() + 3 * DAY_MS).toISOString().slice(0, 10),
    ]);
  });
});
