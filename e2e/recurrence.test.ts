import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "../domain/tasks";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import type { HttpClient } from "../tests/helpers/http-client";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signUp } from "../tests/helpers/sign-in";
import { RepeatingTaskList, RepeatingTaskPage } from "./pages/recurrence-pages";
import { collectPageErrors, useBrowser } from "./support/session";

interface Account {
  client: HttpClient;
  groupId: string;
}

/** A date as a deadline writes it, `days` from today in UTC (where these people and browsers live). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Repeating tasks in the browser: the Repeat field on a task's page, and the next occurrence a
 * completion adds showing up on the list, once, online and after coming back online.
 */
describe("repeating tasks in the browser", () => {
  const session = useBrowser();
  let database: TestDatabase;
  let server: RunningServer;
  let baseUrl: string;
  let people = 0;

  beforeAll(async () => {
    database = await createSqliteDatabase();
    server = await startServer(database);
    baseUrl = server.baseUrl;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function account(name: string): Promise<Account> {
    people += 1;
    const { client } = await signUp(baseUrl, name, `repeat-${people}-${Date.now()}@example.org`);
    await client.request("/api/profile", { method: "PATCH", json: { timeZone: "UTC" } });
    const groups = (await (await client.request("/api/groups")).json()) as { id: string; isPersonal: boolean }[];
    return { client, groupId: groups.find((group) => group.isPersonal)!.id };
  }

  async function pageFor(
    person: Account,
  ): Promise<{ page: Page; errors: string[]; goOffline: (offline: boolean) => Promise<void> }> {
    const context = await session.newContext({ timezoneId: "UTC", locale: "en-US" });
    await context.addCookies([
      { name: "tandem_session", value: person.client.cookie("tandem_session")!, url: baseUrl },
    ]);
    const page = await context.newPage();
    return { page, errors: collectPageErrors(page), goOffline: (offline) => context.setOffline(offline) };
  }

  async function createTask(person: Account, body: Record<string, unknown>): Promise<Task> {
    const response = await person.client.request("/api/tasks", { json: { groupId: person.groupId, ...body } });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { task: Task }).task;
  }

  async function serverTasks(person: Account, title: string): Promise<Task[]> {
    const response = await person.client.request(`/api/groups/${person.groupId}/tasks`);
    return ((await response.json()) as { tasks: Task[] }).tasks.filter((task) => task.title === title);
  }

  it("sets Weekly on a task's page; completing it lists the next one, due a week later", async () => {
    const ada = await account("Ada Weekly");
    const deadline = day(3);
    const weekday = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" }).format(
      new Date(`${deadline}T12:00:00Z`),
    );
    const task = await createTask(ada, { title: "Bins out", deadline });
    const { page, errors } = await pageFor(ada);
    const list = new RepeatingTaskList(page, baseUrl);
    const taskPage = new RepeatingTaskPage(page, baseUrl);
    await list.open();
    await list.openTask("Bins out");

    expect(await taskPage.repeatShown()).toBe("None");
    await expect(taskPage.countFromCompletion().isDisabled()).resolves.toBe(true);
    await taskPage.setRepeat(`Weekly on ${weekday}`);
    await taskPage.toast("Task updated successfully").waitFor();
    const code = weekday.slice(0, 2).toUpperCase();
    expect((await serverTasks(ada, "Bins out"))[0]!.repeat).toEqual({
      rule: `FREQ=WEEKLY;BYDAY=${code}`,
      fromCompletion: false,
    });
    await taskPage.repeatHint(/^Done, it comes back on /).waitFor();

    await taskPage.markAsDone();
    // A wide screen shows the task in a pane beside the list; otherwise back to the list, as
    // the browser's Back button does (no page load).
    if (!(await list.openList().isVisible())) await page.goBack();
    await list.openRows("Bins out").first().waitFor();
    const [nextId, ...more] = await list.openIds("Bins out");
    expect(more).toEqual([]);
    expect(nextId).not.toBe(task.id);
    const copies = await serverTasks(ada, "Bins out");
    expect(copies.find((copy) => copy.id === nextId)).toMatchObject({
      completed: false,
      deadline: day(10),
      repeat: { rule: `FREQ=WEEKLY;BYDAY=${code}`, fromCompletion: false },
    });
    expect(copies.find((copy) => copy.id === task.id)).toMatchObject({ completed: true, repeat: null });

    // The new one shows how it repeats (the done one says it no longer does).
    await list.openTask("Bins out");
    await taskPage.repeatHint(/^Done, it comes back on /).waitFor();
    expect(await taskPage.repeatShown()).toBe(`Weekly on ${weekday}`);
    expect(errors).toEqual([]);
  });

  it("completes a repeating task offline; back online there is exactly one next occurrence", async () => {
    const olive = await account("Olive Offline");
    const task = await createTask(olive, {
      title: "Water the ferns",
      deadline: day(1),
      repeat: { rule: "FREQ=DAILY", fromCompletion: false },
    });
    const { page, goOffline } = await pageFor(olive);
    const list = new RepeatingTaskList(page, baseUrl);
    await list.open();
    await list.openRows("Water the ferns").waitFor();

    await goOffline(true);
    await list.offlineStatus().waitFor();
    await list.doneBox("Water the ferns").click();
    await list.openRows("Water the ferns").waitFor({ state: "detached" });
    await list.syncIndicator(/1 to sync/).waitFor();
    expect((await serverTasks(olive, "Water the ferns")).map((copy) => copy.completed)).toEqual([false]);

    await goOffline(false);
    await list.syncIndicator(/to sync/).waitFor({ state: "detached", timeout: 20_000 });
    // Exactly one next occurrence, as the list loads it from the server (whether it also arrives
    // live without a reload is not what this test is about).
    await expect
      .poll(async () => (await serverTasks(olive, "Water the ferns")).filter((copy) => !copy.completed).length)
      .toBe(1);
    await page.reload();
    await list.openRows("Water the ferns").waitFor();
    const shown = await list.openIds("Water the ferns");
    const copies = await serverTasks(olive, "Water the ferns");
    const open = copies.filter((copy) => !copy.completed);
    expect(open.map((copy) => copy.deadline)).toEqual([day(2)]);
    expect(shown).toEqual([open[0]!.id]);
    expect(copies.find((copy) => copy.id === task.id)).toMatchObject({ completed: true, repeat: null });
  });
});
