import { beforeAll, expect, it } from "vitest";
import {
  type AssignmentOverview,
  type Delegation,
  type DelegationList,
  DELEGATION_MESSAGES,
  type DelegationSettings,
  type GroupAssignments,
  type TaskAssignment,
  type Volunteering,
} from "../../domain/delegation.js";
import { MESSAGES } from "../../domain/errors.js";
import type { Group } from "../../domain/groups.js";
import type { NotificationPage } from "../../domain/notifications.js";
import { TASK_MESSAGES } from "../../domain/task-rules.js";
import type { Task } from "../../domain/tasks.js";
import { adminQuery, describeEachDialect } from "../helpers/databases.js";
import { createSharedGroup } from "../helpers/groups.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { openLiveSocket } from "../helpers/sockets.js";

/**
 * Delegation, assignment, volunteering and rotation over HTTP (docs/delegation.md): a family of
 * three (Ada owns the group, Bob and Cleo are members) and Eve, who is in none of their groups.
 */
describeEachDialect("delegation", (dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let adaId: string;
  let bob: HttpClient;
  let bobId: string;
  let cleo: HttpClient;
  let cleoId: string;
  let eve: HttpClient;
  let family: string;

  async function addTask(client: HttpClient, title: string, extra: Record<string, unknown> = {}): Promise<Task> {
    const response = await client.request("/api/tasks", { json: { groupId: family, title, ...extra } });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { task: Task }).task;
  }

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const errorOf = async (response: Response) => ({
    status: response.status,
    ...((await response.json()) as { error: { code: string; message: string } }).error,
  });

  const assign = (client: HttpClient, taskId: string, userId: string) =>
    client.request(`/api/tasks/${taskId}/assignee`, { method: "PUT", json: { userId } });
  const delegate = (client: HttpClient, taskId: string, toUserId: string, note = "") =>
    client.request(`/api/tasks/${taskId}/delegations`, { json: { toUserId, note } });
  const answer = (client: HttpClient, id: string, action: "accept" | "decline", note = "") =>
    client.request(`/api/delegations/${id}/${action}`, { json: { note } });
  const revoke = (client: HttpClient, id: string) =>
    client.request(`/api/delegations/${id}/revoke`, { method: "POST" });
  const open = (client: HttpClient, taskId: string) => client.request(`/api/tasks/${taskId}/open`, { method: "PUT" });
  const claim = (client: HttpClient, taskId: string) =>
    client.request(`/api/tasks/${taskId}/claim`, { method: "POST" });
  const unclaim = (client: HttpClient, taskId: string) =>
    client.request(`/api/tasks/${taskId}/claim`, { method: "DELETE" });
  const settings = (client: HttpClient, body: Record<string, boolean>) =>
    client.request(`/api/groups/${family}/delegation-settings`, { method: "PATCH", json: body });
  const badges = async (client: HttpClient) =>
    json<GroupAssignments>(await client.request(`/api/groups/${family}/assignments`));
  const titlesOfNotifications = async (client: HttpClient) =>
    (await json<NotificationPage>(await client.request("/api/notifications"))).notifications.map(
      (notification) => `${notification.title} | ${notification.body}`,
    );

  beforeAll(async () => {
    ({ client: ada, id: adaId } = await signUp(context.server.baseUrl, "Ada Lovelace"));
    ({ client: bob, id: bobId } = await signUp(context.server.baseUrl, "Bob Builder"));
    ({ client: cleo, id: cleoId } = await signUp(context.server.baseUrl, "Cleo Clean"));
    ({ client: eve } = await signUp(context.server.baseUrl, "Eve Outsider"));
    family = await createSharedGroup(context.server.database.db, { ownerId: adaId, memberIds: [bobId, cleoId] });
  });

  it("delegation: the owner asks, the member sees it live, accepts with a note and has the task; the owner keeps ownership", async () => {
    const task = await addTask(ada, "Take the bins out");
    const bobLive = await openLiveSocket(bob);
    const asked = await json<Delegation>(await delegate(ada, task.id, bobId, "Tuesday night please"));
    expect(asked).toMatchObject({ status: "pending", note: "Tuesday night please", to: { userId: bobId } });
    await bobLive.waitFor((m) => m.type === "module.event" && m.event === "assignments.changed");
    bobLive.socket.close();

    const waiting = await json<DelegationList>(await bob.request("/api/delegations"));
    expect(waiting.incoming.map((request) => request.id)).toEqual([asked.id]);
    expect((await json<DelegationList>(await ada.request("/api/delegations"))).outgoing.map((r) => r.id)).toEqual([
      asked.id,
    ]);
    expect(await titlesOfNotifications(bob)).toContain(
      "Ada Lovelace asks you to take a task | Take the bins out: “Tuesday night please”",
    );

    // One pending request per task.
    expect(await errorOf(await delegate(ada, task.id, cleoId))).toMatchObject({
      status: 409,
      message: DELEGATION_MESSAGES.alreadyPending,
    });
    // Only the person asked answers; only the asker revokes.
    expect(await errorOf(await answer(cleo, asked.id, "accept"))).toMatchObject({
      status: 404,
      message: DELEGATION_MESSAGES.delegationNotFound,
    });
    expect(await errorOf(await answer(ada, asked.id, "accept"))).toMatchObject({
      status: 403,
      message: DELEGATION_MESSAGES.onlyAddresseeAnswers,
    });
    expect(await errorOf(await revoke(bob, asked.id))).toMatchObject({
      status: 403,
      message: DELEGATION_MESSAGES.onlyAskerRevokes,
    });

    const accepted = await json<Delegation>(await answer(bob, asked.id, "accept", "On it"));
    expect(accepted).toMatchObject({ status: "accepted", answerNote: "On it" });
    expect(await errorOf(await answer(bob, asked.id, "decline"))).toMatchObject({
      status: 409,
      message: DELEGATION_MESSAGES.notPending,
    });
    expect((await badges(ada)).assignees[task.id]).toMatchObject({
      userId: bobId,
      name: "Bob Builder",
      how: "delegation",
    });
    expect(await titlesOfNotifications(ada)).toContain(
      "Bob Builder accepted your request | Take the bins out: “On it”",
    );

    // Ownership stays with Ada, and with it the owner-only rights: Bob cannot lock or delete it.
    const locked = await bob.request(`/api/tasks/${task.id}/lock`, { method: "PUT", json: { locked: true } });
    expect(locked.status).toBe(403);
    expect((await bob.request(`/api/tasks/${task.id}`, { method: "DELETE" })).status).toBe(403);
    expect((await json<Task>(await bob.request(`/api/tasks/${task.id}`))).ownerId).toBe(adaId);
    expect(
      (await json<AssignmentOverview>(await bob.request("/api/assignments"))).assignedToMe.map((t) => t.taskId),
    ).toContain(task.id);
  });

  it("delegation: a member cannot delegate, a decline tells the owner the note, a revoke frees the task for a new request", async () => {
    const task = await addTask(ada, "Book the dentist");
    expect(await errorOf(await delegate(bob, task.id, cleoId))).toMatchObject({
      status: 403,
      message: DELEGATION_MESSAGES.onlyOwnerDelegates,
    });
    expect(await errorOf(await delegate(ada, task.id, adaId))).toMatchObject({ status: 400 });
    const first = await json<Delegation>(await delegate(ada, task.id, cleoId));
    const declined = await json<Delegation>(await answer(cleo, first.id, "decline", "Busy all week"));
    expect(declined.status).toBe("declined");
    expect(await titlesOfNotifications(ada)).toContain(
      "Cleo Clean declined your request | Book the dentist: “Busy all week”",
    );
    expect((await badges(ada)).assignees[task.id]).toBeUndefined();

    const second = await json<Delegation>(await delegate(ada, task.id, bobId));
    expect((await json<Delegation>(await revoke(ada, second.id))).status).toBe("revoked");
    expect(await errorOf(await answer(bob, second.id, "accept"))).toMatchObject({ status: 409 });
    const history = (await json<DelegationList>(await ada.request("/api/delegations"))).history;
    expect(history.filter((request) => request.taskId === task.id).map((request) => request.status)).toEqual([
      "revoked",
      "declined",
    ]);
  });

  it("assignment: the group owner assigns anyone, a member only themselves; unassign; another's ids are 404", async () => {
    const task = await addTask(bob, "Water the plants");
    const byOwner = await json<TaskAssignment>(await assign(ada, task.id, cleoId));
    expect(byOwner.assignee).toMatchObject({ userId: cleoId, how: "assignment", assignedBy: adaId });
    expect(await titlesOfNotifications(cleo)).toContain("Ada Lovelace assigned you a task | Water the plants");

    expect(await errorOf(await assign(bob, task.id, cleoId))).toMatchObject({
      status: 403,
      message: DELEGATION_MESSAGES.onlyGroupOwnerAssigns,
    });
    expect((await json<TaskAssignment>(await assign(bob, task.id, bobId))).assignee?.userId).toBe(bobId);
    expect(await errorOf(await bob.request(`/api/tasks/${task.id}/assignee`, { method: "DELETE" }))).toBeDefined();
    expect((await json<TaskAssignment>(await assign(ada, task.id, cleoId))).assignee?.userId).toBe(cleoId);
    expect(await errorOf(await bob.request(`/api/tasks/${task.id}/assignee`, { method: "DELETE" }))).toMatchObject({
      status: 403,
      message: DELEGATION_MESSAGES.onlyAssigneeOrOwnerUnassigns,
    });
    expect(
      (await json<TaskAssignment>(await cleo.request(`/api/tasks/${task.id}/assignee`, { method: "DELETE" }))).assignee,
    ).toBeNull();

    // Somebody outside the group, a task, group or request the caller cannot see: all 404 as if missing.
    const { id: eveId } = (await (await eve.request("/api/me")).json()) as { id: string };
    expect(await errorOf(await assign(ada, task.id, eveId))).toMatchObject({
      status: 404,
      message: DELEGATION_MESSAGES.memberNotFound,
    });
    for (const response of [
      await assign(eve, task.id, eveId),
      await eve.request(`/api/tasks/${task.id}/assignment`),
      await claim(eve, task.id),
      await open(eve, task.id),
      await delegate(eve, task.id, bobId),
      await eve.request(`/api/tasks/${task.id}/rotation`, { method: "DELETE" }),
    ])
      expect(await errorOf(response)).toMatchObject({ status: 404, message: TASK_MESSAGES.notFound });
    for (const response of [
      await eve.request(`/api/groups/${family}/assignments`),
      await eve.request(`/api/groups/${family}/delegation-settings`),
    ])
      expect(await errorOf(response)).toMatchObject({ status: 404, message: MESSAGES.groupNotFound });
    const request = await json<Delegation>(await delegate(bob, (await addTask(bob, "Bob's own")).id, cleoId));
    expect(await errorOf(await answer(eve, request.id, "accept"))).toMatchObject({ status: 404 });
    expect(await errorOf(await revoke(eve, request.id))).toMatchObject({ status: 404 });
    expect((await json<DelegationList>(await eve.request("/api/delegations"))).incoming).toEqual([]);
  });

  it("answers someone outside the group 404 on every route of this part that names a task, group or request, and changes nothing", async () => {
    const task = await addTask(ada, "Outsiders keep out");
    await json<TaskAssignment>(await open(ada, task.id));
    const request = await json<Delegation>(await delegate(ada, task.id, bobId, "Yours?"));
    const { id: eveId } = (await (await eve.request("/api/me")).json()) as { id: string };
    // This part's routes as the server registered them (time tracking shares the module).
    const mine = /\/(assignee|assignment|assignments|delegations|open|claim|rotation|delegation-settings)(\/|$)/;
    const routes = context.server.app.moduleRoutes.filter(
      (route) =>
        route.moduleId === "task-delegation" &&
        mine.test(route.url) &&
        /:(taskId|groupId|delegationId)/.test(route.url),
    );
    expect(routes.length).toBe(16);
    const ids: Record<string, string> = { taskId: task.id, groupId: family, delegationId: request.id };
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, (_match, name: string) => ids[name]!);
      // A valid body, so what answers is the authorization, not the validation.
      const body = route.url.endsWith("delegation-settings")
        ? { volunteering: false }
        : { userId: eveId, toUserId: eveId, note: "mine now", mode: "turns", memberIds: [eveId] };
      const response = await eve.request(path, {
        method: route.method,
        ...(route.method === "GET" || route.method === "DELETE" ? {} : { json: body }),
      });
      expect(response.status, `${route.method} ${route.url}`).toBe(404);
    }
    const after = await json<TaskAssignment>(await ada.request(`/api/tasks/${task.id}/assignment`));
    expect(after).toMatchObject({
      assignee: null,
      open: true,
      rotation: null,
      pending: { id: request.id, status: "pending" },
    });
    expect(
      (await json<DelegationSettings>(await ada.request(`/api/groups/${family}/delegation-settings`))).volunteering,
    ).toBe(true);
    expect((await json<DelegationList>(await eve.request("/api/delegations"))).history).toEqual([]);
    expect((await json<Volunteering>(await eve.request("/api/volunteering"))).open).toEqual([]);
    expect(await json<AssignmentOverview>(await eve.request("/api/assignments"))).toEqual({
      assignedToMe: [],
      ownedGroups: [],
    });
    expect((await revoke(ada, request.id)).status).toBe(200);
  });

  it("volunteering: open, the first claim wins, the next gets 409 naming the winner; unclaim frees it", async () => {
    const task = await addTask(ada, "Mow the lawn");
    expect(await errorOf(await claim(bob, task.id))).toMatchObject({
      status: 409,
      message: DELEGATION_MESSAGES.notOpen,
    });
    expect(await errorOf(await open(bob, task.id))).toMatchObject({
      status: 403,
      message: DELEGATION_MESSAGES.onlyOwnerOpens,
    });
    expect((await json<TaskAssignment>(await open(ada, task.id))).open).toBe(true);
    expect((await json<Volunteering>(await cleo.request("/api/volunteering"))).open.map((t) => t.taskId)).toContain(
      task.id,
    );

    expect((await json<TaskAssignment>(await claim(bob, task.id))).assignee).toMatchObject({
      userId: bobId,
      how: "volunteer",
    });
    expect(await titlesOfNotifications(ada)).toContain("Bob Builder volunteered for a task | Mow the lawn");
    // Claims are never queued offline: a second one, even his own, finds the task taken.
    expect(await errorOf(await claim(bob, task.id))).toMatchObject({
      status: 409,
      message: DELEGATION_MESSAGES.claimedBy("Bob Builder"),
    });
    expect(await errorOf(await claim(cleo, task.id))).toEqual({
      status: 409,
      code: "conflict",
      message: DELEGATION_MESSAGES.claimedBy("Bob Builder"),
    });
    expect(await errorOf(await unclaim(cleo, task.id))).toMatchObject({
      status: 409,
      message: DELEGATION_MESSAGES.notYourClaim,
    });
    expect((await json<TaskAssignment>(await unclaim(bob, task.id))).assignee).toBeNull();
    expect((await json<TaskAssignment>(await claim(cleo, task.id))).assignee?.userId).toBe(cleoId);
  });

  it("50 claims of one task at once: exactly one 200, and 49 409 naming the winner", async () => {
    const task = await addTask(ada, "Pick up the cake");
    await json<TaskAssignment>(await open(ada, task.id));
    const racers = [bob, cleo];
    const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => claim(racers[index % 2]!, task.id)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    const losers = await Promise.all(
      responses.filter((response) => response.status === 409).map((response) => errorOf(response)),
    );
    expect(losers).toHaveLength(49);
    const winner = (await badges(ada)).assignees[task.id]!;
    expect([bobId, cleoId]).toContain(winner.userId);
    for (const loser of losers) expect(loser.message).toBe(DELEGATION_MESSAGES.claimedBy(winner.name));
  });

  it("settings: members read, only the owner switches; a part switched off refuses with its reason", async () => {
    expect(await json<DelegationSettings>(await bob.request(`/api/groups/${family}/delegation-settings`))).toEqual({
      groupId: family,
      delegation: true,
      assignment: true,
      volunteering: true,
      canEdit: false,
    });
    expect(await errorOf(await settings(bob, { volunteering: false }))).toMatchObject({
      status: 403,
      message: DELEGATION_MESSAGES.onlyGroupOwnerSettings,
    });
    const task = await addTask(ada, "Walk the dog");
    await json<TaskAssignment>(await open(ada, task.id));
    const off = await json<DelegationSettings>(await settings(ada, { volunteering: false, delegation: false }));
    expect(off).toMatchObject({ volunteering: false, delegation: false, assignment: true, canEdit: true });
    expect(await errorOf(await claim(bob, task.id))).toMatchObject({
      status: 403,
      message: DELEGATION_MESSAGES.partOff.volunteering,
    });
    expect(await errorOf(await delegate(ada, task.id, bobId))).toMatchObject({
      status: 403,
      message: DELEGATION_MESSAGES.partOff.delegation,
    });
    expect((await json<Volunteering>(await bob.request("/api/volunteering"))).open.map((t) => t.taskId)).not.toContain(
      task.id,
    );
    await json<DelegationSettings>(await settings(ada, { volunteering: true, delegation: true }));
    expect((await claim(bob, task.id)).status).toBe(200);
    expect((await settings(ada, { nonsense: true } as Record<string, boolean>)).status).toBe(400);
  });

  it("rotation: each completed occurrence goes to the next member in turn; least-done picks who did least", async () => {
    const task = await addTask(ada, "Clean the bathroom", {
      deadline: "2026-12-01T09:00",
      repeat: { rule: "FREQ=WEEKLY", fromCompletion: false },
    });
    const plain = await addTask(ada, "Not repeating");
    expect(
      await errorOf(
        await ada.request(`/api/tasks/${plain.id}/rotation`, {
          method: "PUT",
          json: { mode: "turns", memberIds: [bobId] },
        }),
      ),
    ).toMatchObject({ status: 400, message: DELEGATION_MESSAGES.rotationNeedsRepeat });
    expect(
      await errorOf(
        await bob.request(`/api/tasks/${task.id}/rotation`, {
          method: "PUT",
          json: { mode: "turns", memberIds: [bobId] },
        }),
      ),
    ).toMatchObject({ status: 403, message: DELEGATION_MESSAGES.onlyGroupOwnerRotates });
    expect(
      await errorOf(
        await ada.request(`/api/tasks/${task.id}/rotation`, {
          method: "PUT",
          json: { mode: "turns", memberIds: [bobId, bobId] },
        }),
      ),
    ).toMatchObject({ status: 400, message: DELEGATION_MESSAGES.rotationMembers });

    const set = await json<TaskAssignment>(
      await ada.request(`/api/tasks/${task.id}/rotation`, {
        method: "PUT",
        json: { mode: "turns", memberIds: [bobId, cleoId, adaId] },
      }),
    );
    expect(set.rotation).toEqual({ mode: "turns", memberIds: [bobId, cleoId, adaId] });
    expect(set.assignee).toMatchObject({ userId: bobId, how: "rotation" });

    const whoHasNext = async (client: HttpClient, completedId: string) => {
      expect(
        (await client.request(`/api/tasks/${completedId}`, { method: "PATCH", json: { completed: true } })).status,
      ).toBe(200);
      const all = await json<Task[]>(await ada.request("/api/tasks"));
      const next = all.find((candidate) => candidate.title === "Clean the bathroom" && !candidate.completed)!;
      const assignment = await json<TaskAssignment>(await ada.request(`/api/tasks/${next.id}/assignment`));
      return { id: next.id, assignee: assignment.assignee?.userId, rotation: assignment.rotation };
    };
    const second = await whoHasNext(bob, task.id);
    expect(second).toMatchObject({ assignee: cleoId, rotation: { mode: "turns" } });
    expect(await titlesOfNotifications(cleo)).toContain("Your turn | Clean the bathroom");
    // The assigner and the owner hear of the completion (the task manager's own notification).
    expect((await titlesOfNotifications(ada)).some((line) => line.startsWith("Bob Builder completed a task"))).toBe(
      true,
    );
    const third = await whoHasNext(cleo, second.id);
    expect(third.assignee).toBe(adaId);
    const fourth = await whoHasNext(ada, third.id);
    expect(fourth.assignee).toBe(bobId);

    // Least done this week, in the order Bob, Ada, Cleo: in turn after Bob would be Ada. But Ada
    // has done two assigned tasks by now (the third occurrence and this one), Bob two once he does
    // the fourth, Cleo only one: Cleo takes the fifth.
    expect((await assign(ada, plain.id, adaId)).status).toBe(200);
    expect((await ada.request(`/api/tasks/${plain.id}`, { method: "PATCH", json: { completed: true } })).status).toBe(
      200,
    );
    await json<TaskAssignment>(
      await ada.request(`/api/tasks/${fourth.id}/rotation`, {
        method: "PUT",
        json: { mode: "least-done", memberIds: [bobId, adaId, cleoId] },
      }),
    );
    const fifth = await whoHasNext(bob, fourth.id);
    expect(fifth.assignee).toBe(cleoId);
    expect(fifth.rotation).toEqual({ mode: "least-done", memberIds: [bobId, adaId, cleoId] });
  });

  it("needs sign-in, refuses cross-site writes, control characters and unknown fields", async () => {
    const task = await addTask(ada, "Cross-site target");
    const crossSite = await ada.request(`/api/tasks/${task.id}/assignee`, {
      method: "PUT",
      json: { userId: adaId },
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect((await badges(ada)).assignees[task.id]).toBeUndefined();

    const controlled = await delegate(ada, task.id, bobId, "please\u0000\u001b[31m");
    expect(controlled.status).toBe(400);
    expect(((await controlled.json()) as { error: { code: string } }).error.code).toBe("validation_failed");
    expect((await delegate(ada, task.id, bobId, "x".repeat(501))).status).toBe(400);
    expect((await ada.request(`/api/tasks/${task.id}/assignee`, { method: "PUT", json: {} })).status).toBe(400);
    expect(
      (
        await ada.request(`/api/tasks/${task.id}/rotation`, {
          method: "PUT",
          json: { mode: "sometimes", memberIds: [adaId] },
        })
      ).status,
    ).toBe(400);
    expect(
      (await json<DelegationList>(await bob.request("/api/delegations"))).incoming.map((r) => r.taskId),
    ).not.toContain(task.id);
  });

  it("answers 503 while the database is down, and nothing is lost", async () => {
    if (dialect !== "postgres") return;
    const task = await addTask(ada, "During the outage");
    const name = context.database.name;
    try {
      await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      const response = await assign(ada, task.id, bobId);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: { code: "service_unavailable", message: MESSAGES.databaseDown } });
    } finally {
      await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    }
    await expect.poll(() => assign(ada, task.id, bobId).then((response) => response.status)).toBe(200);
    expect((await badges(ada)).assignees[task.id]?.userId).toBe(bobId);
  });

  it("a personal group: its owner is the only one to assign, and is the assignee", async () => {
    const groups = await json<Group[]>(await ada.request("/api/groups"));
    const personal = groups.find((group) => group.isPersonal)!.id;
    const created = await ada.request("/api/tasks", { json: { groupId: personal, title: "Just mine" } });
    const task = (await json<{ task: Task }>(created, 201)).task;
    const view = await json<TaskAssignment>(await ada.request(`/api/tasks/${task.id}/assignment`));
    expect(view.members.map((member) => member.userId)).toEqual([adaId]);
    expect(view.abilities).toMatchObject({ assignSelf: true, delegate: false });
    expect(await errorOf(await delegate(ada, task.id, bobId))).toMatchObject({ status: 404 });
  });
});
