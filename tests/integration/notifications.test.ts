import { afterAll, beforeAll, expect, it } from "vitest";
import type { Group, Invitation } from "../../domain/groups.js";
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from "../../domain/notification-settings.js";
import type { NotificationPage } from "../../domain/notifications.js";
import type { Task } from "../../domain/tasks.js";
import { describeEachDialect } from "../helpers/databases.js";
import { signUpConfirmed } from "../helpers/email.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { openLiveSocket } from "../helpers/sockets.js";
import { createWebFixture } from "../helpers/web-fixture.js";

describeEachDialect("notification center", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let ada: HttpClient;
  let grace: HttpClient;
  let family: string;
  let garden: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const center = (client: HttpClient, before?: string) =>
    client
      .request(`/api/notifications${before ? `?before=${encodeURIComponent(before)}` : ""}`)
      .then((r) => json<NotificationPage>(r));
  const unread = async (client: HttpClient) =>
    (await json<{ count: number }>(await client.request("/api/notifications/unread-count"))).count;
  const newest = async (client: HttpClient) => (await center(client)).notifications[0];
  const create = async (client: HttpClient, groupId: string, title: string) =>
    (await json<{ task: Task }>(await client.request("/api/tasks", { json: { groupId, title } }), 201)).task;

  beforeAll(async () => {
    ada = (await signUpConfirmed(context.server, "Ada")).client;
    grace = (await signUpConfirmed(context.server, "Grace")).client;
    family = (await json<Group>(await ada.request("/api/groups", { json: { name: "Family", type: "family" } }), 201))
      .id;
    garden = (await json<Group>(await ada.request("/api/groups", { json: { name: "Garden", type: "family" } }), 201))
      .id;
  });

  it("tells the invitee of an invitation, live, and the inviter of the answer", async () => {
    const live = await openLiveSocket(grace);
    expect(await unread(grace)).toBe(0);
    const invitation = await json<Invitation>(
      await ada.request(`/api/groups/${family}/invitations`, { json: { email: "grace@example.org" } }),
      201,
    );
    const event = await live.waitFor((message) => message.type === "notification.created");
    expect(event).toMatchObject({ toast: true, notification: { type: "invite", title: "Ada invited you to Family" } });
    expect(await newest(grace)).toMatchObject({
      type: "invite",
      title: "Ada invited you to Family",
      link: "/invitations",
      readAt: null,
    });
    expect(await unread(grace)).toBe(1);
    live.socket.close();

    await json(await grace.request(`/api/invitations/${invitation.id}/respond`, { json: { accept: true } }));
    expect(await newest(ada)).toMatchObject({ type: "invite", title: "Grace joined Family", link: "/groups" });
  });

  it("tells the others who see a task when it is completed, not the one who completed it", async () => {
    const task = await create(ada, family, "Water the plants");
    const before = await unread(ada);
    await json(await grace.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { completed: true } }));
    expect(await newest(ada)).toMatchObject({
      type: "task",
      title: "Grace completed a task",
      body: "Water the plants",
      link: `/task-detail-page?id=${task.id}`,
    });
    expect(await unread(ada)).toBe(before + 1);
    expect((await newest(grace))?.title).not.toBe("Grace completed a task");

    // Completing it again (it is done already) and renaming it tell no one.
    await json(
      await grace.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { completed: true, title: "Water" } }),
    );
    expect(await unread(ada)).toBe(before + 1);
  });

  it("tells a group's members when a task is shared with it", async () => {
    const invitation = await json<Invitation>(
      await ada.request(`/api/groups/${garden}/invitations`, { json: { email: "grace@example.org" } }),
      201,
    );
    await json(await grace.request(`/api/invitations/${invitation.id}/respond`, { json: { accept: true } }));
    const task = await create(ada, family, "Plant tulips");
    await json(await ada.request(`/api/tasks/${task.id}/shares/${garden}`, { method: "PUT" }));
    expect(await newest(grace)).toMatchObject({
      type: "task",
      title: "Ada shared a task with Garden",
      body: "Plant tulips",
    });
    const count = await unread(grace);
    // Sharing again changes nothing, so it tells no one.
    await json(await ada.request(`/api/tasks/${task.id}/shares/${garden}`, { method: "PUT" }));
    expect(await unread(grace)).toBe(count);
  });

  it("marks one read, then all, and keeps each user's to themselves", async () => {
    const first = (await newest(grace))!;
    expect((await ada.request(`/api/notifications/${first.id}/read`, { method: "POST" })).status).toBe(404);
    const count = await unread(grace);
    expect((await grace.request(`/api/notifications/${first.id}/read`, { method: "POST" })).status).toBe(204);
    expect(await unread(grace)).toBe(count - 1);
    expect((await newest(grace))?.readAt).not.toBeNull();
    expect((await grace.request("/api/notifications/read-all", { method: "POST" })).status).toBe(204);
    expect(await unread(grace)).toBe(0);
    expect((await center(grace)).notifications.every((entry) => entry.readAt !== null)).toBe(true);
    expect(await unread(ada)).toBeGreaterThan(0);
  });

  it("keeps the defaults until changed, checks changes, and makes nothing of a type switched off", async () => {
    expect(await json<NotificationSettings>(await grace.request("/api/notification-settings"))).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS,
    );
    const halfQuiet = await grace.request("/api/notification-settings", {
      method: "PUT",
      json: { ...DEFAULT_NOTIFICATION_SETTINGS, quiet_hours_start: "22:00" },
    });
    expect(halfQuiet.status).toBe(400);
    expect(await halfQuiet.text()).toContain("Set both ends of the quiet hours, or neither");
    const badTime = await grace.request("/api/notification-settings", {
      method: "PUT",
      json: { ...DEFAULT_NOTIFICATION_SETTINGS, quiet_hours_start: "25:00", quiet_hours_end: "07:00" },
    });
    expect(badTime.status).toBe(400);

    const noTasks: NotificationSettings = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      quiet_hours_start: "22:00",
      quiet_hours_end: "07:00",
      preferences: DEFAULT_NOTIFICATION_SETTINGS.preferences.map((entry) =>
        entry.type === "task" ? { ...entry, enabled: false } : entry,
      ),
    };
    expect(await json(await grace.request("/api/notification-settings", { method: "PUT", json: noTasks }))).toEqual(
      noTasks,
    );
    const count = (await center(grace)).notifications.length;
    const task = await create(grace, family, "Buy bread");
    await json(await ada.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { completed: true } }));
    expect((await center(grace)).notifications).toHaveLength(count);

    // The WebSocket channel off for a type: still in the center, without a toast.
    const quietToasts: NotificationSettings = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      preferences: DEFAULT_NOTIFICATION_SETTINGS.preferences.map((entry) =>
        entry.type === "task" ? { ...entry, use_websocket: false } : entry,
      ),
    };
    await json(await grace.request("/api/notification-settings", { method: "PUT", json: quietToasts }));
    const live = await openLiveSocket(grace);
    const other = await create(grace, family, "Sweep the porch");
    await json(await ada.request(`/api/tasks/${other.id}`, { method: "PATCH", json: { completed: true } }));
    expect(await live.waitFor((message) => message.type === "notification.created")).toMatchObject({ toast: false });
    live.socket.close();
  });

  it("pages back through a long center", async () => {
    for (let i = 0; i < 35; i += 1) {
      const task = await create(ada, family, `Chore ${i}`);
      await json(await grace.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { completed: true } }));
    }
    const first = await center(ada);
    expect(first.notifications).toHaveLength(30);
    expect(first.nextBefore).not.toBeNull();
    const second = await center(ada, first.nextBefore!);
    const ids = new Set(first.notifications.map((entry) => entry.id));
    expect(second.notifications.length).toBeGreaterThan(0);
    expect(second.notifications.some((entry) => ids.has(entry.id))).toBe(false);
  });

  it("answers 401 without sign-in", async () => {
    expect((await fetch(`${context.server.baseUrl}/api/notifications`)).status).toBe(401);
  });
});
