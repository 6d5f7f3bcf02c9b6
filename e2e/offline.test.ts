import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "../domain/tasks";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import type { HttpClient } from "../tests/helpers/http-client";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signUp } from "../tests/helpers/sign-in";
import { TaskListPage, toast } from "./pages/task-pages";
import { useBrowser } from "./support/session";

interface Account {
  client: HttpClient;
  groupId: string;
}

/**
 * The installed app without network, against a real server: the service worker serves the app,
 * IndexedDB holds the data and the queue, and coming back online leaves the server with exactly
 * what the user did, once.
 */
describe("offline", () => {
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
    const { client } = await signUp(baseUrl, name, `offline-${people}-${Date.now()}@example.org`);
    const groups = (await (await client.request("/api/groups")).json()) as { id: string; isPersonal: boolean }[];
    return { client, groupId: groups.find((group) => group.isPersonal)!.id };
  }

  async function signedInContext(person: Account): Promise<BrowserContext> {
    const context = await session.newContext();
    await context.addCookies([
      { name: "tandem_session", value: person.client.cookie("tandem_session")!, url: baseUrl },
    ]);
    return context;
  }

  /** Opens the list and waits until the service worker controls the page (it can then serve it offline). */
  async function openControlled(page: Page): Promise<TaskListPage> {
    const list = new TaskListPage(page, baseUrl);
    await list.open();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
      }
    });
    return list;
  }

  async function serverTasks(person: Account): Promise<Task[]> {
    const response = await person.client.request(`/api/groups/${person.groupId}/tasks`);
    return ((await response.json()) as { tasks: Task[] }).tasks;
  }

  it("answers PING and CHECK_MOBILE_COMPATIBILITY from a service worker of version 2.0.0", async () => {
    const context = await signedInContext(await account("Wendy Worker"));
    const page = await context.newPage();
    await openControlled(page);
    const replies = await page.evaluate(async () => {
      const ask = (message: unknown) =>
        new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(event.data);
          navigator.serviceWorker.controller!.postMessage(message, [channel.port2]);
        });
      return [await ask({ type: "PING" }), await ask({ type: "CHECK_MOBILE_COMPATIBILITY", standalone: false })];
    });
    expect(replies[0]).toEqual({ type: "PONG", version: "2.0.0" });
    expect(replies[1]).toEqual({ type: "MOBILE_COMPATIBILITY_RESULTS", issues: expect.any(Array) });
    const info = await page.evaluate(() => JSON.parse(localStorage.getItem("serviceWorkerRegistration") ?? "null"));
    expect(info).toMatchObject({ registered: true, version: "2.0.0", errorCount: 0 });
  });

  it("adds, edits, completes and deletes tasks offline, survives a reload without network, and syncs each change once", async () => {
    const olive = await account("Olive Offline");
    const context = await signedInContext(olive);
    const page = await context.newPage();
    const list = await openControlled(page);
    await list.add("Online before the tunnel");
    await toast(page, "Task added successfully").waitFor();

    await context.setOffline(true);
    await page.getByRole("status").filter({ hasText: "Offline" }).waitFor();
    const titles = Array.from({ length: 6 }, (_, index) => `Offline task ${index + 1}`);
    for (const title of titles) {
      await list.add(title);
      await list.row(title).waitFor();
    }
    await toast(page, "Task added in offline mode - will sync when online").first().waitFor();
    await list.checkbox("Offline task 2").check();
    await list.delete("Offline task 3");
    await list.row("Offline task 3").waitFor({ state: "detached" });
    await list.delete("Online before the tunnel");
    await list.row("Online before the tunnel").waitFor({ state: "detached" });
    expect((await serverTasks(olive)).map((task) => task.title)).toEqual(["Online before the tunnel"]);

    // A cold start without network: the worker serves the app, IndexedDB the list and the queue.
    await page.reload();
    await page.getByRole("heading", { name: "Tasks", level: 1 }).waitFor();
    for (const title of ["Offline task 1", "Offline task 4", "Offline task 5", "Offline task 6"]) {
      await list.row(title).waitFor();
    }
    await list.completedList().getByRole("link", { name: "Offline task 2" }).waitFor();
    await page.getByRole("link", { name: /Offline · \d+ to sync/ }).waitFor();

    await context.setOffline(false);
    await expect
      .poll(
        async () => (await serverTasks(olive)).map((task) => `${task.title}${task.completed ? " (done)" : ""}`).sort(),
        {
          timeout: 20_000,
        },
      )
      .toEqual(["Offline task 1", "Offline task 2 (done)", "Offline task 4", "Offline task 5", "Offline task 6"]);
    await page.getByRole("link", { name: /to sync/ }).waitFor({ state: "detached" });
    // Every change arrived once: no task twice, the cancelled one never.
    const tasks = await serverTasks(olive);
    expect(new Set(tasks.map((task) => task.id)).size).toBe(tasks.length);
  });
});
