import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from "../../domain/notification-settings.js";
import type { NotificationPage } from "../../domain/notifications.js";
import type { Task } from "../../domain/tasks.js";
import { sendDueNotifications } from "../../server/services/notifications/notifications.js";
import { describeEachDialect } from "../helpers/databases.js";
import { familyOfTwo } from "../helpers/groups.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { createWebFixture } from "../helpers/web-fixture.js";

describeEachDialect("notification emails", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir });
  let ada: HttpClient;
  let grace: HttpClient;
  let family: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  /** Grace's mail in the outbox (the server has no SMTP_URL), oldest first. */
  const mailToGrace = () =>
    context.server.database.db
      .selectFrom("outbox")
      .selectAll()
      .where("to_address", "=", "grace@example.org")
      .where("subject", "not like", "%onfirm%")
      .orderBy("created_at")
      .execute();
  /** Mail goes out in the background: waits until Grace has `count` notification emails. */
  async function mailCount(count: number) {
    await expect.poll(async () => (await mailToGrace()).length, { timeout: 5_000 }).toBe(count);
    return mailToGrace();
  }
  const adaCompletes = async (title: string) => {
    const { task } = await json<{ task: Task }>(
      await ada.request("/api/tasks", { json: { groupId: family, title } }),
      201,
    );
    await json(await ada.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { completed: true } }));
  };
  const saveSettings = async (settings: NotificationSettings) =>
    json(await grace.request("/api/notification-settings", { method: "PUT", json: settings }));

  beforeAll(async () => {
    ({ ada, grace, family } = await familyOfTwo(context.server));
  });

  it("emails a notification with a link that stops that type's emails, and only that type's", async () => {
    // The invitation Ada sent Grace came as the invitation email, not a second time as a notification.
    const [invite] = await mailCount(1);
    expect(invite!.subject).toBe('Ada invited you to "Family" on Tandem');

    await adaCompletes("Water the plants");
    const [, mail] = await mailCount(2);
    expect(mail!.subject).toBe("Ada completed a task");
    expect(mail!.text_body).toContain("Water the plants");
    expect(mail!.text_body).toMatch(/\/task-detail-page\?id=/);
    expect(mail!.html_body).toContain("Water the plants");
    const link = new URL(/No more emails about tasks: (\S+)/.exec(mail!.text_body)![1]!);
    expect(link.pathname).toBe("/unsubscribe");
    const token = link.searchParams.get("token")!;

    const tampered = token.replace(/\.task\./, ".invite.");
    const refused = await fetch(`${context.server.baseUrl}/api/notifications/unsubscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: tampered }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This unsubscribe link is not valid");

    // No sign-in needed: whoever holds the email may stop it.
    const stopped = await fetch(`${context.server.baseUrl}/api/notifications/unsubscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
    expect(await json(stopped)).toEqual({ type: "task" });
    const settings = await json<NotificationSettings>(await grace.request("/api/notification-settings"));
    expect(settings.preferences.find((entry) => entry.type === "task")?.use_email).toBe(false);
    expect(settings.preferences.find((entry) => entry.type === "invite")?.use_email).toBe(true);

    await adaCompletes("Sweep the porch");
    const center = await json<NotificationPage>(await grace.request("/api/notifications"));
    expect(center.notifications[0]?.body).toBe("Sweep the porch");
    // The request queued whatever mail it would send before it answered: wait for that to finish.
    await context.server.app.deps.mailer.settled();
    expect(await mailToGrace()).toHaveLength(2);
  });

  it("holds emails during quiet hours and sends them as one digest when they end, once", async () => {
    await saveSettings(DEFAULT_NOTIFICATION_SETTINGS);
    const now = new Date();
    const clock = (offsetMinutes: number) =>
      new Date(now.getTime() + offsetMinutes * 60_000).toISOString().slice(11, 16);
    await saveSettings({ ...DEFAULT_NOTIFICATION_SETTINGS, quiet_hours_start: clock(-60), quiet_hours_end: clock(60) });
    const before = (await mailToGrace()).length;

    await adaCompletes("Feed the cat");
    await adaCompletes("Walk the dog");
    // In the center at once, by email not yet.
    const center = await json<NotificationPage>(await grace.request("/api/notifications"));
    expect(center.notifications.slice(0, 2).map((entry) => entry.body)).toEqual(["Walk the dog", "Feed the cat"]);
    expect(await sendDueNotifications(context.server.app.deps, now)).toMatchObject({ emails: 0 });
    await context.server.app.deps.mailer.settled();
    expect(await mailToGrace()).toHaveLength(before);

    const afterQuietHours = new Date(now.getTime() + 61 * 60_000);
    expect(await sendDueNotifications(context.server.app.deps, afterQuietHours)).toMatchObject({ emails: 1 });
    const digest = (await mailCount(before + 1)).at(-1)!;
    expect(digest.subject).toBe("2 notifications from Tandem");
    expect(digest.text_body).toContain("While your quiet hours lasted:");
    expect(digest.text_body).toContain("Feed the cat");
    expect(digest.text_body).toContain("Walk the dog");
    // Claimed: a second sweep (another process, the next minute) sends nothing again.
    expect(await sendDueNotifications(context.server.app.deps, afterQuietHours)).toMatchObject({ emails: 0 });
  });

  it("re-times what quiet hours hold when they change: at the new end, or at once when switched off", async () => {
    await saveSettings(DEFAULT_NOTIFICATION_SETTINGS);
    const now = new Date();
    const clock = (offsetMinutes: number) =>
      new Date(now.getTime() + offsetMinutes * 60_000).toISOString().slice(11, 16);
    const quiet = (end: number) => ({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      quiet_hours_start: clock(-60),
      quiet_hours_end: clock(end),
    });
    /** When Grace's newest notification's email and push are due, and whether they went. */
    const newest = async () => {
      const row = await context.server.database.db
        .selectFrom("notifications")
        .innerJoin("users", "users.id", "notifications.user_id")
        .select(["email_due_at", "emailed_at", "push_due_at", "pushed_at"])
        .where("users.email", "=", "grace@example.org")
        .orderBy("notifications.created_at", "desc")
        .executeTakeFirstOrThrow();
      const time = (value: string | null) => (value === null ? null : new Date(value).toISOString().slice(11, 16));
      return { email: time(row.email_due_at), push: time(row.push_due_at), sent: row.emailed_at !== null };
    };
    await saveSettings(quiet(60));
    const before = (await mailToGrace()).length;
    await adaCompletes("Fold the laundry");
    expect(await newest()).toEqual({ email: clock(60), push: clock(60), sent: false });

    // Quiet hours now end in two minutes: what they hold is due then, not an hour from now.
    await saveSettings(quiet(2));
    expect(await newest()).toEqual({ email: clock(2), push: clock(2), sent: false });
    expect(await sendDueNotifications(context.server.app.deps, new Date(now.getTime() + 3 * 60_000))).toMatchObject({
      emails: 1,
      pushes: 1,
    });
    expect((await mailCount(before + 1)).at(-1)!.subject).toBe("Ada completed a task");

    // Switched off: what they hold goes out at once, with no sweep.
    await saveSettings(quiet(60));
    await adaCompletes("Mend the fence");
    await saveSettings(DEFAULT_NOTIFICATION_SETTINGS);
    expect((await newest()).sent).toBe(true);
    const [mail] = (await mailCount(before + 2)).slice(-1);
    expect(mail!.text_body).toContain("Mend the fence");
  });

  it("sends a test notification through every channel that is on, at once", async () => {
    await saveSettings(DEFAULT_NOTIFICATION_SETTINGS);
    const before = (await mailToGrace()).length;
    expect(await json(await grace.request("/api/notifications/test", { method: "POST" }))).toEqual({
      inApp: true,
      pushDevices: 0,
      emailedTo: "grace@example.org",
    });
    expect((await mailToGrace()).at(-1)?.subject).toBe("Test notification");
    expect(await mailToGrace()).toHaveLength(before + 1);
    const center = await json<NotificationPage>(await grace.request("/api/notifications"));
    expect(center.notifications[0]).toMatchObject({ type: "system", title: "Test notification" });

    await saveSettings({ ...DEFAULT_NOTIFICATION_SETTINGS, email_enabled: false });
    expect(await json(await grace.request("/api/notifications/test", { method: "POST" }))).toMatchObject({
      emailedTo: null,
    });
  });
});
