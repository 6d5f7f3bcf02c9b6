import type { BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "../domain/tasks";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import { createSharedGroup } from "../tests/helpers/groups";
import type { HttpClient } from "../tests/helpers/http-client";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signUp } from "../tests/helpers/sign-in";
import { AppPage } from "./pages/app-page";
import { waitForLiveChannel } from "./pages/groups-pages";
import { GroupTasksPage, TaskDetailPage, TaskListPage } from "./pages/task-pages";
import { TaskPane } from "./pages/task-pane";
import { violationsInBothThemes } from "./support/accessibility";
import { collectPageErrors, useBrowser } from "./support/session";

interface Account {
  client: HttpClient;
  id: string;
  groupId: string;
}

/**
 * The task list and the task editor in the browser, on a server of their own: each test signs up
 * its own people over HTTP and opens the app with their session.
 */
describe("tasks in the browser", () => {
  const session = useBrowser();
  let database: TestDatabase;
  let server: RunningServer;
  let baseUrl: string;
  let people = 0;

  beforeAll(async () => {
    database = await createSqliteDatabase();
    // Every browser here comes from 127.0.0.1: the file's many page loads would pass the API's
    // per-address limit (600 a minute), which tests of its own cover.
    server = await startServer(database, { RATE_LIMIT_MAX: "5000" });
    baseUrl = server.baseUrl;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function account(name: string): Promise<Account> {
    people += 1;
    const { client, id } = await signUp(baseUrl, name, `person-${people}-${Date.now()}@example.org`);
    const groups = (await (await client.request("/api/groups")).json()) as { id: string; isPersonal: boolean }[];
    return { client, id, groupId: groups.find((group) => group.isPersonal)!.id };
  }

  /** A browser context signed in as `person`, showing `groupId` as the current group. */
  async function browserFor(
    person: Account,
    options: { groupId?: string; viewport?: { width: number; height: number }; colorScheme?: "light" | "dark" } = {},
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await session.newContext({
      ...(options.viewport ? { viewport: options.viewport } : {}),
      ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
    });
    await context.addCookies([
      { name: "tandem_session", value: person.client.cookie("tandem_session")!, url: baseUrl },
    ]);
    if (options.groupId) {
      await context.addInitScript((groupId) => localStorage.setItem("currentGroupId", groupId), options.groupId);
    }
    const page = await context.newPage();
    return { context, page, errors: collectPageErrors(page) };
  }

  async function createTask(person: Account, body: Record<string, unknown>): Promise<Task> {
    const response = await person.client.request("/api/tasks", { json: { groupId: person.groupId, ...body } });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { task: Task }).task;
  }

  async function fetchTask(person: Account, id: string): Promise<{ status: number; task?: Task }> {
    const response = await person.client.request(`/api/tasks/${id}`);
    return { status: response.status, task: response.status === 200 ? ((await response.json()) as Task) : undefined };
  }

  async function serverTitles(person: Account): Promise<string[]> {
    const { tasks } = (await (await person.client.request(`/api/groups/${person.groupId}/tasks`)).json()) as {
      tasks: Task[];
    };
    return tasks.filter((task) => !task.completed).map((task) => task.title);
  }

  it("shows the list from the page's own data while the API has not answered, then works as usual", async () => {
    const ida = await account("Ida Initial");
    const garden = await ida.client.request(`/api/groups/${ida.groupId}/categories`, { json: { name: "Garden" } });
    expect(garden.status).toBe(201);
    await createTask(ida, { title: "Water the ferns", category: "garden" });
    await createTask(ida, { title: "Book the dentist", priority: "high" });
    const done = await createTask(ida, { title: "Old chore" });
    await ida.client.request(`/api/tasks/${done.id}`, { method: "PATCH", json: { completed: true } });
    await ida.client.request("/api/settings", { method: "PATCH", json: { showCompletedTasks: false } });
    const { page, errors } = await browserFor(ida);
    // The group, settings, task and category requests hang until the list is on screen.
    const held: Route[] = [];
    const hold = (route: Route) => void held.push(route);
    await page.route("**/api/groups**", hold);
    await page.route("**/api/settings", hold);
    const list = new TaskListPage(page, baseUrl);
    await list.open();
    // The group's own category, the user's setting (completed tasks hidden), as the server has them.
    expect(await list.row("Water the ferns").textContent()).toMatch(/Garden/);
    expect(await list.row("Book the dentist").textContent()).toMatch(/High/);
    expect(await list.row("Old chore").count()).toBe(0);
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute("**/api/groups**");
    await page.unroute("**/api/settings");

    // The page's data is a start like any answer: adding works and the server has it once.
    await list.add("Buy stamps");
    await list.toast("Task added successfully").waitFor();
    const open = ["Book the dentist", "Buy stamps", "Water the ferns"];
    await expect.poll(async () => (await serverTitles(ida)).sort()).toEqual(open);
    expect((await list.openTitles()).sort()).toEqual(open);
    expect(errors).toEqual([]);
  });

  it("adds, completes, reopens and deletes a task, with their toasts", async () => {
    const ada = await account("Ada Adder");
    const { page, errors } = await browserFor(ada);
    const list = new TaskListPage(page, baseUrl);
    await list.open();
    await list.emptyHeading("Ada Adder's Task Manager").waitFor();

    // n focuses quick add, from anywhere on the page.
    await list.pressShortcut("n");
    expect(await list.titleInput().evaluate((input) => input === document.activeElement)).toBe(true);

    await list.add("Buy oat milk", { priority: "high", category: "Shopping List" });
    await list.toast("Task added successfully").waitFor();
    const row = list.row("Buy oat milk");
    await row.waitFor();
    // The category's label, in the picker as on the row.
    expect(await row.textContent()).toMatch(/High.*Shopping List/);
    expect(await list.titleInput().inputValue()).toBe("");
    const id = (await row.getAttribute("data-task-id"))!;
    expect((await fetchTask(ada, id)).task).toMatchObject({ priority: "high", category: "shopping", completed: false });

    await list.checkbox("Buy oat milk").check();
    await list.toast("Task completed").waitFor();
    await list.linkInCompletedList("Buy oat milk").waitFor();
    await expect.poll(async () => (await fetchTask(ada, id)).task?.completed).toBe(true);

    await list.checkbox("Buy oat milk").uncheck();
    await list.toast("Task reopened").waitFor();
    await list.linkInOpenList("Buy oat milk").waitFor();
    await expect.poll(async () => (await fetchTask(ada, id)).task?.completed).toBe(false);

    // Hiding completed tasks is a synced setting.
    await list.checkbox("Buy oat milk").check();
    await list.setShowCompleted(false);
    await page.keyboard.press("Escape");
    await list.allDoneHeading().waitFor();
    await list.showCompletedButton().click();
    await list.linkInCompletedList("Buy oat milk").waitFor();

    await list.delete("Buy oat milk");
    await list.toast("Task deleted successfully").waitFor();
    await list.row("Buy oat milk").waitFor({ state: "detached" });
    expect((await fetchTask(ada, id)).status).toBe(404);

    // Keyboard users continue where the row was: with no task left, in quick add.
    await expect.poll(() => list.titleInput().evaluate((input) => input === document.activeElement)).toBe(true);

    // The shortcuts are documented behind "?" (typed outside a field).
    await list.titleInput().blur();
    await list.pressShortcut("?");
    await list.shortcutsHelpText("Add a task (n works too)").waitFor();
    await page.keyboard.press("Escape");
    await list.shortcutsHelp().waitFor({ state: "hidden" });

    // The list is a menu item like any page, and only "Tasks" is current on it.
    await list.appMenuLink("Dashboard").click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await expect.poll(() => list.currentAppMenuItems()).toEqual(["Dashboard"]);
    await list.appMenuLink("Tasks").click();
    await page.waitForURL(`${baseUrl}/`);
    await list.emptyOrAllDone().waitFor();
    await expect.poll(() => list.currentAppMenuItems()).toEqual(["Tasks"]);
    expect(errors).toEqual([]);
  });

  it("warns when the same title is added twice within 5 seconds, and takes back an add that failed", async () => {
    const bea = await account("Bea Twice");
    const { page, errors } = await browserFor(bea);
    const list = new TaskListPage(page, baseUrl);
    await list.open();

    await list.add("Water the plants");
    await list.toast("Task added successfully").waitFor();
    await list.add("Water the plants");
    await list.toast("was already added a moment ago").waitFor();
    expect(await list.row("Water the plants").count()).toBe(2);
    await list.toastButton("was already added a moment ago", "Remove it").click();
    await list.toast("Task deleted successfully").waitFor();
    await expect.poll(() => list.row("Water the plants").count()).toBe(1);
    expect(await serverTitles(bea)).toEqual(["Water the plants"]);

    // The server refuses the next add: the task leaves the list again and its title comes back.
    await page.route("**/api/tasks", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "validation_failed", message: "The title is not allowed" } }),
          })
        : route.continue(),
    );
    await list.add("Feed the cat");
    await list.toast("Failed to add task: The title is not allowed").waitFor();
    await list.row("Feed the cat").waitFor({ state: "detached" });
    expect(await list.titleInput().inputValue()).toBe("Feed the cat");
    expect(await serverTitles(bea)).toEqual(["Water the plants"]);
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
  });

  it("reorders open tasks by dragging and with the keyboard, and sorts and filters them", async () => {
    const cy = await account("Cy Sorter");
    // New tasks go on top: created last to first.
    await createTask(cy, { title: "Third", priority: "high", category: "work" });
    await createTask(cy, { title: "Second", priority: "low", deadline: "2030-01-02" });
    await createTask(cy, { title: "First", deadline: "2030-01-01" });
    const { page, errors } = await browserFor(cy);
    const list = new TaskListPage(page, baseUrl);
    await list.open();
    await list.row("Third").waitFor();
    expect(await list.openTitles()).toEqual(["First", "Second", "Third"]);

    // Keyboard: the handle moves its task with the arrow keys.
    await list.handle("Third").press("ArrowUp");
    await expect.poll(() => list.openTitles()).toEqual(["First", "Third", "Second"]);
    await expect.poll(() => serverTitles(cy)).toEqual(["First", "Third", "Second"]);
    await list.text("Third moved to position 2 of 3.").waitFor();

    // Mouse: drag First below Second.
    await list.drag("First", "Second");
    await expect.poll(() => list.openTitles()).toEqual(["Third", "Second", "First"]);
    await expect.poll(() => serverTitles(cy)).toEqual(["Third", "Second", "First"]);

    await list.sortBy("priority");
    await expect.poll(() => list.openTitles()).toEqual(["Third", "First", "Second"]);
    await list.sortBy("deadline");
    await expect.poll(() => list.openTitles()).toEqual(["First", "Second", "Third"]);
    // Sorted otherwise, there are no handles.
    expect(await list.handle("First").count()).toBe(0);

    await list.pressShortcut("/");
    await page.keyboard.type("sec");
    await expect.poll(() => list.openTitles()).toEqual(["Second"]);
    await page.keyboard.press("Escape");
    await list.filterByCategory("Work Tasks");
    await expect.poll(() => list.openTitles()).toEqual(["Third"]);
    expect(errors).toEqual([]);
  });

  it("edits a task on its page: title, priority, category, deadline, subtasks, lock, and notes that cannot run code", async () => {
    const dan = await account("Dan Detail");
    await createTask(dan, { title: "Plan the trip" });
    const { page, errors } = await browserFor(dan);
    const list = new TaskListPage(page, baseUrl);
    await list.open();
    // The list opens a task beside itself; the pane leads on to the task's own page.
    await list.taskLink("Plan the trip").click();
    const pane = new TaskPane(page, baseUrl);
    await pane.pane("Plan the trip").waitFor();
    await pane.openAsPageLink().click();
    const detail = new TaskDetailPage(page, baseUrl);
    await detail.waitForTitle("Plan the trip");
    const id = new URL(page.url()).searchParams.get("id")!;
    expect(new URL(page.url()).pathname).toBe("/task-detail-page");

    await detail.rename("Plan the summer trip");
    await detail.toast("Task updated successfully").waitFor();
    await detail.waitForTitle("Plan the summer trip");

    await detail.setPriority("High");
    await detail.setCategory("Personal Tasks");
    // A deadline needs no button: a date and time typed in the picker are kept when the user goes
    // to another page.
    let picker = await detail.openDeadlinePicker();
    await picker.dateField().fill("2031-07-01");
    await picker.addTimeButton().click();
    await picker.timeField().fill("09:30");
    const back = detail.breadcrumb("Dan Detail's Task Manager");
    await back.click();
    await expect
      .poll(async () => (await fetchTask(dan, id)).task)
      .toMatchObject({ priority: "high", category: "personal", deadline: "2031-07-01T09:30" });
    await list.taskLink("Plan the summer trip").click();
    await pane.openAsPageLink().click();
    await detail.waitForTitle("Plan the summer trip");

    // A half-typed date is neither saved nor dropped: the picker says so and stays open, and
    // leaving the page asks first. Notes need no such question: they are saved as they are typed.
    picker = await detail.openDeadlinePicker();
    await picker.dateField().press("Backspace");
    await picker.dateField().blur();
    await picker.text("The date is not complete.").waitFor();
    expect((await fetchTask(dan, id)).task?.deadline).toBe("2031-07-01T09:30");
    await detail.startNotes();
    await detail.notesField().fill("Ferry at nine");
    await back.click();
    await detail.leaveDialogText(/^The deadline you started typing is not saved yet/).waitFor();
    await detail.keepEditing();
    await expect.poll(async () => (await fetchTask(dan, id)).task?.notes).toBe("Ferry at nine");
    await picker.dateField().fill("2031-08-01");
    await picker.dateField().press("Enter");
    await expect.poll(async () => (await fetchTask(dan, id)).task?.deadline).toBe("2031-08-01T09:30");
    expect(new URL(page.url()).pathname).toBe("/task-detail-page");

    // Notes render markdown; HTML in them stays text and never runs.
    await detail.writeNotes(
      '**Book** the ferry, ref `FX-12`\n\n```\ngate 4\n```\n\n<script>window.hacked = true</script>\n\n<img src=x onerror="window.hacked = true"> [site](javascript:window.hacked=true)',
    );
    await detail.toast("Notes updated successfully").waitFor();
    await detail.notes().locator("strong", { hasText: "Book" }).waitFor();
    // Inline code is shown as code, without backticks drawn around it; a fenced block as a block.
    const inlineCode = detail.notes().locator("p code", { hasText: "FX-12" });
    expect(
      await inlineCode.evaluate((code) =>
        [getComputedStyle(code, "::before"), getComputedStyle(code, "::after")].map((style) => style.content),
      ),
    ).toEqual(["none", "none"]);
    await detail.notes().locator("pre code", { hasText: "gate 4" }).waitFor();
    await detail.notesText("<script>window.hacked = true</script>").waitFor();
    expect(await detail.notes().locator("script, img, a").count()).toBe(0);
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();

    await detail.addSubtask("Book ferry");
    await detail.addSubtask("Pack bags");
    await detail.addSubtask("Water plants");
    // A click, then what the user sees: check() would also fail on a box that shows the tick a
    // frame late under load.
    await detail.subtaskCheckbox("Book ferry").click();
    await detail.text("1 of 3 done").waitFor();
    await expect.poll(() => detail.subtaskCheckbox("Book ferry").isChecked()).toBe(true);
    // The rename's answer is held while the user moves on: focus goes back to its Rename button at
    // once, and the late answer neither takes focus from the next control nor undoes the move.
    let releaseRename = () => {};
    const renameAnswered = new Promise<void>((resolve) => (releaseRename = resolve));
    await page.route("**/api/tasks/*/subtasks/*", async (route) => {
      if (route.request().method() !== "PATCH") return route.fallback();
      await renameAnswered;
      await route.fallback();
    });
    await detail.renameSubtask("Pack bags", "Pack the bags");
    await detail.subtask("Pack the bags").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Rename Pack the bags");
    await detail.subtaskHandle("Water plants").focus();
    const renamed = page.waitForResponse(
      (response) => response.request().method() === "PATCH" && response.url().includes("/subtasks/"),
    );
    releaseRename();
    await renamed;
    await page.unroute("**/api/tasks/*/subtasks/*");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => detail.subtaskTitles()).toEqual(["Book ferry", "Water plants", "Pack the bags"]);
    // Focus stays on the moved handle, whose name says its new place.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Move Water plants (2 of 3)");
    await detail.deleteSubtask("Book ferry");
    await expect.poll(() => detail.subtaskTitles()).toEqual(["Water plants", "Pack the bags"]);
    await expect
      .poll(async () => (await fetchTask(dan, id)).task?.subtasks.map((subtask) => subtask.title))
      .toEqual(["Water plants", "Pack the bags"]);

    // Locked, it cannot be deleted until unlocked.
    await detail.lockButton().click();
    await detail.toast("Task lock toggled successfully").waitFor();
    await detail.detailsText("Unlock the task to delete it.").waitFor();
    await detail.unlockButton().click();
    await detail.delete("Plan the summer trip");
    await detail.toast("Task deleted successfully").waitFor();
    await page.waitForURL(`${baseUrl}/`);
    await list.emptyHeading().waitFor();
    expect((await fetchTask(dan, id)).status).toBe(404);

    // A missing task says so, on both pages.
    await detail.open(id);
    await detail.waitForTitle("Task not found");
    await detail.open("nobody-0000000000", true);
    await detail.waitForTitle("Task not found");
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
  });

  it("shows two members of a group each other's adds, edits and deletes live", async () => {
    const olive = await account("Olive Owner");
    const milo = await account("Milo Member");
    const groupId = await createSharedGroup(server.database.db, {
      ownerId: olive.id,
      memberIds: [milo.id],
      name: "The Millers",
    });
    const shared = { olive: { ...olive, groupId }, milo: { ...milo, groupId } };
    const owner = await browserFor(olive, { groupId });
    const member = await browserFor(milo, { groupId });
    const ownerList = new TaskListPage(owner.page, baseUrl);
    const memberList = new TaskListPage(member.page, baseUrl);
    await ownerList.open();
    await memberList.open();
    for (const list of [ownerList, memberList]) {
      await list.text("The Millers", { exact: true }).first().waitFor();
      await waitForLiveChannel(list.page);
    }

    // Olive adds; Milo sees it without reloading.
    await ownerList.add("Pick up the cake");
    await memberList.row("Pick up the cake").waitFor();

    // Milo completes it; Olive's checkbox follows.
    await memberList.checkbox("Pick up the cake").check();
    await expect.poll(() => ownerList.checkbox("Pick up the cake").isChecked()).toBe(true);
    await memberList.checkbox("Pick up the cake").uncheck();
    await expect.poll(() => ownerList.checkbox("Pick up the cake").isChecked()).toBe(false);

    // Milo opens it beside his list and edits; Olive's list shows the new title and the subtask count.
    await memberList.taskLink("Pick up the cake").click();
    const memberPane = new TaskPane(member.page, baseUrl);
    await memberPane.pane("Pick up the cake").waitFor();
    await memberPane.editor().rename("Pick up the birthday cake");
    await memberPane.editor().addSubtask("Candles");
    await ownerList.textInRow("Pick up the birthday cake", "0/1").waitFor();

    // Olive adds one from elsewhere (the API): both pages show it.
    await createTask(shared.olive, { title: "Balloons" });
    await memberList.open();
    await memberList.row("Balloons").waitFor();
    await ownerList.row("Balloons").waitFor();

    // Olive deletes the cake while Milo has it open: his pane closes and says why.
    await memberList.taskLink("Pick up the birthday cake").click();
    await memberPane.pane("Pick up the birthday cake").waitFor();
    await waitForLiveChannel(member.page);
    await ownerList.delete("Pick up the birthday cake");
    await ownerList.toast("Task deleted successfully").waitFor();
    await memberPane.toast("The task was deleted, or it is no longer shared with your groups").waitFor();
    await memberPane.pane().waitFor({ state: "detached" });
    expect(await serverTitles(shared.milo)).toEqual(["Balloons"]);

    // Olive shares a task of her personal group with the family, then takes it back: Milo's list follows.
    await olive.client.request(`/api/groups/${olive.groupId}/categories`, { json: { name: "Gifts" } });
    const gift = await createTask(olive, { title: "Wrap the present", category: "gifts" });
    await memberList.open();
    await waitForLiveChannel(member.page);
    const ownerDetail = new TaskDetailPage(owner.page, baseUrl);
    await ownerDetail.open(gift.id);
    // Its page sits under its own group, the one "Added by you in" names, not the current one.
    const home = ownerDetail.breadcrumb("Olive Owner's Task Manager");
    await home.waitFor();
    await ownerDetail.text("Added by you in Olive Owner's Task Manager", { exact: false }).waitFor();
    await ownerDetail.shareWith("The Millers").check();
    await ownerDetail.toast("Task shared successfully").waitFor();
    await memberList.textInRow("Wrap the present", "Shared with this group").waitFor();
    // Its category is one of its own group's, shown by its name there, here and on /group-tasks.
    await memberList.textInRow("Wrap the present", "Category: Gifts", { exact: true }).waitFor();
    const memberGroupTasks = new GroupTasksPage(member.page, baseUrl);
    await memberGroupTasks.open();
    await memberGroupTasks.textInRow(gift.id, "Category: Gifts", { exact: true }).waitFor();
    await memberList.open();
    await waitForLiveChannel(member.page);
    await ownerDetail.shareWith("The Millers").uncheck();
    await ownerDetail.toast("The task is no longer shared with The Millers").waitFor();
    await memberList.row("Wrap the present").waitFor({ state: "detached" });
    // The breadcrumb leads to that group's list.
    await home.click();
    await owner.page.waitForURL(`${baseUrl}/`);
    await ownerList.row("Wrap the present").waitFor();
    expect(owner.errors).toEqual([]);
    expect(member.errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
  });

  // One test per screen: six axe checks each, which a loaded two-core machine fits into a test's 30 s.
  for (const [screen, viewport] of [
    ["a desk", undefined],
    ["a phone", { width: 390, height: 844 }],
  ] as const) {
    it(`has no serious WCAG violation on the list and the task pages, light and dark, on ${screen}`, async () => {
      const eve = await account(`Eve Examiner ${screen === "a desk" ? "Desk" : "Phone"}`);
      const task = await createTask(eve, {
        title: "Renew the passport",
        priority: "high",
        category: "personal",
        deadline: "2020-01-01",
        notes: "Take **cash**.\n\n- [x] form\n- [ ] photo",
        subtasks: [{ title: "Photo" }, { title: "Form" }],
      });
      await createTask(eve, { title: "Call the plumber", priority: "low" });
      const { page } = await browserFor(eve, { colorScheme: "light", ...(viewport ? { viewport } : {}) });
      const app = new AppPage(page, baseUrl);
      for (const path of ["/", `/task-detail-page?id=${task.id}`, `/mobile-task-detail-page?id=${task.id}`]) {
        await app.goto(path);
        await app.text("Renew the passport").first().waitFor();
        expect(await violationsInBothThemes(page), `${path} on ${screen}`).toEqual({ light: [], dark: [] });
      }
    });
  }
});
