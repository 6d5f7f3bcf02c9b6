import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "../domain/tasks";
import { PROJECT_ROOT } from "../server/env";
import {
  adminQuery,
  createPostgresDatabase,
  createSqliteDatabase,
  describePostgres,
  type TestDatabase,
} from "../tests/helpers/databases";
import { confirmEmail } from "../tests/helpers/email";
import type { HttpClient } from "../tests/helpers/http-client";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../tests/helpers/sign-in";
import { AdminPage } from "./pages/admin-page";
import { AppPage } from "./pages/app-page";
import { Navigation } from "./pages/navigation";
import { GroupsPage, GroupSwitcher } from "./pages/groups-pages";
import { OfflineChangesPage } from "./pages/offline-changes-page";
import { CategorySettingsPage, DashboardPage, SettingsPage, TaskSettingsPage } from "./pages/settings-pages";
import { GroupTasksPage, TaskDetailPage, TaskListPage } from "./pages/task-pages";
import { useBrowser } from "./support/session";

const ADMIN_EMAIL = "icons-admin@example.org";

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
    // Every browser test comes from one address: a fast machine runs this file's pages past the
    // default 600 requests a minute (the limit itself is tested in integration).
    server = await startServer(database, { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_MAX: "100000" });
    baseUrl = server.baseUrl;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function account(name: string, email?: string): Promise<Account> {
    people += 1;
    const { client } = await signUp(baseUrl, name, email ?? `offline-${people}-${Date.now()}@example.org`);
    const groups = (await (await client.request("/api/groups")).json()) as { id: string; isPersonal: boolean }[];
    return { client, groupId: groups.find((group) => group.isPersonal)!.id };
  }

  async function signedInContext(person: Account): Promise<BrowserContext> {
    const context = await session.newContext({ serviceWorkers: "allow" });
    await context.addCookies([
      { name: "tandem_session", value: person.client.cookie("tandem_session")!, url: baseUrl },
    ]);
    return context;
  }

  /** Opens the list and waits until the service worker controls the page (it can then serve it offline). */
  async function openControlled(page: Page, origin = baseUrl): Promise<TaskListPage> {
    const list = new TaskListPage(page, origin);
    await list.open();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
      }
    });
    return list;
  }

  /** Loads the page again through the worker, which keeps the server's page as its copy for starts without network. */
  async function keepInWorker(page: Page): Promise<void> {
    await page.reload();
    await new AppPage(page, baseUrl).heading().waitFor();
    expect(await page.evaluate(async () => Boolean(await caches.match("/__app-shell")))).toBe(true);
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
    await list.toast("Task added successfully").waitFor();

    await context.setOffline(true);
    await list.offlineStatus().waitFor();
    const titles = Array.from({ length: 6 }, (_, index) => `Offline task ${index + 1}`);
    for (const title of titles) {
      await list.add(title);
      await list.row(title).waitFor();
    }
    await list.toast("Task added in offline mode - will sync when online").first().waitFor();
    const tickedFrom = Date.now();
    await list.checkbox("Offline task 2").check();
    const tickedBy = Date.now();
    await list.delete("Offline task 3");
    await list.row("Offline task 3").waitFor({ state: "detached" });
    await list.delete("Online before the tunnel");
    await list.row("Online before the tunnel").waitFor({ state: "detached" });
    // The rows change at once, the device's queue a moment later: six adds, a completion and a
    // delete, less the add its delete took back. A reload before then would be a tab closed mid-tap.
    await list.syncIndicator("Offline · 7 to sync").waitFor();
    expect((await serverTasks(olive)).map((task) => task.title)).toEqual(["Online before the tunnel"]);

    // A cold start without network: the worker serves the app, IndexedDB the list and the queue.
    await page.reload();
    await list.waitFor();
    for (const title of ["Offline task 1", "Offline task 4", "Offline task 5", "Offline task 6"]) {
      await list.row(title).waitFor();
    }
    await list.linkInCompletedList("Offline task 2").waitFor();
    await list.syncIndicator("Offline · 7 to sync").waitFor();

    const onlineAt = Date.now();
    expect(onlineAt).toBeGreaterThan(tickedBy);
    await context.setOffline(false);
    await expect
      .poll(
        async () => (await serverTasks(olive)).map((task) => `${task.title}${task.completed ? " (done)" : ""}`).sort(),
        {
          timeout: 20_000,
        },
      )
      .toEqual(["Offline task 1", "Offline task 2 (done)", "Offline task 4", "Offline task 5", "Offline task 6"]);
    await list.syncIndicator(/to sync/).waitFor({ state: "detached" });
    // Every change arrived once: no task twice, the cancelled one never.
    const tasks = await serverTasks(olive);
    expect(new Set(tasks.map((task) => task.id)).size).toBe(tasks.length);
    // Done when it was ticked in the tunnel, not when the queue reached the server.
    const doneAt = Date.parse(tasks.find((task) => task.title === "Offline task 2")!.completedAt!);
    expect(doneAt).toBeGreaterThanOrEqual(tickedFrom);
    expect(doneAt).toBeLessThanOrEqual(tickedBy);
  });

  /**
   * Each signed-in page opened without network (the worker's copy of the page, which has none of
   * the data the server sends with a page) shows what this device holds, with the changes queued
   * offline applied, and never says to reload.
   */
  async function expectEveryPageFromDevice(
    page: Page,
    person: Account,
    expected: { open: string[]; done: string[]; task: Task },
  ): Promise<void> {
    const groupName = (
      (await (await person.client.request("/api/groups")).json()) as { id: string; name: string }[]
    ).find((group) => group.id === person.groupId)!.name;
    const app = new AppPage(page, baseUrl);
    const noReloadAdvice = async () => {
      await new GroupSwitcher(page).waitForCurrent(groupName);
      expect(await app.text(/reload/i).count()).toBe(0);
      expect(await app.toast("Error initializing task system").count()).toBe(0);
    };
    const list = new TaskListPage(page, baseUrl);
    await page.reload();
    await list.waitFor();
    for (const title of expected.open) await list.linkInOpenList(title).waitFor();
    for (const title of expected.done) await list.linkInCompletedList(title).waitFor();
    await list.syncIndicator(`Offline · ${expected.done.length} to sync`).waitFor();
    await noReloadAdvice();

    const dashboard = new DashboardPage(page, baseUrl);
    await dashboard.open();
    await dashboard.statShowing("Open", expected.open.length).waitFor();
    await dashboard.statShowing("Completed this week", expected.done.length).waitFor();
    await noReloadAdvice();

    const detail = new TaskDetailPage(page, baseUrl);
    await detail.open(expected.task.id);
    await detail.waitForTitle(expected.task.title);
    await detail.reopenButton().waitFor();
    await noReloadAdvice();

    const groupTasks = new GroupTasksPage(page, baseUrl);
    await groupTasks.open();
    for (const title of expected.open) await groupTasks.taskLink(title, groupName).waitFor();
    for (const title of expected.done) {
      expect(await groupTasks.checkbox(title, groupName).isChecked()).toBe(true);
    }
    await noReloadAdvice();

    await new SettingsPage(page, baseUrl).open();
    await noReloadAdvice();
  }

  it("opens every signed-in page without network from this device's data, with the changes of two tabs queued (fresh worker copy)", async () => {
    const fay = await account("Fay Fresh");
    for (const title of ["Water the ferns", "Book the dentist", "Call the plumber"]) {
      await fay.client.request("/api/tasks", { json: { groupId: fay.groupId, title } });
    }
    const dentist = (await serverTasks(fay)).find((task) => task.title === "Book the dentist")!;
    const context = await signedInContext(fay);
    const first = await context.newPage();
    const firstList = await openControlled(first);
    const second = await context.newPage();
    const secondList = await openControlled(second);
    await keepInWorker(second);
    await secondList.row("Call the plumber").waitFor();

    await context.setOffline(true);
    await firstList.checkbox("Book the dentist").check();
    await firstList.syncIndicator("Offline · 1 to sync").waitFor();
    // The second tab never heard of the first one's change; its own change saves its copy of the
    // data over the first tab's. The queue has both, and a reload shows both.
    await secondList.checkbox("Call the plumber").check();
    await secondList.syncIndicator("Offline · 2 to sync").waitFor();
    await expectEveryPageFromDevice(second, fay, {
      open: ["Water the ferns"],
      done: ["Book the dentist", "Call the plumber"],
      task: dentist,
    });
  });

  it("opens every signed-in page without network from this device's data when the worker's copy of the page is older than it", async () => {
    const otto = await account("Otto Outdated");
    await otto.client.request("/api/tasks", { json: { groupId: otto.groupId, title: "Kept with the page" } });
    const context = await signedInContext(otto);
    const page = await context.newPage();
    // The worker keeps this page; what comes after it reaches the device through the live channel.
    const list = await openControlled(page);
    await keepInWorker(page);
    await list.row("Kept with the page").waitFor();
    const created = await otto.client.request("/api/tasks", {
      json: { groupId: otto.groupId, title: "Added after the page was kept" },
    });
    const { task } = (await created.json()) as { task: Task };
    await list.row("Added after the page was kept").waitFor();

    await context.setOffline(true);
    await list.checkbox("Added after the page was kept").check();
    await list.syncIndicator("Offline · 1 to sync").waitFor();
    await expectEveryPageFromDevice(page, otto, {
      open: ["Kept with the page"],
      done: ["Added after the page was kept"],
      task,
    });
  });

  it("keeps tasks added offline in the list when the page is opened online before they are sent", async () => {
    const nora = await account("Nora Notyet");
    await nora.client.request("/api/tasks", { json: { groupId: nora.groupId, title: "Already on the server" } });
    // No service worker: every load of the page comes from the server, with its data.
    const context = await session.signedInContext(nora.client);
    const page = await context.newPage();
    const list = new TaskListPage(page, baseUrl);
    await list.open();
    await list.row("Already on the server").waitFor();
    // Another tab holds the queue's lock: nothing is sent until it closes.
    const blocker = await context.newPage();
    await new AppPage(blocker, baseUrl).goto("/about");
    await blocker.evaluate(
      () =>
        new Promise<void>((locked) => {
          void navigator.locks.request("tandem-offline-queue", () => {
            locked();
            return new Promise(() => undefined);
          });
        }),
    );
    await context.setOffline(true);
    await list.offlineStatus().waitFor();
    await list.add("Thought of on the train");
    await list.row("Thought of on the train").waitFor();
    // Shown at once, kept on the device a moment later: the reload below comes after that.
    await list.syncIndicator("Offline · 1 to sync").waitFor();
    await context.setOffline(false);

    // Opened again online: the page comes with the server's list, which does not have the task yet.
    await page.reload();
    await list.row("Already on the server").waitFor();
    await list.row("Thought of on the train").waitFor();
    expect((await serverTasks(nora)).map((task) => task.title)).toEqual(["Already on the server"]);
    // The list of every task (Group tasks), loaded from the server now, keeps it as well.
    await new Navigation(page, baseUrl).sidebarLink("Group tasks").click();
    const groupTasks = new GroupTasksPage(page, baseUrl);
    await groupTasks.taskLink("Thought of on the train").waitFor();
    // Marked there as in the group's list until the server has it.
    await groupTasks.waitingToSync("Thought of on the train").waitFor();
    expect(await groupTasks.waitingToSync("Already on the server").count()).toBe(0);
    await page.goBack();
    await list.row("Thought of on the train").waitFor();

    // The lock goes with its tab; the page's waiting send takes it, and the server has the task, once.
    await blocker.close();
    await expect
      .poll(async () => (await serverTasks(nora)).map((task) => task.title).sort(), { timeout: 20_000 })
      .toEqual(["Already on the server", "Thought of on the train"]);
    expect(await list.openTitles()).toHaveLength(2);
  });

  it("starts without network with the user's modules as they were: a switched-off module stays off", async () => {
    const mo = await account("Mo Offline");
    expect(
      (await mo.client.request("/api/modules/group-tasks", { method: "PUT", json: { enabled: false } })).status,
    ).toBe(200);
    const context = await signedInContext(mo);
    const page = await context.newPage();
    const list = await openControlled(page);
    const navigation = new Navigation(page, baseUrl);
    await navigation.sidebarLink("Dashboard").waitFor();
    expect(await navigation.sidebarLink("Group tasks").count()).toBe(0);
    await keepInWorker(page);

    await context.setOffline(true);
    await page.reload();
    await list.waitFor();
    await navigation.sidebarLink("Dashboard").waitFor();
    expect(await navigation.sidebarLink("Group tasks").count()).toBe(0);
    await list.goto("/group-tasks");
    await list.waitForHeading("Group tasks is switched off");
  });

  it("keeps a change the server refused on /offline with its reason, until it is discarded", async () => {
    const rita = await account("Rita Refused");
    const created = await rita.client.request("/api/tasks", {
      json: { groupId: rita.groupId, title: "Water the ferns" },
    });
    const { task } = (await created.json()) as { task: Task };
    const context = await signedInContext(rita);
    const page = await context.newPage();
    const list = await openControlled(page);
    await list.row("Water the ferns").waitFor();

    await context.setOffline(true);
    // Acted on once the app says it is offline: a click before that may still reach the server
    // (its refusal then goes to the click's own toast, not the queue's).
    await list.offlineStatus().waitFor();
    await list.checkbox("Water the ferns").check();
    // In the queue before the network comes back: a busy machine may otherwise still be deciding,
    // and a change that reaches the server directly gets its refusal in its own toast instead.
    await list.syncIndicator("Offline · 1 to sync").waitFor();
    // Meanwhile, on another device, the task is deleted.
    expect((await rita.client.request(`/api/tasks/${task.id}`, { method: "DELETE" })).status).toBe(204);
    await context.setOffline(false);

    // The refusal comes once the queue has sent the change after going online (slower when busy).
    await list.toast('Could not sync "Water the ferns"').waitFor({ timeout: 20_000 });
    await list.syncIndicator(/1 refused/).click();
    const changes = new OfflineChangesPage(page, baseUrl);
    await changes.waitFor();
    await changes.refusedChange("Change task: Water the ferns").waitFor();
    expect(await changes.refusalReason().textContent()).toBe("Task not found");

    // Retrying cannot help here; discarding drops the change and shows what the server holds.
    await changes.retry('Change task "Water the ferns"');
    await expect.poll(() => changes.refusedChange("Change task: Water the ferns").count()).toBe(1);
    await changes.discard('Change task "Water the ferns"');
    await changes.noneRefused().waitFor();
    await changes.toast("Change discarded").waitFor();
    await changes.appMenuLink("Tasks").click();
    await list.emptyHeading().waitFor();
  });

  it("keeps a category added, a setting changed and a task locked offline, and sends each when back online", async () => {
    const cleo = await account("Cleo Categories");
    const created = await cleo.client.request("/api/tasks", {
      json: { groupId: cleo.groupId, title: "Renew passport" },
    });
    const { task } = (await created.json()) as { task: Task };
    const context = await signedInContext(cleo);
    const page = await context.newPage();
    await openControlled(page);
    const categories = new CategorySettingsPage(page, baseUrl);
    const taskSettings = new TaskSettingsPage(page, baseUrl);
    const detail = new TaskDetailPage(page, baseUrl);
    // Visited once online, so their data is on the device.
    await categories.open();
    await taskSettings.open();
    await detail.open(task.id);

    await context.setOffline(true);
    await categories.open();
    await categories.add("Garden");
    await categories.toast("Category saved locally but failed to sync to cloud").waitFor();
    await categories.nameShown("Garden").waitFor();

    await taskSettings.open();
    const showCompleted = taskSettings.showCompletedSwitch();
    await expect.poll(() => showCompleted.getAttribute("aria-checked")).toBe("true");
    await showCompleted.click();
    await taskSettings.toast("Saved on this device - will sync when online").waitFor();

    await detail.open(task.id);
    await detail.lockButton().click();
    await detail.unlockButton().waitFor();
    // Nothing reached the server yet.
    expect((await (await cleo.client.request(`/api/tasks/${task.id}`)).json()) as Task).toMatchObject({
      locked: false,
    });

    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const categories = (await (await cleo.client.request(`/api/groups/${cleo.groupId}/categories`)).json()) as {
            id: string;
          }[];
          const settings = (await (await cleo.client.request("/api/settings")).json()) as {
            showCompletedTasks: boolean;
          };
          const saved = (await (await cleo.client.request(`/api/tasks/${task.id}`)).json()) as Task;
          return {
            garden: categories.some((category) => category.id === "garden"),
            showCompletedTasks: settings.showCompletedTasks,
            locked: saved.locked,
          };
        },
        { timeout: 20_000 },
      )
      .toEqual({ garden: true, showCompletedTasks: false, locked: true });
    await detail.syncIndicator(/to sync/).waitFor({ state: "detached" });
  });

  // About ninety actions in two tabs and a sync: on a busy two-core machine that alone can take
  // the default 30 s, so this test has a budget of its own that its last wait fits into.
  it(
    "syncs 50 tasks from two offline tabs exactly once, even when the tab sending them is closed midway",
    // Sixty changes made through the page, then sent: 21 s beside one busy core, about three
    // times that with the rest of the suite on both cores as well (docs/architecture.md, "Testing").
    { timeout: 120_000 },
    async () => {
      const tom = await account("Tom Tabs");
      const context = await signedInContext(tom);
      const first = await context.newPage();
      const second = await context.newPage();
      const firstList = await openControlled(first);
      const secondList = await openControlled(second);

      await context.setOffline(true);
      for (let index = 1; index <= 25; index += 1) {
        await firstList.add(`First tab ${index}`);
        await secondList.add(`Second tab ${index}`);
      }
      await firstList.row("First tab 25").waitFor();
      await secondList.row("Second tab 25").waitFor();
      for (let index = 1; index <= 5; index += 1) await firstList.checkbox(`First tab ${index}`).check();
      for (let index = 6; index <= 10; index += 1) {
        await firstList.delete(`First tab ${index}`);
        await firstList.row(`First tab ${index}`).waitFor({ state: "detached" });
      }
      // Both tabs queue into the same IndexedDB, and the indicator counts every change of this
      // browser: 50 adds and 5 completions, less the 5 adds the deletes took back, all kept on
      // the device before a tab closes.
      await firstList.syncIndicator("Offline · 50 to sync").waitFor();
      await second.close();

      await context.setOffline(false);
      await expect.poll(async () => (await serverTasks(tom)).length, { interval: 20 }).toBeGreaterThan(0);
      await first.close();

      // The next time the app is opened it sends the rest; what was in flight is answered from the first time.
      const third = new TaskListPage(await context.newPage(), baseUrl);
      await third.open();
      const expected = [
        ...Array.from({ length: 5 }, (_, index) => `First tab ${index + 1} (done)`),
        ...Array.from({ length: 15 }, (_, index) => `First tab ${index + 11}`),
        ...Array.from({ length: 25 }, (_, index) => `Second tab ${index + 1}`),
      ].sort();
      await expect
        .poll(
          async () => (await serverTasks(tom)).map((task) => `${task.title}${task.completed ? " (done)" : ""}`).sort(),
          { timeout: 30_000 },
        )
        .toEqual(expected);
      const tasks = await serverTasks(tom);
      expect(new Set(tasks.map((task) => task.id)).size).toBe(45);
      await third.syncIndicator(/to sync/).waitFor({ state: "detached" });
    },
  );

  it("shows an admin the app icon at every size of the manifest, drawn from the build's source", async () => {
    const ian = await account("Ian Icons", ADMIN_EMAIL);
    // ADMIN_EMAILS counts for a confirmed address, decided at sign-in: confirm, then sign in again.
    await confirmEmail(server.database.db, ian.client, ADMIN_EMAIL);
    const { client } = await signInWithBuiltinProvider(
      baseUrl,
      { email: ADMIN_EMAIL, password: STRONG_PASSWORD },
      { mode: "login" },
    );
    const context = await signedInContext({ ...ian, client });
    const page = await context.newPage();
    const admin = new AdminPage(page, baseUrl);
    await admin.open();
    const icons = await admin.openAppIcons();
    await icons.icons().waitFor();
    const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as {
      icons: { src: string; sizes: string; purpose: string }[];
      shortcuts: { url: string }[];
      display: string;
    };
    expect(manifest.display).toBe("standalone");
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    expect(manifest.shortcuts[0]?.url).toBe("/?new=1");
    // Each manifest icon is served, and the page draws it at the same size for download.
    for (const icon of manifest.icons) {
      const response = await fetch(`${baseUrl}${icon.src}`);
      expect(response.headers.get("content-type")).toBe("image/png");
      const file = icon.src.slice(1);
      const size = Number(icon.sizes.split("x")[0]);
      const preview = icons.preview(file, size);
      expect(await preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(size);
      expect(await icons.downloadLink(file).getAttribute("download")).toBe(file);
    }
  });

  it("opens the task list ready for a new task from the installed app's shortcut", async () => {
    const context = await signedInContext(await account("Nina Newtask"));
    const page = await context.newPage();
    const list = new TaskListPage(page, baseUrl);
    await list.open("?new=1");
    const input = list.titleInput();
    await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => page.evaluate(() => window.location.search)).toBe("");
  });

  it("offers a new version of the app when one is deployed, and reloads into it when asked", async () => {
    // A server of its own, on a copy of the build that can be "deployed" over.
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-update-"));
    fs.cpSync(path.join(PROJECT_ROOT, "dist", "web"), webDir, { recursive: true });
    const updateDatabase = await createSqliteDatabase();
    const updateServer = await startServer(updateDatabase, { WEB_DIST_DIR: webDir });
    try {
      const { client } = await signUp(updateServer.baseUrl, "Uma Update", `update-${Date.now()}@example.org`);
      const context = await session.newContext({ serviceWorkers: "allow" });
      await context.addCookies([
        { name: "tandem_session", value: client.cookie("tandem_session")!, url: updateServer.baseUrl },
      ]);
      const page = await context.newPage();
      const list = await openControlled(page, updateServer.baseUrl);
      await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));

      // The next release: another service worker script (the plain file, its compressed copies gone).
      const worker = path.join(webDir, "sw.js");
      fs.appendFileSync(worker, "\n// the next release\n");
      for (const copy of [`${worker}.br`, `${worker}.gz`]) fs.rmSync(copy, { force: true });
      // What the app does every 24 hours, now.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());

      const offer = list.toast("A new version of Tandem is available");
      await offer.waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => "beforeUpdate" in window)).toBe(true);
      // Another toast (the offer to turn on notifications) may sit in front of it in the stack:
      // pointing at the stack spreads it out, as for a user.
      await offer.hover({ force: true });
      // The new worker activates, then the page reloads; on a loaded CI machine that can take a while.
      await Promise.all([
        page.waitForEvent("load", { timeout: 30_000 }),
        list.toastButton("A new version of Tandem is available", "Reload").click(),
      ]);
      await list.waitFor();
      expect(await page.evaluate(() => "beforeUpdate" in window)).toBe(false);
      // The page runs under the new worker, and none is left waiting.
      const state = await page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.getRegistration())!;
        return { waiting: registration.waiting !== null, controlled: navigator.serviceWorker.controller !== null };
      });
      expect(state).toEqual({ waiting: false, controlled: true });
      await context.close();
    } finally {
      await updateServer.close();
      await updateDatabase.drop();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });

  describePostgres("while the database is down", () => {
    it("still shows the user's app from this device, not a sign-in page or the server's 503", async () => {
      const database = await createPostgresDatabase();
      const down = await startServer(database);
      const context = await session.newContext({ serviceWorkers: "allow" });
      try {
        const { client } = await signUp(down.baseUrl, "Dana Downtime");
        const groups = (await (await client.request("/api/groups")).json()) as { id: string; isPersonal: boolean }[];
        const groupId = groups.find((group) => group.isPersonal)!.id;
        await client.request("/api/tasks", { json: { groupId, title: "Kept for a bad day" } });
        const cookie = client.cookie("tandem_session")!;
        await context.addCookies([{ name: "tandem_session", value: cookie, url: down.baseUrl }]);
        const page = await context.newPage();
        const list = await openControlled(page, down.baseUrl);
        await list.row("Kept for a bad day").waitFor();
        // A page through the worker's network route: it keeps what the server sent.
        const groupsPage = new GroupsPage(page, down.baseUrl);
        await groupsPage.open();

        await adminQuery(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS false`);
        await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database.name}'`);
        const refused = await fetch(`${down.baseUrl}/groups`, {
          headers: { cookie: `tandem_session=${cookie}`, accept: "text/html" },
        });
        expect(refused.status).toBe(503);

        // The worker's page instead of the 503; the app as the device last knew it.
        await groupsPage.open();
        await list.open();
        await list.row("Kept for a bad day").waitFor();
        expect(await list.anySignInLink().count()).toBe(0);
      } finally {
        await adminQuery(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
        // The context stays open for the report of a failure (e2e/support/session.ts closes it).
        await down.close();
        await database.drop();
      }
    });
  });

  it("forgets the user's data on this device at sign-out", async () => {
    const sam = await account("Sam Signout");
    const context = await signedInContext(sam);
    const page = await context.newPage();
    const list = await openControlled(page);
    await list.add("Secret birthday plan");
    await list.toast("Task added successfully").waitFor();
    // The data is kept for a start without network...
    await expect.poll(() => page.evaluate(countCachedEntries)).toBeGreaterThan(0);

    await list.signOutLink().click();
    await list.text("You are signed out").waitFor();
    // ...and gone once the user has signed out: nothing in IndexedDB, no page kept by the worker.
    expect(await page.evaluate(countCachedEntries)).toBe(0);
    expect(await page.evaluate(() => caches.has("tandem-shell"))).toBe(false);
  });
});

/** Entries in the app's IndexedDB (the query cache and the queue), read in the page. */
async function countCachedEntries(): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open("tandem");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const count = (store: string) =>
    new Promise<number>((resolve, reject) => {
      const request = db.transaction(store).objectStore(store).count();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const total = (await count("cache")) + (await count("operations"));
  db.close();
  return total;
}
