import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Group } from "../domain/groups";
import { sendDueReminders } from "../server/services/notifications/reminders";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import { signUpConfirmed } from "../tests/helpers/email";
import type { HttpClient } from "../tests/helpers/http-client";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { formatCalendarDate } from "../domain/time-format";
import { UpcomingPage } from "./pages/agenda-pages";
import { NotificationsPage } from "./pages/notifications-page";
import { TaskListPage } from "./pages/task-pages";
import { useBrowser } from "./support/session";

/**
 * One clock per user: the profile's language decides 12 or 24 hours in the task list and in the
 * notification center alike, whatever language the browser is set to, and the same as the
 * reminder the server wrote, and dates and day names in that language (domain/time-format.ts).
 */
describe("times on the user's clock", () => {
  const session = useBrowser();
  let database: TestDatabase;
  let server: RunningServer;
  // 18:45 UTC tomorrow; the reminder goes out half an hour before the one-hour lead ends.
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const deadline = `${day}T18:45`;

  async function userWith(name: string, locale: string): Promise<HttpClient> {
    const { client } = await signUpConfirmed(server, name);
    const profile = await client.request("/api/profile", { method: "PATCH", json: { timeZone: "UTC", locale } });
    expect(profile.status).toBe(200);
    const groups = (await (await client.request("/api/groups")).json()) as Group[];
    const groupId = groups.find((group) => group.isPersonal)!.id;
    const created = await client.request("/api/tasks", { json: { groupId, title: "Book the vet", deadline } });
    expect(created.status).toBe(201);
    return client;
  }

  let abe: HttpClient;
  let dora: HttpClient;

  beforeAll(async () => {
    database = await createSqliteDatabase();
    server = await startServer(database);
    abe = await userWith("Abe", "en-US");
    dora = await userWith("Dora", "de");
    expect(await sendDueReminders(server.app.deps, new Date(`${day}T18:15:00Z`))).toBe(2);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  /** A browser set to the other clock than the profile's, in UTC. */
  async function browserOf(client: HttpClient, browserLocale: string) {
    const context = await session.newContext({ locale: browserLocale, timezoneId: "UTC" });
    await context.addCookies([
      { name: "tandem_session", value: client.cookie("tandem_session")!, url: server.baseUrl },
    ]);
    return context.newPage();
  }

  it.each([
    { who: "en-US", browser: "de-DE", time: "6:45 PM", clock: /\d{1,2}:\d{2} [AP]M$/ },
    { who: "de", browser: "en-US", time: "18:45", clock: /\d{1,2}:\d{2}$/ },
  ])("writes a profile in $who on its clock in a browser set to $browser", async ({ who, browser, time, clock }) => {
    const page = await browserOf(who === "en-US" ? abe : dora, browser);

    const list = new TaskListPage(page, server.baseUrl);
    await list.open();
    await list.textInRow("Book the vet", `Tomorrow ${time}`).waitFor();

    const notifications = new NotificationsPage(page, server.baseUrl);
    await notifications.open();
    const reminder = notifications.entry(new RegExp(`Due at ${time}: Book the vet`));
    await reminder.waitFor();
    // When it came, on the same clock.
    expect((await reminder.locator("time").textContent())?.trim()).toMatch(clock);

    // Upcoming writes its days in the profile's language too ("Tomorrow" is the app's own word).
    const upcoming = new UpcomingPage(page, server.baseUrl);
    await upcoming.open();
    const tomorrowHeading = await upcoming.sectionHeading("Tomorrow").textContent();
    expect(tomorrowHeading).toContain(formatCalendarDate(day, who));
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const weekday = new Intl.DateTimeFormat(who, { weekday: "long", timeZone: "UTC" }).format(
      new Date(`${inTwoDays}T12:00:00Z`),
    );
    await upcoming.sectionHeading(weekday).first().waitFor();
  });
});
