import { afterAll, beforeAll, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Group } from "../../domain/groups.js";
import type { NotificationPage } from "../../domain/notifications.js";
import type { Task } from "../../domain/tasks.js";
import type { DB } from "../../server/db/schema.js";
import { sendDueReminders } from "../../server/services/notifications/reminders.js";
import { describeEachDialect, describePostgres } from "../helpers/databases.js";
import { signUpConfirmed } from "../helpers/email.js";
import type { HttpClient } from "../helpers/http-client.js";
import { useServer, useTwoServers } from "../helpers/server.js";
import { createWebFixture } from "../helpers/web-fixture.js";

/** "2026-11-24T18:30" for `at` in UTC: a deadline as the app stores it, for a user in UTC. */
const wallClock = (at: Date) => at.toISOString().slice(0, 16);

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function personalGroup(client: HttpClient): Promise<string> {
  return (await json<Group[]>(await client.request("/api/groups")))[0]!.id;
}

/** The newest notification email to an address (the test server has no SMTP_URL: the outbox). */
async function emailTo(db: Kysely<DB>, address: string) {
  return db
    .selectFrom("outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", address)
    .where("subject", "like", "%Book the vet%")
    .executeTakeFirst();
}

async function reminders(client: HttpClient) {
  const page = await json<NotificationPage>(await client.request("/api/notifications"));
  return page.notifications.filter((entry) => entry.type === "reminder");
}

