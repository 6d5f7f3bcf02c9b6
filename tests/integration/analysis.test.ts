import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { ANALYSIS_MESSAGES, type GroupAnalysis, type TaskAnalysis } from "../../domain/analysis.js";
import { MESSAGES } from "../../domain/errors.js";
import type { Group } from "../../domain/groups.js";
import type { Task } from "../../domain/tasks.js";
import { adminQuery, describeEachDialect } from "../helpers/databases.js";
import { familyOfTwo } from "../helpers/groups.js";
import { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";

const DAY = 86_400_000;
const MINUTE = 60_000;

/** "2026-11-26": a date `days` from today in UTC (the zone the test's tasks are set in). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

/**
 * The task-analysis module over HTTP on a hand-made family: Ada and Grace complete and postpone
 * tasks through real PATCHes (the module keeps who and when), time entries and estimates go
 * straight into time tracking's tables (its API is another module's), and the figures are
 * checked against what those rows must give.
 */
describeEachDialect("task analysis", (dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let grace: HttpClient;
  let bob: HttpClient;
  let family: string;
  let adaId: string;
  let graceId: string;
  const ids = {} as Record<"kitchen" | "bathroom" | "rent" | "photos" | "groceries" | "passport" | "windows", string>;

  async function addTask(client: HttpClient, body: Record<string, unknown>): Promise<string> {
    const response = await client.request("/api/tasks", { json: { groupId: family, ...body } });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { task: Task }).task.id;
  }

  async function patch(client: HttpClient, id: string, body: Record<string, unknown>): Promise<void> {
    const response = await client.request(`/api/tasks/${id}`, { method: "PATCH", json: body });
    expect(response.status, await response.clone().text()).toBe(200);
  }

  /** A finished stretch of tracked time, `daysAgo` days back, of `minutes` minutes. */
  async function track(taskId: string, userId: string, daysAgo: number, minutes: number): Promise<void> {
    const start = new Date(Date.now() - daysAgo * DAY);
    const now = new Date().toISOString();
    await context.server.database.db
      .insertInto("time_entries")
      .values({
        id: randomUUID(),
        user_id: userId,
        task_id: taskId,
        started_at: start.toISOString(),
        ended_at: new Date(start.getTime() + minutes * MINUTE).toISOString(),
        note: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  async function estimate(taskId: string, minutes: number): Promise<void> {
    await context.server.database.db
      .insertInto("task_estimates")
      .values({ task_id: taskId, minutes, updated_by: adaId, updated_at: new Date().toISOString() })
      .execute();
  }

  const analysisOf = (client: HttpClient, groupId: string, query = "") =>
    client.request(`/api/groups/${groupId}/analysis${query}`);
  const analyzeTask = (client: HttpClient, taskId: string) => client.request("/api/analyze-task", { json: { taskId } });

  async function ok<T>(response: Response): Promise<T> {
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  }

  beforeAll(async () => {
    ({ ada, grace, family } = await familyOfTwo(context.server));
    ({ client: bob } = await signUp(context.server.baseUrl, "Bob Outsider"));
    const group = await ok<Group>(await ada.request(`/api/groups/${family}`));
    adaId = group.members.find((member) => member.displayName === "Ada")!.userId;
    graceId = group.members.find((member) => member.displayName === "Grace")!.userId;

    const tz = { deadlineTimeZone: "UTC" };
    ids.kitchen = await addTask(ada, { title: "Clean the kitchen", category: "personal" });
    ids.bathroom = await addTask(ada, { title: "Clean the bathroom", category: "personal" });
    ids.rent = await addTask(ada, { title: "Pay rent", deadline: dayFromToday(-10), ...tz });
    ids.photos = await addTask(grace, { title: "Sort photos" });
    ids.groceries = await addTask(ada, { title: "Buy groceries", category: "shopping" });
    ids.passport = await addTask(ada, { title: "Renew passport", deadline: dayFromToday(5), ...tz });
    ids.windows = await addTask(ada, { title: "Clean all windows", category: "personal" });

    // Grace completes Ada's kitchen task; Ada completes the bathroom and the windows.
    await patch(grace, ids.kitchen, { completed: true });
    await patch(ada, ids.bathroom, { completed: true });
    await patch(ada, ids.windows, { completed: true });
    // The passport is postponed twice (7 days, then 3), then brought a day forward: not a postponement.
    await patch(ada, ids.passport, { deadline: dayFromToday(12) });
    await patch(ada, ids.passport, { deadline: dayFromToday(15) });
    await patch(ada, ids.passport, { deadline: dayFromToday(14) });

    // Sort photos: nobody touched it for a month. Pay rent was on the list for three weeks.
    const { db } = context.server.database;
    const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    await db
      .updateTable("tasks")
      .set({ updated_at: ago(30) })
      .where("id", "=", ids.photos)
      .execute();
    await db
      .updateTable("tasks")
      .set({ created_at: ago(21) })
      .where("id", "=", ids.rent)
      .execute();

    await track(ids.kitchen, graceId, 2, 60);
    await track(ids.bathroom, adaId, 2, 30);
    await track(ids.groceries, adaId, 3, 20);
    await track(ids.windows, adaId, 3, 45);
    // Long ago: counts for the tasks' totals, not for this period's time.
    await track(ids.kitchen, graceId, 60, 15);
    await estimate(ids.kitchen, 70);
    await estimate(ids.bathroom, 15);
  });

  it("answers a group's figures from its tasks, events, time entries and estimates", async () => {
    const analysis = await ok<GroupAnalysis>(await analysisOf(ada, family, "?weeks=4&tz=UTC"));
    expect(analysis.members.map((member) => member.name)).toEqual(["Ada", "Grace"]);
    // 7 tasks on the list in the period, 3 completed in it.
    expect(analysis.completionRate).toEqual({ completed: 3, total: 7, rate: 3 / 7 });
    expect(analysis.overdueTrend).toHaveLength(4);
    // Pay rent has been overdue for 9 days: overdue at the end of the last two weeks only.
    expect(analysis.overdueTrend.map((week) => week.overdue)).toEqual([0, 0, 1, 1]);
    expect(analysis.overdueTrend.at(-1)!.completed).toBe(3);
    expect(analysis.timePerCategory).toEqual([
      { categoryId: "personal", name: "Personal Tasks", minutes: 135 },
      { categoryId: "shopping", name: "Shopping List", minutes: 20 },
    ]);
    // Kitchen: 75 of 70 (accurate); bathroom: 30 of 15 (twice as long).
    expect(analysis.estimateAccuracy).toEqual({ tasks: 2, medianRatio: (75 / 70 + 2) / 2, accurateShare: 0.5 });
    expect(analysis.busiestDays.reduce((sum, day) => sum + day.completed, 0)).toBe(3);
    expect(analysis.busiestDays.reduce((sum, day) => sum + day.minutes, 0)).toBe(155);
    expect(analysis.memberLoad).toEqual([
      { memberId: adaId, name: "Ada", openTasks: 3, minutes: 95 },
      { memberId: graceId, name: "Grace", openTasks: 1, minutes: 60 },
    ]);
    expect(analysis.suggestions).toEqual([
      {
        kind: "overdue",
        taskId: ids.rent,
        memberId: adaId,
        text: "“Pay rent” is 9 days overdue: pick a new date you can keep, or split it into smaller steps.",
      },
      {
        kind: "stale",
        taskId: ids.photos,
        memberId: graceId,
        text: "“Sort photos” has not changed in 30 days: give it a date, hand it over, or let it go.",
      },
    ]);
  });

  it("narrows the figures to one member: what they completed, own while open, and tracked", async () => {
    const analysis = await ok<GroupAnalysis>(await analysisOf(grace, family, `?member=${graceId}&weeks=12`));
    expect(analysis.memberId).toBe(graceId);
    expect(analysis.overdueTrend).toHaveLength(12);
    // The kitchen (completed by Grace though Ada owns it) and her open photos.
    expect(analysis.completionRate).toEqual({ completed: 1, total: 2, rate: 0.5 });
    // Twelve weeks reach back to her first stretch on the kitchen too.
    expect(analysis.timePerCategory).toEqual([{ categoryId: "personal", name: "Personal Tasks", minutes: 75 }]);
    expect(analysis.suggestions.map((suggestion) => suggestion.taskId)).toEqual([ids.photos]);

    const ofAda = await ok<GroupAnalysis>(await analysisOf(grace, family, `?member=${adaId}`));
    expect(ofAda.completionRate).toEqual({ completed: 2, total: 5, rate: 0.4 });
  });

  it("analyzes one task: age, postponements and similar finished tasks' time", async () => {
    const passport = await ok<TaskAnalysis>(await analyzeTask(ada, ids.passport));
    expect(passport).toMatchObject({
      taskId: ids.passport,
      ageDays: 0,
      postponements: 2,
      deadlineMovedByDays: 10,
      trackedMinutes: 0,
      estimateMinutes: null,
      similarTasks: [],
      medianMinutesOfSimilar: null,
      suggestion: "Postponed 2 times so far: keep the new date if you can.",
    });

    const kitchen = await ok<TaskAnalysis>(await analyzeTask(grace, ids.kitchen));
    expect(kitchen).toMatchObject({ postponements: 0, trackedMinutes: 75, estimateMinutes: 70 });
    // The bathroom shares a third of the words; the windows fewer, but the category too.
    expect(kitchen.similarTasks).toEqual([
      { id: ids.bathroom, title: "Clean the bathroom", minutes: 30 },
      { id: ids.windows, title: "Clean all windows", minutes: 45 },
    ]);
    expect(kitchen.medianMinutesOfSimilar).toBe(38);
    expect(kitchen.suggestion).toBe("Similar tasks took about 38 min, less than the estimate of 1 h 10 min.");
  });

  it("keeps who completed a task through a reopening and a second completion", async () => {
    const id = await addTask(ada, { title: "Water plants" });
    await patch(ada, id, { completed: true });
    await patch(ada, id, { completed: false });
    await patch(grace, id, { completed: true });
    const rows = await context.server.database.db
      .selectFrom("task_events")
      .select(["kind", "actor_id"])
      .where("task_id", "=", id)
      .orderBy("at")
      .execute();
    expect(rows).toEqual([
      { kind: "completed", actor_id: adaId },
      { kind: "reopened", actor_id: adaId },
      { kind: "completed", actor_id: graceId },
    ]);
    const ofGrace = await ok<GroupAnalysis>(await analysisOf(grace, family, `?member=${graceId}`));
    expect(ofGrace.completionRate.completed).toBe(2);
    await ada.request(`/api/tasks/${id}`, { method: "DELETE" });
  });

  it("counts a completion queued offline from the moment it was ticked, not its arrival", async () => {
    const id = await addTask(ada, { title: "Ticked in the tunnel" });
    const { createdAt } = (await (await ada.request(`/api/tasks/${id}`)).json()) as { createdAt: string };
    const ticked = new Date(Date.parse(createdAt) + 20).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 60));
    await patch(ada, id, { completed: true, completedAt: ticked });
    const rows = await context.server.database.db
      .selectFrom("task_events")
      .select(["kind", "at"])
      .where("task_id", "=", id)
      .execute();
    expect(rows.map((row) => ({ kind: row.kind, at: new Date(row.at).toISOString() }))).toEqual([
      { kind: "completed", at: ticked },
    ]);
    await ada.request(`/api/tasks/${id}`, { method: "DELETE" });
  });

  it("answers 404 for a group or task the caller cannot see, like a missing one", async () => {
    for (const response of [await analysisOf(bob, family), await analysisOf(ada, "no-such-group")]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "Group not found" } });
    }
    const bobsGroup = (await ok<Group[]>(await bob.request("/api/groups"))).find((group) => group.isPersonal)!.id;
    const bobsTask = (
      (await (await bob.request("/api/tasks", { json: { groupId: bobsGroup, title: "Bob's secret" } })).json()) as {
        task: Task;
      }
    ).task.id;
    for (const response of [
      await analyzeTask(ada, bobsTask),
      await analyzeTask(ada, "no-such-task"),
      await analyzeTask(bob, ids.kitchen),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "Task not found" } });
    }
    expect((await analysisOf(ada, bobsGroup)).status).toBe(404);
  });

  it("refuses bad input with a clear 400, and a member from outside the group", async () => {
    for (const query of [
      "?tz=Mars/Olympus",
      "?weeks=0",
      "?weeks=53",
      "?weeks=four",
      "?weeks=1e1",
      "?member=x%00y",
      "?tz=%01",
    ]) {
      const response = await analysisOf(ada, family, query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("validation_failed");
    }
    const stranger = await analysisOf(ada, family, "?member=someone-else");
    expect(stranger.status).toBe(400);
    expect(await stranger.json()).toEqual({
      error: { code: "validation_failed", message: ANALYSIS_MESSAGES.memberNotInGroup },
    });
    for (const body of [{}, { taskId: "" }, { taskId: "a\u0000b" }, { taskId: 7 }]) {
      const response = await ada.request("/api/analyze-task", { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("needs sign-in, refuses a cross-site call, and answers 403 while the module is off", async () => {
    const visitor = new HttpClient(context.server.baseUrl);
    for (const response of [await analysisOf(visitor, family), await analyzeTask(visitor, ids.kitchen)]) {
      expect(response.status).toBe(401);
    }
    const crossSite = await ada.request("/api/analyze-task", {
      json: { taskId: ids.kitchen },
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);

    expect((await ada.request("/api/modules/task-analysis", { method: "PUT", json: { enabled: false } })).status).toBe(
      200,
    );
    try {
      for (const response of [await analysisOf(ada, family), await analyzeTask(ada, ids.kitchen)]) {
        expect(response.status).toBe(403);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("MODULE_DISABLED");
      }
      // Grace's own switch is hers: she still sees the family's analysis.
      expect((await analysisOf(grace, family)).status).toBe(200);
    } finally {
      await ada.request("/api/modules/task-analysis", { method: "PUT", json: { enabled: true } });
    }
    // Events were kept while it was off: a postponement made now counts.
    await patch(ada, ids.rent, { deadline: dayFromToday(3) });
    expect((await ok<TaskAnalysis>(await analyzeTask(ada, ids.rent))).postponements).toBe(1);
  });

  it("flags a member who carries much more than the group's mean, and says why", async () => {
    const before = await ok<GroupAnalysis>(await analysisOf(ada, family));
    expect(before.suggestions.filter((suggestion) => suggestion.kind === "uneven-load")).toEqual([]);
    const added: string[] = [];
    for (const title of ["Book dentist", "File taxes", "Fix shelf", "Order tiles", "Pick up parcel"])
      added.push(await addTask(ada, { title }));
    const after = await ok<GroupAnalysis>(await analysisOf(grace, family));
    // Ada: 8 open tasks; Grace: 1; the mean is 4.5.
    expect(after.suggestions.filter((suggestion) => suggestion.kind === "uneven-load")).toEqual([
      {
        kind: "uneven-load",
        taskId: null,
        memberId: adaId,
        text: "Ada has 8 open tasks, 1.8× the group's mean of 4.5: share some with the others.",
      },
    ]);
    // Narrowed to Grace, the suggestions are hers only.
    const ofGrace = await ok<GroupAnalysis>(await analysisOf(grace, family, `?member=${graceId}`));
    expect(ofGrace.suggestions.every((suggestion) => suggestion.memberId === graceId)).toBe(true);
    for (const id of added) await ada.request(`/api/tasks/${id}`, { method: "DELETE" });
  });

  it("answers 503 while the database is down, and the same figures once it is back", async () => {
    if (dialect !== "postgres") return;
    const before = await ok<TaskAnalysis>(await analyzeTask(ada, ids.passport));
    const name = context.database.name;
    try {
      await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      for (const response of [await analysisOf(ada, family), await analyzeTask(ada, ids.passport)]) {
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({
          error: { code: "service_unavailable", message: MESSAGES.databaseDown },
        });
      }
    } finally {
      await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    }
    await expect.poll(() => analysisOf(ada, family).then((response) => response.status)).toBe(200);
    expect(await ok<TaskAnalysis>(await analyzeTask(ada, ids.passport))).toEqual(before);
  });
  it("keeps a group's history when a member's account goes, without its author", async () => {
    const deleted = await grace.request("/api/account", { method: "DELETE", json: { confirm: true } });
    expect(deleted.status, await deleted.clone().text()).toBe(204);
    const events = await context.server.database.db
      .selectFrom("task_events")
      .select(["kind", "actor_id"])
      .where("task_id", "=", ids.kitchen)
      .execute();
    expect(events).toEqual([{ kind: "completed", actor_id: null }]);
    // The kitchen now counts for its owner, Ada.
    const ofAda = await ok<GroupAnalysis>(await analysisOf(ada, family, `?member=${adaId}`));
    expect(ofAda.members.map((member) => member.name)).toEqual(["Ada"]);
    expect(ofAda.completionRate.completed).toBe(3);
  });
});
