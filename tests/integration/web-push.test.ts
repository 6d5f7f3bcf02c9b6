import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_SETTINGS } from "../../domain/notification-settings.js";
import type { Task } from "../../domain/tasks.js";
import { sendDueNotifications } from "../../server/services/notifications/notifications.js";
import { describeEachDialect } from "../helpers/databases.js";
import { signUpConfirmed } from "../helpers/email.js";
import { familyOfTwo } from "../helpers/groups.js";
import type { HttpClient } from "../helpers/http-client.js";
import { startPushService } from "../helpers/push-service.js";
import { useServer } from "../helpers/server.js";
import { createWebFixture } from "../helpers/web-fixture.js";

/** Web push to a push service on this machine (PUSH_ENDPOINTS=any lets the server post to it). */
describeEachDialect("web push", (_dialect, createDatabase) => {
  const web = createWebFixture();
  const pushService = startPushService();
  afterAll(async () => {
    web.remove();
    await (await pushService).close();
  });
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir, PUSH_ENDPOINTS: "any" });
  let ada: HttpClient;
  let grace: HttpClient;
  let family: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (status === 204 ? null : await response.json()) as T;
  };
  const adaCompletes = async (title: string) => {
    const { task } = await json<{ task: Task }>(
      await ada.request("/api/tasks", { json: { groupId: family, title } }),
      201,
    );
    await json(await ada.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { completed: true } }));
    return task;
  };
  const subscriptionRows = () =>
    context.server.database.db.selectFrom("push_subscriptions").selectAll().orderBy("created_at").execute();

  beforeAll(async () => {
    ({ ada, grace, family } = await familyOfTwo(context.server));
    // The test push service's certificate is its own: the server trusts it as it would a real one's.
    context.server.app.deps.push.agent = (await pushService).agent;
  });

  it("pushes a notification, encrypted for the browser (aes128gcm), with a TTL and the instance's VAPID key", async () => {
    const service = await pushService;
    const { publicKey } = await json<{ publicKey: string }>(await grace.request("/api/push/public-key"));
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const browser = service.subscribe(`${_dialect}-grace-laptop`);
    await json(
      await grace.request("/api/push-subscriptions", {
        method: "PUT",
        json: { endpoint: browser.endpoint, keys: browser.keys },
        headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36" },
      }),
      204,
    );
    const [row] = (await subscriptionRows()).filter((entry) => entry.endpoint === browser.endpoint);
    expect(row).toMatchObject({ platform: "Linux" });

    const task = await adaCompletes("Water the plants");
    await expect
      .poll(() => service.received.filter((entry) => entry.path === `${_dialect}-grace-laptop`).length)
      .toBe(1);
    const push = service.received.find((entry) => entry.path === `${_dialect}-grace-laptop`)!;
    expect(push.payload).toMatchObject({
      type: "task",
      title: "Ada completed a task",
      body: "Water the plants",
      link: `/task-detail-page?id=${task.id}`,
    });
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers.ttl).toBe("86400");
    expect(push.headers.authorization).toContain(`k=${publicKey}`);

    // The test notification goes to this device too.
    expect(await json(await grace.request("/api/notifications/test", { method: "POST" }))).toMatchObject({
      pushDevices: 1,
    });
    expect(service.received.at(-1)!.payload).toMatchObject({ type: "system", title: "Test notification" });
  });

  it("keeps one record per endpoint, and deletes a subscription the push service says is gone", async () => {
    const service = await pushService;
    const phone = service.subscribe(`${_dialect}-grace-phone`);
    const subscribe = () =>
      grace.request("/api/push-subscriptions", { method: "PUT", json: { endpoint: phone.endpoint, keys: phone.keys } });
    await json(await subscribe(), 204);
    await json(await subscribe(), 204);
    expect((await subscriptionRows()).filter((entry) => entry.endpoint === phone.endpoint)).toHaveLength(1);

    service.gone(`${_dialect}-grace-phone`);
    await adaCompletes("Sweep the porch");
    await expect
      .poll(async () => (await subscriptionRows()).some((entry) => entry.endpoint === phone.endpoint))
      .toBe(false);
    // The laptop still works.
    await expect
      .poll(() => service.received.filter((entry) => entry.payload.body === "Sweep the porch").length)
      .toBe(1);
  });

  it("holds pushes during quiet hours and sends one when they end", async () => {
    const service = await pushService;
    const now = new Date();
    const clock = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString().slice(11, 16);
    await json(
      await grace.request("/api/notification-settings", {
        method: "PUT",
        json: { ...DEFAULT_NOTIFICATION_SETTINGS, quiet_hours_start: clock(-60), quiet_hours_end: clock(60) },
      }),
    );
    const before = service.received.length;
    await adaCompletes("Feed the cat");
    await adaCompletes("Walk the dog");
    // The requests queued whatever push they would send before they answered: wait for those.
    await context.server.app.deps.push.settled();
    expect(service.received).toHaveLength(before);

    const later = new Date(now.getTime() + 61 * 60_000);
    expect(await sendDueNotifications(context.server.app.deps, later)).toMatchObject({ pushes: 1 });
    await expect.poll(() => service.received.length).toBe(before + 1);
    expect(service.received.at(-1)!.payload).toMatchObject({ title: "2 new notifications", link: "/notifications" });
    expect(await sendDueNotifications(context.server.app.deps, later)).toMatchObject({ pushes: 0 });
  });

  it("refuses another user's subscription to forget and a malformed one", async () => {
    const service = await pushService;
    const laptop = service.subscribe(`${_dialect}-grace-laptop`);
    expect(
      (await ada.request("/api/push-subscriptions", { method: "DELETE", json: { endpoint: laptop.endpoint } })).status,
    ).toBe(404);
    expect(
      (
        await grace.request("/api/push-subscriptions", {
          method: "PUT",
          json: { endpoint: "not a url", keys: laptop.keys },
        })
      ).status,
    ).toBe(400);
    await json(
      await grace.request("/api/push-subscriptions", { method: "DELETE", json: { endpoint: laptop.endpoint } }),
      204,
    );
  });

  it("stops pushing to a browser once its session signs out", async () => {
    const service = await pushService;
    const { client: hedy } = await signUpConfirmed(context.server, "Hedy");
    const browser = service.subscribe(`${_dialect}-hedy-laptop`);
    await json(
      await hedy.request("/api/push-subscriptions", {
        method: "PUT",
        json: { endpoint: browser.endpoint, keys: browser.keys },
      }),
      204,
    );
    expect((await subscriptionRows()).some((entry) => entry.endpoint === browser.endpoint)).toBe(true);
    expect((await hedy.request("/api/auth/logout", { method: "POST" })).status).toBe(204);
    expect((await subscriptionRows()).some((entry) => entry.endpoint === browser.endpoint)).toBe(false);
  });
});
