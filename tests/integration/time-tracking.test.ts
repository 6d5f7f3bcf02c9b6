import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import type { Task } from "../../domain/tasks.js";
import {
  csvCell,
  type Entries,
  type Report,
  type Stopped,
  type TaskTime,
  TIME_MESSAGES,
  type TimeEntry,
  type Timer,
} from "../../domain/time-tracking.js";
import { sendTimerReminders } from "../../server/modules/task-delegation/time-tracking/reminder.js";
import { describeEachDialect } from "../helpers/databases.js";
import { createSharedGroup } from "../helpers/groups.js";
import { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../helpers/sign-in.js";
import { openLiveSocket } from "../helpers/sockets.js";
import { addTaskOverApi, personalGroupId } from "../helpers/tasks.js";

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Time tracking (module task-delegation) over HTTP on both databases: docs/time-tracking.md. */
describeEachDialect("time tracking", (dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let adaId: string;
  let adaPersonal: string;
  let bob: HttpClient;
  let bobId: string;
  let carol: HttpClient;

  const personalGroupOf = personalGroupId;
  const addTask = async (client: HttpClient, groupId: string, title: string) =>
    (await addTaskOverApi(client, groupId, title)).id;

  const start = (client: HttpClient, taskId: string, startedAt?: string, id: string = randomUUID()) =>
    client.request("/api/time/timer", { json: { id, taskId, ...(startedAt ? { startedAt } : {}) } });
  const stop = (client: HttpClient, stoppedAt: string, entryId?: string) =>
    client.request("/api/time/timer/stop", { json: { stoppedAt, ...(entryId ? { entryId } : {}) } });
  const timerOf = async (client: HttpClient) =>
    ((await (await client.request("/api/time/timer")).json()) as Timer).timer;
  const addEntry = (client: HttpClient, body: Record<string, unknown>) =>
    client.request("/api/time/entries", { json: body });
  const entriesOf = async (client: HttpClient, from: string, to: string) => {
    const response = await client.request(
      `/api/time/entries?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as Entries).entries;
  };
  const report = (client: HttpClient, query: Record<string, string>, csv = false) =>
    client.request(`/api/time/report${csv ? ".csv" : ""}?${new URLSearchParams(query).toString()}`);

  async function expectError(response: Response, status: number, message?: string): Promise<void> {
    expect(response.status, await response.clone().text()).toBe(status);
    const body = (await response.json()) as { error: { code: string; message: string } };
    if (message) expect(body.error.message).toBe(message);
  }

  /** Deletes every entry of the user in the last two days, so each test starts clean. */
  async function clearRecent(client: HttpClient): Promise<void> {
    await stop(client, new Date().toISOString());
    for (const entry of await entriesOf(client, ago(48 * HOUR), new Date(Date.now() + HOUR).toISOString()))
      expect((await client.request(`/api/time/entries/${entry.id}`, { method: "DELETE" })).status).toBe(204);
  }

  beforeAll(async () => {
    ({ client: ada, id: adaId } = await signUp(context.server.baseUrl, "Ada Timer"));
    ({ client: bob, id: bobId } = await signUp(context.server.baseUrl, "Bob Timer"));
    ({ client: carol } = await signUp(context.server.baseUrl, "Carol Timer"));
    adaPersonal = await personalGroupOf(ada);
  });

  it("needs sign-in for every route, and refuses cross-site writes", async () => {
    const visitor = new HttpClient(context.server.baseUrl);
    for (const response of [
      await visitor.request("/api/time/timer"),
      await start(visitor, "any"),
      await stop(visitor, new Date().toISOString()),
      await visitor.request(`/api/time/entries?from=${ago(HOUR)}&to=${ago(0)}`),
      await addEntry(visitor, {}),
      await visitor.request("/api/time/entries/x", { method: "PATCH", json: {} }),
      await visitor.request("/api/time/entries/x", { method: "DELETE" }),
      await visitor.request("/api/tasks/x/time"),
      await visitor.request("/api/tasks/x/estimate", { method: "PUT", json: { minutes: 5 } }),
      await visitor.request("/api/tasks/x/estimate", { method: "DELETE" }),
      await report(visitor, { from: "2026-01-01", to: "2026-01-07", tz: "UTC" }),
      await report(visitor, { from: "2026-01-01", to: "2026-01-07", tz: "UTC" }, true),
    ])
      await expectError(response, 401, "User not authenticated");

    const task = await addTask(ada, adaPersonal, "Cross-site");
    const evil = { origin: "https://evil.example" };
    for (const response of [
      await ada.request("/api/time/timer", { json: { id: randomUUID(), taskId: task }, headers: evil }),
      await ada.request("/api/time/timer/stop", { json: { stoppedAt: ago(0) }, headers: evil }),
      await ada.request("/api/time/entries", {
        json: { taskId: task, startedAt: ago(2 * HOUR), endedAt: ago(HOUR) },
        headers: evil,
      }),
      await ada.request(`/api/tasks/${task}/estimate`, { method: "PUT", json: { minutes: 5 }, headers: evil }),
    ])
      await expectError(response, 403, "Cross-site request refused");
    expect(await timerOf(ada)).toBeNull();
  });

  it("starts a timer, stops it at the instant pressed, and a started timer stops the running one", async () => {
    const write = await addTask(ada, adaPersonal, "Write the report");
    const read = await addTask(ada, adaPersonal, "Read the mail");
    const first = await start(ada, write, ago(30 * 60_000));
    expect(first.status).toBe(200);
    const running = ((await first.json()) as Timer).timer!;
    expect(running).toMatchObject({ taskId: write, taskTitle: "Write the report", endedAt: null, userId: adaId });

    const switchedAt = ago(10 * 60_000);
    const second = ((await (await start(ada, read, switchedAt)).json()) as Timer).timer!;
    expect(second).toMatchObject({ taskId: read, startedAt: switchedAt });
    const [now, before] = await entriesOf(ada, ago(HOUR), ago(-HOUR));
    expect(now!.id).toBe(second.id);
    expect(before).toMatchObject({ id: running.id, endedAt: switchedAt });

    const pressed = ago(60_000);
    const stopped = (await (await stop(ada, pressed)).json()) as Stopped;
    expect(stopped.entry).toMatchObject({ id: second.id, endedAt: pressed });
    expect(await timerOf(ada)).toBeNull();
    // Nothing runs: a stop changes nothing and says so.
    expect(await (await stop(ada, ago(0))).json()).toEqual({ timer: null, entry: null });
    await clearRecent(ada);
  });

  it("stops a timer running on a task when the task is completed, at that instant", async () => {
    await clearRecent(ada);
    const task = await addTask(ada, adaPersonal, "Paint the fence");
    const other = await addTask(ada, adaPersonal, "Sand the fence");
    expect((await start(ada, task, ago(20 * 60_000))).status).toBe(200);
    // Completing another task leaves the timer alone.
    expect((await ada.request(`/api/tasks/${other}`, { method: "PATCH", json: { completed: true } })).status).toBe(200);
    expect((await timerOf(ada))?.taskId).toBe(task);

    const done = await ada.request(`/api/tasks/${task}`, { method: "PATCH", json: { completed: true } });
    expect(done.status).toBe(200);
    const completedAt = ((await done.json()) as Task).completedAt!;
    expect(await timerOf(ada)).toBeNull();
    const [entry] = await entriesOf(ada, ago(HOUR), new Date(Date.now() + HOUR).toISOString());
    expect(entry).toMatchObject({ taskId: task, endedAt: completedAt });
  });

  it("stops the timer at the tap when a completion queued offline arrives later", async () => {
    await clearRecent(ada);
    // Added an hour ago (a completion is never dated before its task's creation).
    const added = await ada.request("/api/tasks", {
      json: { groupId: adaPersonal, title: "Oil the hinges", createdAt: ago(HOUR) },
    });
    const task = ((await added.json()) as { task: Task }).task.id;
    const startedAt = ago(30 * 60_000);
    expect((await start(ada, task, startedAt)).status).toBe(200);
    const tapped = ago(10 * 60_000);
    const done = await ada.request(`/api/tasks/${task}`, {
      method: "PATCH",
      json: { completed: true, completedAt: tapped },
    });
    expect(done.status).toBe(200);
    expect(((await done.json()) as Task).completedAt).toBe(tapped);
    expect(await timerOf(ada)).toBeNull();
    const [entry] = await entriesOf(ada, ago(HOUR), ago(-HOUR));
    // Twenty minutes worked, not the thirty until the completion reached the server.
    expect(entry).toMatchObject({ taskId: task, startedAt, endedAt: tapped });
  });

  it("keeps one running timer when two devices start at once", async () => {
    const phone = (
      await signInWithBuiltinProvider(
        context.server.baseUrl,
        { email: "ada.timer@example.org", password: STRONG_PASSWORD },
        { mode: "login" },
      )
    ).client;
    const tasks = await Promise.all([
      addTask(ada, adaPersonal, "Laptop task"),
      addTask(ada, adaPersonal, "Phone task"),
    ]);
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all([start(ada, tasks[0]!), start(phone, tasks[1]!)]);
      // Each is decided after the other: the later stops the earlier (or, at worst, is told to try again).
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      expect(answers.some((answer) => answer.status === 200)).toBe(true);
      const running = (await entriesOf(ada, ago(HOUR), ago(-HOUR))).filter((entry) => entry.endedAt === null);
      expect(running).toHaveLength(1);
      expect((await timerOf(phone))!.id).toBe(running[0]!.id);
    }
    await clearRecent(ada);
  });

  it("records an offline stop at the instant pressed, even after a later start, and an offline start never overlaps", async () => {
    const task = await addTask(ada, adaPersonal, "Offline work");
    const other = await addTask(ada, adaPersonal, "Desk work");
    const offline = ((await (await start(ada, task, ago(50 * 60_000))).json()) as Timer).timer!;
    // The phone pressed Stop 40 minutes ago without network; the laptop started another since.
    const pressed = ago(40 * 60_000);
    const later = ((await (await start(ada, other, ago(20 * 60_000))).json()) as Timer).timer!;
    // The phone's start of the first timer arrives again (a retry): nothing changes.
    expect(((await (await start(ada, task, ago(50 * 60_000), offline.id)).json()) as Timer).timer!.id).toBe(later.id);
    const synced = (await (await stop(ada, pressed, offline.id)).json()) as Stopped;
    // Already stopped by the later start: answered as it ended, the later timer untouched.
    expect(synced.entry).toMatchObject({ id: offline.id, endedAt: later.startedAt });
    expect((await timerOf(ada))!.id).toBe(later.id);

    // Now a stop that syncs late while nothing stopped the timer: the pressed instant counts.
    const pressedLater = ago(5 * 60_000);
    expect(((await (await stop(ada, pressedLater, later.id)).json()) as Stopped).entry!.endedAt).toBe(pressedLater);
    // Sent twice (a retry): the same final state.
    expect(((await (await stop(ada, ago(0), later.id)).json()) as Stopped).entry!.endedAt).toBe(pressedLater);

    // An offline start from before the last stop begins where that entry ended: no overlap.
    const stale = ((await (await start(ada, task, ago(30 * 60_000))).json()) as Timer).timer!;
    expect(stale.startedAt).toBe(pressedLater);
    // A stop before a start moved so ends it at its start: it tracked nothing of its own.
    expect(((await (await stop(ada, ago(25 * 60_000), stale.id)).json()) as Stopped).entry!.endedAt).toBe(pressedLater);
    await clearRecent(ada);
  });

  it("refuses odd instants with clear messages", async () => {
    const task = await addTask(ada, adaPersonal, "Odd instants");
    await expectError(await start(ada, task, ago(-HOUR)), 400, TIME_MESSAGES.inFuture);
    await expectError(await start(ada, task, ago(25 * HOUR)), 400, TIME_MESSAGES.startTooOld);
    await expectError(await start(ada, task, "2026-02-30T10:00:00Z"), 400);
    await expectError(await start(ada, task, "yesterday"), 400);
    await expectError(await stop(ada, ago(-HOUR)), 400, TIME_MESSAGES.inFuture);
    // A timer left running for more than a day ends at 24 hours.
    const old = ((await (await start(ada, task, ago(23 * HOUR))).json()) as Timer).timer!;
    const stopped = (await (await stop(ada, ago(0), old.id)).json()) as Stopped;
    expect(Date.parse(stopped.entry!.endedAt!) - Date.parse(old.startedAt)).toBeLessThanOrEqual(24 * HOUR);
    await clearRecent(ada);
  });

  it("validates manual entries: end after start, not in the future, at most 24 h, no overlap, no control characters", async () => {
    const task = await addTask(ada, adaPersonal, "Manual entries");
    const entry = (startedAt: string, endedAt: string, extra: Record<string, unknown> = {}) =>
      addEntry(ada, { taskId: task, startedAt, endedAt, ...extra });
    await expectError(await entry(ago(HOUR), ago(2 * HOUR)), 400, TIME_MESSAGES.endBeforeStart);
    // One instant for both ends: two calls of ago() a millisecond apart on a busy machine would make a 1 ms entry.
    const hourAgo = ago(HOUR);
    await expectError(await entry(hourAgo, hourAgo), 400, TIME_MESSAGES.endBeforeStart);
    await expectError(await entry(ago(HOUR), ago(-HOUR)), 400, TIME_MESSAGES.inFuture);
    await expectError(await entry(ago(26 * HOUR), ago(HOUR)), 400, TIME_MESSAGES.tooLong);
    await expectError(await entry(ago(2 * HOUR), ago(HOUR), { note: "bell\u0007" }), 400);
    await expectError(await entry(ago(2 * HOUR), ago(HOUR), { note: "nul\u0000" }), 400);
    await expectError(await entry("2026-13-01T10:00:00Z", ago(HOUR)), 400);
    // Listing too: a range the wrong way round, or longer than a report's.
    await expectError(
      await ada.request(`/api/time/entries?from=${ago(0)}&to=${ago(HOUR)}`),
      400,
      TIME_MESSAGES.endBeforeStart,
    );
    await expectError(
      await ada.request(`/api/time/entries?from=2024-01-01T00:00:00Z&to=${ago(0)}`),
      400,
      TIME_MESSAGES.rangeTooLong,
    );

    const created = await entry(ago(3 * HOUR), ago(2 * HOUR), { note: "Drafted the intro" });
    expect(created.status).toBe(201);
    const saved = (await created.json()) as TimeEntry;
    expect(saved).toMatchObject({ taskId: task, note: "Drafted the intro" });
    const clash = await entry(ago(2.5 * HOUR), ago(1.5 * HOUR));
    await expectError(clash, 400);
    const clashBody = (await entry(ago(2.5 * HOUR), ago(1.5 * HOUR)).then((r) => r.json())) as {
      error: { message: string };
    };
    expect(clashBody.error.message).toMatch(/^This overlaps your entry for "Manual entries" \(/);
    // End to start is no overlap.
    expect((await entry(ago(2 * HOUR), ago(HOUR))).status).toBe(201);
    // A running timer counts until now.
    await start(ada, task, ago(30 * 60_000));
    await expectError(await entry(ago(20 * 60_000), ago(10 * 60_000)), 400);
    await stop(ada, ago(0));

    // Edits follow the same rules; the same id sent again is the same entry.
    const again = await entry(ago(3 * HOUR), ago(2 * HOUR), { id: saved.id });
    expect(again.status).toBe(200);
    await expectError(
      await ada.request(`/api/time/entries/${saved.id}`, { method: "PATCH", json: { endedAt: ago(1.5 * HOUR) } }),
      400,
    );
    const moved = await ada.request(`/api/time/entries/${saved.id}`, {
      method: "PATCH",
      json: { startedAt: ago(4 * HOUR), note: null },
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ id: saved.id, note: null });
    await clearRecent(ada);
  });

  it("hides other users' entries and tasks: 404 as for missing ones", async () => {
    const secret = await addTask(ada, adaPersonal, "Ada's secret");
    const entry = (await (
      await addEntry(ada, { taskId: secret, startedAt: ago(2 * HOUR), endedAt: ago(HOUR) })
    ).json()) as TimeEntry;
    for (const id of [secret, "no-such-task"]) {
      await expectError(await start(bob, id), 404, "Task not found");
      await expectError(
        await addEntry(bob, { taskId: id, startedAt: ago(2 * HOUR), endedAt: ago(HOUR) }),
        404,
        "Task not found",
      );
      await expectError(await bob.request(`/api/tasks/${id}/time`), 404, "Task not found");
      await expectError(await bob.request(`/api/tasks/${id}/estimate`, { method: "PUT", json: { minutes: 5 } }), 404);
    }
    for (const id of [entry.id, "no-such-entry"]) {
      await expectError(
        await bob.request(`/api/time/entries/${id}`, { method: "PATCH", json: { note: "mine now" } }),
        404,
        TIME_MESSAGES.entryNotFound,
      );
      await expectError(await stop(bob, ago(0), id), 404, TIME_MESSAGES.entryNotFound);
    }
    // Bob's delete changes nothing of Ada's; his list and report never show it.
    expect((await bob.request(`/api/time/entries/${entry.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await entriesOf(bob, ago(48 * HOUR), ago(-HOUR))).toEqual([]);
    expect((await entriesOf(ada, ago(48 * HOUR), ago(-HOUR))).map((e) => e.id)).toEqual([entry.id]);
    // An entry id Ada uses cannot be taken by Bob.
    await expectError(
      await start(bob, await addTask(bob, await personalGroupOf(bob), "Bob's"), undefined, entry.id),
      409,
    );
    await clearRecent(ada);
    await clearRecent(bob);
  });

  it("answers another user's ids on every time route as it answers missing ones", async () => {
    const secret = await addTask(ada, adaPersonal, "Ada's sweep task");
    const entry = (await (
      await addEntry(ada, { taskId: secret, startedAt: ago(6 * HOUR), endedAt: ago(5 * HOUR) })
    ).json()) as TimeEntry;
    await ada.request(`/api/tasks/${secret}/estimate`, { method: "PUT", json: { minutes: 30 } });
    const day = { from: "2026-01-05", to: "2026-01-11", tz: "UTC" };
    // Bob's call of each route with Ada's ids, and what he gets: the answer to a missing id.
    const cases: Record<string, () => Promise<Response>> = {
      "GET /api/time/timer": () => bob.request("/api/time/timer"),
      "POST /api/time/timer": () => start(bob, secret),
      "POST /api/time/timer/stop": () => stop(bob, ago(0), entry.id),
      "GET /api/time/entries": () => bob.request(`/api/time/entries?from=${ago(48 * HOUR)}&to=${ago(0)}`),
      "POST /api/time/entries": () => addEntry(bob, { taskId: secret, startedAt: ago(2 * HOUR), endedAt: ago(HOUR) }),
      "PATCH /api/time/entries/:entryId": () =>
        bob.request(`/api/time/entries/${entry.id}`, { method: "PATCH", json: { note: "mine" } }),
      "DELETE /api/time/entries/:entryId": () => bob.request(`/api/time/entries/${entry.id}`, { method: "DELETE" }),
      "GET /api/tasks/:taskId/time": () => bob.request(`/api/tasks/${secret}/time`),
      "PUT /api/tasks/:taskId/estimate": () =>
        bob.request(`/api/tasks/${secret}/estimate`, { method: "PUT", json: { minutes: 5 } }),
      "DELETE /api/tasks/:taskId/estimate": () => bob.request(`/api/tasks/${secret}/estimate`, { method: "DELETE" }),
      "GET /api/time/report": () => report(bob, { ...day, groupId: adaPersonal }),
      "GET /api/time/report.csv": () => report(bob, { ...day, groupId: adaPersonal }, true),
    };
    // Every route of this part is in the table: a new one needs its case here.
    const timeRoutes = context.server.app.moduleRoutes
      .filter(
        (route) => route.url.startsWith("/api/time") || /^\/api\/tasks\/:taskId\/(time|estimate)$/.test(route.url),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(timeRoutes.sort()).toEqual(Object.keys(cases).sort());

    const answers: Record<string, number> = {};
    for (const [route, call] of Object.entries(cases)) answers[route] = (await call()).status;
    expect(answers).toEqual({
      "GET /api/time/timer": 200,
      "POST /api/time/timer": 404,
      "POST /api/time/timer/stop": 404,
      "GET /api/time/entries": 200,
      "POST /api/time/entries": 404,
      "PATCH /api/time/entries/:entryId": 404,
      "DELETE /api/time/entries/:entryId": 204,
      "GET /api/tasks/:taskId/time": 404,
      "PUT /api/tasks/:taskId/estimate": 404,
      "DELETE /api/tasks/:taskId/estimate": 404,
      "GET /api/time/report": 404,
      "GET /api/time/report.csv": 404,
    });
    // And nothing of Ada's changed.
    expect(await (await ada.request(`/api/tasks/${secret}/time`)).json()).toEqual({
      taskId: secret,
      estimateMinutes: 30,
      spentSeconds: 3600,
    });
    expect((await entriesOf(ada, ago(48 * HOUR), ago(0))).find((e) => e.id === entry.id)).toMatchObject({ note: null });
    expect(await timerOf(bob)).toBeNull();
    expect(await entriesOf(bob, ago(48 * HOUR), ago(-HOUR))).toEqual([]);
    await clearRecent(ada);
  });

  it("keeps estimates for those who may edit the task, with the time spent", async () => {
    const task = await addTask(ada, adaPersonal, "Estimate me");
    const set = await ada.request(`/api/tasks/${task}/estimate`, { method: "PUT", json: { minutes: 90 } });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ taskId: task, estimateMinutes: 90, spentSeconds: 0 });
    await addEntry(ada, { taskId: task, startedAt: ago(2 * HOUR), endedAt: ago(HOUR) });
    expect(((await (await ada.request(`/api/tasks/${task}/time`)).json()) as TaskTime).spentSeconds).toBe(3600);
    for (const minutes of [0, -5, 1.5, 60_001, "90"])
      await expectError(await ada.request(`/api/tasks/${task}/estimate`, { method: "PUT", json: { minutes } }), 400);
    const removed = await ada.request(`/api/tasks/${task}/estimate`, { method: "DELETE" });
    expect(((await removed.json()) as TaskTime).estimateMinutes).toBeNull();
    await clearRecent(ada);
  });

  it("shows a group's owner everyone's time and a member their own; outsiders get 404", async () => {
    const team = await createSharedGroup(context.server.database.db, {
      ownerId: adaId,
      memberIds: [bobId],
      name: "Team",
    });
    const task = await addTask(ada, team, "Team task");
    await addTask(ada, team, "Untouched");
    await ada.request(`/api/tasks/${task}/estimate`, { method: "PUT", json: { minutes: 60 } });
    await addEntry(ada, { taskId: task, startedAt: "2026-06-02T08:00:00Z", endedAt: "2026-06-02T09:00:00Z" });
    await addEntry(bob, { taskId: task, startedAt: "2026-06-03T08:00:00Z", endedAt: "2026-06-03T10:00:00Z" });
    const query = { groupId: team, from: "2026-06-01", to: "2026-06-07", tz: "UTC" };

    const owners = (await (await report(ada, query)).json()) as Report;
    expect(owners.scope).toBe("group");
    expect(owners.totalSeconds).toBe(3 * 3600);
    expect(owners.byMember).toEqual([
      { userId: bobId, name: "Bob Timer", seconds: 7200 },
      { userId: adaId, name: "Ada Timer", seconds: 3600 },
    ]);
    expect(owners.byTask).toEqual([
      expect.objectContaining({
        taskId: task,
        title: "Team task",
        estimateMinutes: 60,
        seconds: 10800,
        totalSeconds: 10800,
      }),
    ]);
    expect(owners.byCategory.reduce((sum, row) => sum + row.seconds, 0)).toBe(10800);

    const members = (await (await report(bob, query)).json()) as Report;
    expect(members.scope).toBe("own");
    expect(members.byMember).toEqual([{ userId: bobId, name: "Bob Timer", seconds: 7200 }]);
    expect(members.byTask[0]!.totalSeconds).toBe(7200);

    await expectError(await report(carol, query), 404, "Group not found");
    await expectError(await report(carol, query, true), 404, "Group not found");
    await expectError(await report(ada, { ...query, groupId: "no-such-group" }), 404, "Group not found");
  });

  it("totals a week with a daylight saving change right in Berlin and in New York", async () => {
    const task = await addTask(ada, adaPersonal, "Across the change");
    // Berlin skips 02:00-03:00 on Sunday 29 March 2026; New York changed on 8 March.
    for (const [startedAt, endedAt] of [
      ["2026-03-23T01:00:00Z", "2026-03-23T02:00:00Z"], // Monday 02:00 in Berlin, Sunday evening in New York
      ["2026-03-29T00:30:00Z", "2026-03-29T02:30:00Z"], // across Berlin's skipped hour
      ["2026-03-29T21:30:00Z", "2026-03-29T22:30:00Z"], // across Berlin's Monday midnight
    ])
      expect((await addEntry(ada, { taskId: task, startedAt, endedAt })).status).toBe(201);
    const range = { groupId: adaPersonal, from: "2026-03-23", to: "2026-04-05" };

    const berlin = (await (await report(ada, { ...range, tz: "Europe/Berlin" })).json()) as Report;
    expect(berlin.byWeek).toEqual([
      { week: "2026-03-23", seconds: 3.5 * 3600 },
      { week: "2026-03-30", seconds: 0.5 * 3600 },
    ]);
    expect(berlin.totalSeconds).toBe(4 * 3600);

    const newYork = (await (await report(ada, { ...range, tz: "America/New_York" })).json()) as Report;
    expect(newYork.byWeek).toEqual([
      { week: "2026-03-23", seconds: 3 * 3600 },
      { week: "2026-03-30", seconds: 0 },
    ]);
    expect(newYork.totalSeconds).toBe(3 * 3600);
    // Estimate against actual counts all of the task's time, not the range's.
    expect(newYork.byTask[0]).toMatchObject({ seconds: 3 * 3600, totalSeconds: 4 * 3600 });

    for (const bad of [
      { ...range, tz: "Mars/Olympus" },
      { ...range, tz: "Europe/Berlin", from: "2026-02-30" },
      { ...range, tz: "Europe/Berlin", to: "2026-03-01" },
      { ...range, tz: "Europe/Berlin", to: "2027-06-01" },
    ])
      await expectError(await report(ada, bad), 400);
  });

  it("exports CSV as RFC 4180 with formula cells neutralised", async () => {
    const task = await addTask(ada, adaPersonal, '=HYPERLINK("http://evil.example","Click")');
    await addEntry(ada, {
      taskId: task,
      startedAt: "2026-05-04T08:00:00Z",
      endedAt: "2026-05-04T09:30:00Z",
      note: '@SUM(A1), then "quoted"',
    });
    await addEntry(ada, {
      taskId: task,
      startedAt: "2026-05-05T08:00:00Z",
      endedAt: "2026-05-05T08:15:00Z",
      note: "-1+2",
    });
    const query = { groupId: adaPersonal, from: "2026-05-04", to: "2026-05-10", tz: "Europe/Berlin" };
    const category = ((await (await report(ada, query)).json()) as Report).byTask[0]!.category;
    const response = await report(ada, query, true);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="time-2026-05-04-to-2026-05-10.csv"',
    );
    const title = `"'=HYPERLINK(""http://evil.example"",""Click"")"`;
    expect((await response.text()).split("\r\n")).toEqual([
      "Date,Start,End,Minutes,Member,Task,Category,Note",
      `2026-05-04,10:00,11:30,90,Ada Timer,${title},${csvCell(category)},"'@SUM(A1), then ""quoted"""`,
      `2026-05-05,10:00,10:15,15,Ada Timer,${title},${csvCell(category)},'-1+2`,
      "",
    ]);
  });

  it("tells the user's other devices, and reminds once of a timer running 8 hours", async () => {
    const phone = (
      await signInWithBuiltinProvider(
        context.server.baseUrl,
        { email: "ada.timer@example.org", password: STRONG_PASSWORD },
        { mode: "login" },
      )
    ).client;
    const live = await openLiveSocket(phone);
    const task = await addTask(ada, adaPersonal, "Long haul");
    const timer = ((await (await start(ada, task, ago(8 * HOUR + 60_000))).json()) as Timer).timer!;
    await live.waitFor(
      (message) =>
        message.type === "module.event" && message.moduleId === "task-delegation" && message.event === "time.changed",
    );
    live.socket.close();
    expect((await timerOf(phone))!.id).toBe(timer.id);

    expect(await sendTimerReminders(context.server.app.deps)).toBe(1);
    expect(await sendTimerReminders(context.server.app.deps)).toBe(0);
    const { notifications } = (await (await ada.request("/api/notifications")).json()) as {
      notifications: Array<{ title: string; body: string; link: string }>;
    };
    expect(notifications[0]).toMatchObject({
      title: TIME_MESSAGES.reminderTitle,
      body: TIME_MESSAGES.reminderBody("Long haul"),
      link: "/time-tracking",
    });
    await clearRecent(ada);
  });
});
