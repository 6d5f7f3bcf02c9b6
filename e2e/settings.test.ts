import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { Backup } from "../domain/backup";
import type { Category } from "../domain/categories";
import type { Settings } from "../domain/settings";
import type { Task } from "../domain/tasks";
import { signInWithBuiltinProvider, STRONG_PASSWORD } from "../tests/helpers/sign-in";
import { AppPage } from "./pages/app-page";
import { waitForLiveChannel } from "./pages/groups-pages";
import { CategorySettingsPage, CoreSettingsPage, DashboardPage, TaskSettingsPage } from "./pages/settings-pages";
import { GroupTasksPage } from "./pages/task-pages";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

/** An API call from the page, with its session, as the app itself makes it. */
function call<T>(page: Page, path: string, method = "GET", body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? null : response.json();
    },
    { path, method, body },
  ) as Promise<T>;
}

/** "2026-11-23" today in `timeZone`, moved by `days`. */
function dayIn(timeZone: string, days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe("synced settings, categories, backup and the dashboard", () => {
  const session = useBrowser();

  /** A new account, signed in over HTTP: its session cookie, for as many browsers as a test wants. */
  async function newAccount(name: string): Promise<string> {
    const { client } = await signInWithBuiltinProvider(baseUrl, {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, ".")}-${Date.now()}@example.org`,
      password: STRONG_PASSWORD,
    });
    return client.cookie("tandem_session")!;
  }

  async function browserOf(cookie: string, options: BrowserContextOptions = {}): Promise<Page> {
    const context = await session.newContext(options);
    await context.addCookies([{ name: "tandem_session", value: cookie, url: baseUrl }]);
    return context.newPage();
  }

  async function personalGroupId(page: Page): Promise<string> {
    // fetch needs the page on this site: a light public page will do.
    if (!page.url().startsWith(baseUrl)) await new AppPage(page, baseUrl).goto("/about");
    return (await call<{ personalGroupId: string }>(page, "/api/initial-user-setup", "POST")).personalGroupId;
  }

  it("keeps a settings change after a reload and shows it live in a second browser of the same user", async () => {
    const cookie = await newAccount("Sam Settings");
    const first = await browserOf(cookie, { colorScheme: "light" });
    const second = await browserOf(cookie, { colorScheme: "light" });
    const errors = [...collectPageErrors(first), ...collectPageErrors(second)];

    const settings = new CoreSettingsPage(first, baseUrl);
    await settings.open();
    await settings.waitForSettings();
    expect(await settings.isOn("Confetti")).toBe(true);
    expect(await settings.isOn("Let the assistant search the web")).toBe(false);
    await settings.switch("Confetti").click();
    await expect.poll(() => settings.isOn("Confetti")).toBe(false);
    await expect.poll(async () => (await call<Settings>(first, "/api/settings")).showConfetti).toBe(false);

    await first.reload();
    await settings.waitFor();
    await settings.waitForSettings();
    expect(await settings.isOn("Confetti")).toBe(false);

    // The second browser has the page open; the first changes more; the second follows without a reload.
    const mirror = new CoreSettingsPage(second, baseUrl);
    await mirror.open();
    await mirror.waitForSettings();
    expect(await mirror.isOn("Confetti")).toBe(false);
    await waitForLiveChannel(second);
    await settings.chooseSoundTheme("Marimba");
    await settings.switch("Let the assistant search the web").click();
    await expect.poll(() => mirror.soundTheme("Marimba").isChecked()).toBe(true);
    await expect.poll(() => mirror.isOn("Let the assistant search the web")).toBe(true);

    // The theme: saved on the device and in the account, applied live on the other browser.
    const app = new AppPage(first, baseUrl);
    const other = new AppPage(second, baseUrl);
    expect(await other.htmlHasDarkClass()).toBe(false);
    await app.chooseTheme("Dark");
    await expect.poll(() => other.htmlHasDarkClass()).toBe(true);
    expect(await other.storedTheme()).toBe("dark");
    expect((await call<Settings>(second, "/api/settings")).theme).toBe("dark");

    // The synced theme survives a reload of the second browser too.
    await second.reload();
    await mirror.waitFor();
    expect(await other.htmlHasDarkClass()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("celebrates as the settings say, and without motion when the device asks for less", async () => {
    const cookie = await newAccount("Cleo Confetti");

    const page = await browserOf(cookie);
    const settings = new CoreSettingsPage(page, baseUrl);
    await settings.open();
    await settings.waitForSettings();
    await settings.tryFeedback();
    await settings.confetti().waitFor({ state: "attached" });
    await settings.checkMark().waitFor({ state: "attached" });
    await settings.text("Completing a task shows confetti and the check mark and plays the chime sound.").waitFor();
    // Both clean up after themselves.
    await settings.confetti().waitFor({ state: "detached", timeout: 5_000 });
    await settings.checkMark().waitFor({ state: "detached" });

    await settings.switch("Confetti").click();
    await settings.switch("Sound").click();
    await expect.poll(async () => (await call<Settings>(page, "/api/settings")).soundEnabled).toBe(false);
    expect(await settings.soundTheme("Pop").isDisabled()).toBe(true);
    await settings.tryFeedback();
    await settings.text("Completing a task shows the check mark.").waitFor();
    expect(await settings.confetti().count()).toBe(0);

    const calm = await browserOf(cookie, { reducedMotion: "reduce" });
    const calmSettings = new CoreSettingsPage(calm, baseUrl);
    await calmSettings.open();
    await calmSettings.waitForSettings();
    await calmSettings.text(/Your device asks for reduced motion/).waitFor();
    await calmSettings.switch("Sound").click();
    await calmSettings.tryFeedback();
    await calmSettings.text("Completing a task plays the chime sound.").waitFor();
    expect(await calmSettings.confetti().count()).toBe(0);
    expect(await calmSettings.checkMark().count()).toBe(0);
  });

  it("adds, renames, recolours, shares, reorders and deletes categories, with their toasts", async () => {
    const page = await browserOf(await newAccount("Cat Keeper"));
    const errors = collectPageErrors(page);
    const groupId = await personalGroupId(page);
    const categories = new CategorySettingsPage(page, baseUrl);
    await categories.open();
    await categories.row("Work Tasks").waitFor();
    // The labels, as every other page shows them.
    expect(await categories.names()).toEqual([
      "Work Tasks",
      "Personal Tasks",
      "Shopping List",
      "Family Events",
      "Other Tasks",
    ]);

    // The defaults cannot be deleted, and the page says why.
    expect(await categories.deleteButton("Work Tasks").count()).toBe(0);
    await categories.text("Work Tasks is a default category and cannot be deleted").waitFor({ state: "attached" });

    // An empty name is ignored without a word: once the next add has said its word, that is the only one.
    await categories.addWithoutName();
    await categories.add("Garden");
    await categories.toast("Category added successfully").waitFor();
    expect(await categories.toasts().count()).toBe(1);
    await categories.row("Garden").waitFor();
    expect((await call<Category[]>(page, `/api/groups/${groupId}/categories`)).map((item) => item.id)).toContain(
      "garden",
    );

    await categories.edit("Garden");
    await categories.rename("Garden", "Backyard");
    await categories.toast("Category renamed").waitFor();
    await categories.row("Backyard").waitFor();

    await categories.chooseColour("Blue");
    await categories.rowColour("Backyard", "Blue").waitFor();
    await categories.sharedSwitch().click();
    await categories.toast("Backyard is now a shared list").waitFor();

    // Keyboard reorder: the handle keeps the focus, the new order is saved.
    await categories.moveHandle("Backyard").press("ArrowUp");
    await categories.toast("Categories reordered successfully").waitFor();
    expect(await categories.names()).toEqual([
      "Work Tasks",
      "Personal Tasks",
      "Shopping List",
      "Family Events",
      "Backyard",
      "Other Tasks",
    ]);
    expect(await categories.moveHandle("Backyard").evaluate((element) => element === document.activeElement)).toBe(
      true,
    );
    const saved = await call<Category[]>(page, `/api/groups/${groupId}/categories`);
    expect(saved.map((item) => item.id)).toEqual(["work", "personal", "shopping", "group", "garden", "other"]);
    expect(saved.find((item) => item.id === "garden")).toMatchObject({
      name: "Backyard",
      color: "bg-blue-500",
      shared: true,
    });

    await categories.delete("Backyard");
    await categories.toast("Category deleted").waitFor();
    await categories.row("Backyard").waitFor({ state: "detached" });
    expect((await call<Category[]>(page, `/api/groups/${groupId}/categories`)).map((item) => item.id)).not.toContain(
      "garden",
    );
    expect(errors).toEqual([]);
  });

  it("cleans up unknown categories by itself five seconds after the page loads", async () => {
    const page = await browserOf(await newAccount("Old Data"));
    const groupId = await personalGroupId(page);
    const now = new Date().toISOString();
    // Data of an older version: a numeric category with a task in it.
    await call(page, `/api/groups/${groupId}/restore`, "POST", {
      mode: "merge",
      backup: {
        format: "tandem-backup",
        version: 1,
        exportedAt: now,
        scope: "group",
        groupId,
        categories: [
          { id: "123", name: "123", label: "123", icon: "folder", color: "bg-gray-500", order: 9, shared: false },
        ],
        tasks: [
          {
            id: `${groupId.slice(0, 8).replace(/[^A-Za-z0-9]/g, "x")}-old`,
            groupId,
            title: "From the old app",
            completed: false,
            completedAt: null,
            deadline: null,
            priority: "medium",
            category: "123",
            locked: false,
            notes: "",
            subtasks: [],
            createdAt: now,
            updatedAt: now,
          },
        ],
      },
    });
    const categories = new CategorySettingsPage(page, baseUrl);
    const opened = Date.now();
    await categories.open();
    await categories.text(/cleaned up automatically in a few seconds/).waitFor();
    await categories.toast("Migrated 1 task to valid categories").waitFor({ timeout: 15_000 });
    await categories.toast("Cleaned up 1 unknown category").waitFor();
    expect(Date.now() - opened).toBeGreaterThanOrEqual(4_500);
    const tasks = await call<Task[]>(page, "/api/tasks");
    expect(tasks.map((task) => task.category)).toEqual(["other"]);
    await categories.row("123").waitFor({ state: "detached" });
  });

  it("downloads a backup of the user's tasks and merges it back", async () => {
    const page = await browserOf(await newAccount("Bea Backup"));
    const errors = collectPageErrors(page);
    const groupId = await personalGroupId(page);
    const kept = (await call<{ task: Task }>(page, "/api/tasks", "POST", { groupId, title: "Water the plants" })).task;
    const lost = (
      await call<{ task: Task }>(page, "/api/tasks", "POST", {
        groupId,
        title: "File the tax return",
        notes: "Receipts are in the blue folder",
      })
    ).task;

    const settings = new TaskSettingsPage(page, baseUrl);
    await settings.open();
    const mine = settings.backup("mine");
    const download = await mine.download();
    expect(download.suggestedFilename()).toMatch(/^tandem-tasks-\d{4}-\d{2}-\d{2}\.json$/);
    // The browser runs in another process (e2e/support/global-setup.ts): the file is copied here.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tandem-backup-")), download.suggestedFilename());
    await download.saveAs(file);
    const backup = JSON.parse(fs.readFileSync(file, "utf8")) as Backup;
    expect(backup).toMatchObject({ format: "tandem-backup", version: 1, scope: "user" });
    expect(backup.tasks.map((task) => task.title).sort()).toEqual(["File the tax return", "Water the plants"]);
    await mine.text("Downloaded 2 tasks.").waitFor();

    await call(page, `/api/tasks/${lost.id}?operationId=e2e-delete-${Date.now()}`, "DELETE");
    expect((await call<Task[]>(page, "/api/tasks")).map((task) => task.id)).toEqual([kept.id]);

    await mine.chooseFile(file);
    await mine.text("The file holds 2 tasks").waitFor();
    // Replace asks first; cancelling changes nothing.
    await mine.chooseMode("Replace");
    await mine.restore();
    await mine.replaceDialog().waitFor();
    await mine.cancelReplace();
    await mine.replaceDialog().waitFor({ state: "hidden" });

    await mine.chooseMode("Merge");
    await mine.restore();
    await mine.text("Restored 1 task; skipped 1 already here; deleted 0.").waitFor();
    await settings.toast("Backup restored").waitFor();
    const restored = await call<Task[]>(page, "/api/tasks");
    expect(restored.map((task) => task.id).sort()).toEqual([kept.id, lost.id].sort());
    expect(restored.find((task) => task.id === lost.id)?.notes).toBe("Receipts are in the blue folder");

    // The same file again adds nothing.
    await mine.restore();
    await mine.text("Restored 0 tasks; skipped 2 already here; deleted 0.").waitFor();
    expect(errors).toEqual([]);
  });

  it("counts overdue and due-today tasks in the deadline's time zone, live", async () => {
    const timeZone = "Pacific/Auckland";
    const page = await browserOf(await newAccount("Dana Dashboard"), { timezoneId: timeZone });
    const errors = collectPageErrors(page);
    const dashboard = new DashboardPage(page, baseUrl);
    await dashboard.open();
    // The first visit gave the new profile this device's time zone: deadlines are meant in it.
    await expect
      .poll(async () => (await call<{ timeZone: string | null }>(page, "/api/profile")).timeZone)
      .toBe(timeZone);
    const groupId = await personalGroupId(page);
    const add = async (title: string, deadline: string | null) =>
      (await call<{ task: Task }>(page, "/api/tasks", "POST", { groupId, title, deadline })).task;
    const late = await add("Return the library books", dayIn(timeZone, -1));
    await add("Call the plumber", dayIn(timeZone, 0));
    await add("Someday: learn the ukulele", null);
    await add("Next week: dentist", dayIn(timeZone, 7));

    await expect.poll(() => dashboard.count("Open")).toBe(4);
    expect(await dashboard.count("Overdue")).toBe(1);
    expect(await dashboard.count("Due today")).toBe(1);
    expect(await dashboard.count("Completed this week")).toBe(0);
    await dashboard.member("You").waitFor();

    // Completing the overdue task elsewhere updates the open page.
    await call(page, `/api/tasks/${late.id}`, "PATCH", { completed: true });
    await expect.poll(() => dashboard.count("Overdue")).toBe(0);
    expect(await dashboard.count("Completed this week")).toBe(1);
    expect(await dashboard.count("Open")).toBe(3);

    // Each count opens the list it counts.
    await dashboard.stat("Due today").click();
    const groupTasks = new GroupTasksPage(page, baseUrl);
    await groupTasks.waitFor();
    expect(new URL(page.url()).searchParams.get("due")).toBe("today");
    await groupTasks.taskLink("Call the plumber").waitFor();
    expect(await groupTasks.items().count()).toBe(1);
    expect(await groupTasks.taskLink("Call the plumber").getAttribute("href")).toMatch(/^\/task-detail-page\?id=/);
    expect(errors).toEqual([]);
  });
});