describeEachDialect("deadline reminders", (_dialect, createDatabase) => {
  const web = createWebFixture();
  afterAll(() => web.remove());
  const context = useServer(createDatabase, { WEB_DIST_DIR: web.dir, REMINDER_LEAD_MINUTES: "60" });
  let ada: HttpClient;
  let group: string;

  beforeAll(async () => {
    ada = (await signUpConfirmed(context.server, "Ada")).client;
    await json(await ada.request("/api/profile", { method: "PATCH", json: { timeZone: "UTC" } }));
    group = await personalGroup(ada);
  });

  const addTask = async (title: string, deadline: string) =>
    (await json<{ task: Task }>(await ada.request("/api/tasks", { json: { groupId: group, title, deadline } }), 201))
      .task;

  it("reminds the owner the lead time before a deadline, once", async () => {
    const now = new Date();
    const task = await addTask("Call the plumber", wallClock(new Date(now.getTime() + 90 * 60_000)));
    // 90 minutes away with a 60-minute lead: not yet.
    expect(await sendDueReminders(context.server.app.deps, now)).toBe(0);
    const later = new Date(now.getTime() + 31 * 60_000);
    expect(await sendDueReminders(context.server.app.deps, later)).toBe(1);
    expect(await sendDueReminders(context.server.app.deps, later)).toBe(0);
    const [reminder] = await reminders(ada);
    // Run late in the evening (UTC), the deadline is after midnight: the reminder says "tomorrow".
    const day = task.deadline!.slice(0, 10) === later.toISOString().slice(0, 10) ? "" : "tomorrow ";
    expect(reminder).toMatchObject({
      title: `Due ${day}at ${task.deadline!.slice(11)}: Call the plumber`,
      link: `/task-detail-page?id=${task.id}`,
    });
    expect(await reminders(ada)).toHaveLength(1);
  });

  it("reminds again of a new deadline, and not of a completed task", async () => {
    const now = new Date();
    const task = await addTask("Renew the passport", wallClock(new Date(now.getTime() + 30 * 60_000)));
    expect(await sendDueReminders(context.server.app.deps, now)).toBe(1);
    const moved = wallClock(new Date(now.getTime() + 3 * 3600_000));
    await json(await ada.request(`/api/tasks/${task.id}`, { method: "PATCH", json: { deadline: moved } }));
    expect(await sendDueReminders(context.server.app.deps, new Date(now.getTime() + 2.5 * 3600_000))).toBe(1);

    const done = await addTask("Pay the rent", wallClock(new Date(now.getTime() + 30 * 60_000)));
    await json(await ada.request(`/api/tasks/${done.id}`, { method: "PATCH", json: { completed: true } }));
    expect(await sendDueReminders(context.server.app.deps, now)).toBe(0);
  });

  it("writes the deadline's time on each owner's clock, in the center and in the email", async () => {
    // 18:45 UTC the day after tomorrow, reminded 30 minutes into the 60-minute lead.
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const deadline = `${day}T18:45`;
    const sweep = new Date(`${day}T18:15:00Z`);
    const owners = [
      { name: "Abe", locale: "en-US", time: "6:45 PM" },
      { name: "Bea", locale: "en-GB", time: "18:45" },
      { name: "Carl", locale: "de", time: "18:45" },
    ];
    for (const owner of owners) {
      const { client, email } = await signUpConfirmed(context.server, owner.name);
      await json(
        await client.request("/api/profile", { method: "PATCH", json: { timeZone: "UTC", locale: owner.locale } }),
      );
      const groupId = await personalGroup(client);
      await json(await client.request("/api/tasks", { json: { groupId, title: "Book the vet", deadline } }), 201);
      Object.assign(owner, { client, email });
    }
    expect(await sendDueReminders(context.server.app.deps, sweep)).toBe(owners.length);

    for (const owner of owners as ((typeof owners)[number] & { client: HttpClient; email: string })[]) {
      const [reminder] = await reminders(owner.client);
      expect(reminder, owner.locale).toMatchObject({
        title: `Due at ${owner.time}: Book the vet`,
        body: "A task of yours has its deadline coming up.",
      });
      // Email goes out in the background.
      await expect
        .poll(() => emailTo(context.server.database.db, owner.email), { timeout: 5_000 })
        .toMatchObject({ subject: `Due at ${owner.time}: Book the vet` });
      expect((await emailTo(context.server.database.db, owner.email))!.text_body).toContain(
        `Due at ${owner.time}: Book the vet`,
      );
    }
  });

  it("says a deadline has passed when the reminder goes out after it, never that it is coming up", async () => {
    const { client } = await signUpConfirmed(context.server, "Dora");
    await json(await client.request("/api/profile", { method: "PATCH", json: { timeZone: "UTC", locale: "en-US" } }));
    const groupId = await personalGroup(client);
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await json(
      await client.request("/api/tasks", { json: { groupId, title: "Feed the cat", deadline: `${day}T18:45` } }),
      201,
    );
    // The server was down through the deadline and sweeps two hours after it.
    expect(await sendDueReminders(context.server.app.deps, new Date(`${day}T20:45:00Z`))).toBe(1);
    const [reminder] = await reminders(client);
    expect(reminder).toMatchObject({
      title: "Was due at 6:45 PM: Feed the cat",
      body: "A task of yours is past its deadline.",
    });
  });
});

describePostgres("deadline reminders with two server processes", () => {
  const servers = useTwoServers();

  it("sends each reminder exactly once, however the sweeps race, and not again after a restart", async () => {
    const { a, b } = servers;
    const { client: grace } = await signUpConfirmed(a, "Grace");
    await json(await grace.request("/api/profile", { method: "PATCH", json: { timeZone: "UTC" } }));
    const group = await personalGroup(grace);
    const now = new Date();
    for (let i = 0; i < 10; i += 1)
      await json(
        await grace.request("/api/tasks", {
          json: { groupId: group, title: `Chore ${i}`, deadline: wallClock(new Date(now.getTime() + 30 * 60_000)) },
        }),
        201,
      );
    const sent = await Promise.all([
      sendDueReminders(a.app.deps, now),
      sendDueReminders(b.app.deps, now),
      sendDueReminders(a.app.deps, now),
      sendDueReminders(b.app.deps, now),
    ]);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(10);
    expect(await reminders(grace)).toHaveLength(10);

    // A restarted process finds them claimed.
    const restarted = await servers.restart("b");
    expect(await sendDueReminders(restarted.app.deps, now)).toBe(0);
    expect(await reminders(grace)).toHaveLength(10);
  });
});
