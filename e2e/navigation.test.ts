import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Group } from "../domain/groups";
import type { Task } from "../domain/tasks";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import type { HttpClient } from "../tests/helpers/http-client";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signUp } from "../tests/helpers/sign-in";
import { Navigation } from "./pages/navigation";
import { TaskListPage } from "./pages/task-pages";
import { collectPageErrors, useBrowser } from "./support/session";

/** A date `days` from today in UTC, where a task made over the API before any visit has its deadline. */
function dayInUtc(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe("app navigation", () => {
  const session = useBrowser();
  let database: TestDatabase;
  let server: RunningServer;
  /** The instance's first account, so an admin: the sidebar shows her Admin too. */
  let nora: HttpClient;

  beforeAll(async () => {
    database = await createSqliteDatabase();
    server = await startServer(database);
    nora = (await signUp(server.baseUrl, "Nora Sidebar")).client;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const json = async <T>(response: Response): Promise<T> => {
    expect(response.ok, `${response.status} ${await response.clone().text()}`).toBe(true);
    return (await response.json()) as T;
  };

  async function addTask(client: HttpClient, groupId: string, title: string, deadline: string | null = null) {
    return (await json<{ task: Task }>(await client.request("/api/tasks", { json: { groupId, title, deadline } })))
      .task;
  }

  async function personalGroup(client: HttpClient): Promise<Group> {
    return (await json<Group[]>(await client.request("/api/groups"))).find((group) => group.isPersonal)!;
  }

  async function browserOf(client: HttpClient, viewport: { width: number; height: number }): Promise<Page> {
    const context = await session.newContext({ viewport });
    await context.addCookies([
      { name: "tandem_session", value: client.cookie("tandem_session")!, url: server.baseUrl },
    ]);
    return context.newPage();
  }

  it("lists every item by name in the sidebar at 1280 px, with Today's and each group's counts, and switches groups", async () => {
    const client = nora;
    const personal = await personalGroup(client);
    const allotment = await json<Group>(
      await client.request("/api/groups", { json: { name: "Allotment", type: "family" } }),
    );
    await addTask(client, personal.id, "Return the library books", dayInUtc(-2));
    await addTask(client, personal.id, "Call the plumber", dayInUtc(0));
    await addTask(client, personal.id, "Dentist", dayInUtc(3));
    await addTask(client, personal.id, "Learn the ukulele");
    const done = await addTask(client, personal.id, "Water the ferns", dayInUtc(0));
    await json(await client.request(`/api/tasks/${done.id}`, { method: "PATCH", json: { completed: true } }));
    await addTask(client, allotment.id, "Sow the beans", dayInUtc(0));
    await addTask(client, allotment.id, "Dig the beds");

    const page = await browserOf(client, { width: 1280, height: 800 });
    const errors = collectPageErrors(page);
    const nav = new Navigation(page, server.baseUrl);
    const list = new TaskListPage(page, server.baseUrl);
    await list.open();
    await nav.sidebar().waitFor();

    // Two overdue or due today in the personal group, one in the allotment; the completed one not.
    await expect.poll(() => nav.countOf(nav.sidebarLink("Today"))).toBe(3);
    await nav.sidebarLink("Today, 3 due today or overdue").waitFor();
    expect(await nav.countOf(nav.groupLink(personal.name))).toBe(4);
    expect(await nav.countOf(nav.groupLink("Allotment"))).toBe(2);

    // Every item's name is on screen, in the registry's order, each a comfortable target.
    expect(await nav.sidebarLabels()).toEqual([
      "Today 3",
      "Upcoming",
      "Calendar",
      `${personal.name} 4`,
      "Allotment 2",
      "Manage groups",
      "Dashboard",
      "Group tasks",
      "Messages",
      "Delegation",
      "Shopping",
      "Meals",
      "Time tracking",
      "Analysis",
      "Coupons",
      "Invitations",
      "Settings",
      "Modules",
      "Admin",
    ]);
    for (const link of await nav.sidebar().getByRole("link").all()) {
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    // No second menu: the header holds no navigation of its own, and the phone bar is not shown.
    expect(await nav.header().getByRole("navigation").count()).toBe(0);
    expect(await nav.phoneBar().count()).toBe(0);

    // The current group is the page on "/"; choosing another opens its list.
    expect(await nav.groupLink(personal.name).getAttribute("aria-current")).toBe("page");
    await list.taskLink("Learn the ukulele").waitFor();
    await nav.groupLink("Allotment").click();
    await list.taskLink("Dig the beds").waitFor();
    await list.taskLink("Learn the ukulele").waitFor({ state: "detached" });
    expect(nav.pathname()).toBe("/");
    expect(await nav.groupLink("Allotment").getAttribute("aria-current")).toBe("page");
    expect(await nav.groupLink(personal.name).getAttribute("aria-current")).toBeNull();

    // On another page that page is current, and the group stays marked as the current one.
    await nav.sidebarLink("Dashboard").click();
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await expect.poll(() => nav.sidebarLink("Dashboard").getAttribute("aria-current")).toBe("page");
    expect(await nav.groupLink("Allotment").getAttribute("aria-current")).toBe("true");
    expect(await nav.sidebar().locator("[aria-current=page]").count()).toBe(1);

    // Completing a task elsewhere changes the counts the device has, without a reload.
    const beans = (await json<Task[]>(await client.request("/api/tasks"))).find(
      (task) => task.title === "Sow the beans",
    )!;
    await json(await client.request(`/api/tasks/${beans.id}`, { method: "PATCH", json: { completed: true } }));
    await expect.poll(() => nav.countOf(nav.sidebarLink("Today"))).toBe(2);
    expect(await nav.countOf(nav.groupLink("Allotment"))).toBe(1);
    expect(errors).toEqual([]);
  });

  it("puts a bar with 44 px targets and an Add button at the bottom of a phone, and More in a sheet", async () => {
    const { client } = await signUp(server.baseUrl, "Omar Phone");
    const personal = await personalGroup(client);
    // More tasks than a phone's window holds, so the last one ends where the bar is.
    for (let index = 1; index <= 14; index += 1) await addTask(client, personal.id, `Errand ${index}`);

    const page = await browserOf(client, { width: 390, height: 844 });
    const errors = collectPageErrors(page);
    const nav = new Navigation(page, server.baseUrl);
    const list = new TaskListPage(page, server.baseUrl);
    await list.open();
    await nav.phoneBar().waitFor();
    expect(await nav.sidebar().count()).toBe(0);
    await nav.phoneBarLink("Today").waitFor();
    await nav.phoneBarLink("Tasks").waitFor();
    await nav.phoneBarLink("Upcoming").waitFor();
    expect(await nav.phoneBarLink("Tasks").getAttribute("aria-current")).toBe("page");

    // Every control of the bar and of the header is at least 44 by 44 px, the offline pill too.
    await page.context().setOffline(true);
    await nav.syncIndicator(/^Offline/).waitFor();
    const targets = await nav.tapTargets();
    expect(targets.map((target) => target.name)).toEqual(
      expect.arrayContaining(["Add task", "More", "Notifications", "Offline: review offline changes"]),
    );
    const small = targets.filter((target) => target.width < 44 || target.height < 44);
    expect(small).toEqual([]);
    await page.context().setOffline(false);
    await nav.syncIndicator(/^Offline/).waitFor({ state: "detached" });

    // The last task scrolls clear of the bar.
    await nav.scrollToEnd();
    const last = await list.row("Errand 14").boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual(await nav.phoneBarTop());

    // Add on a page with quick add: focus lands in its field.
    await nav.addButton().click();
    await expect.poll(() => nav.isFocused(nav.quickAddField())).toBe(true);

    // The toast that says it was added stands above the bar, not behind it.
    await list.add("Post the parcel");
    const toast = nav.toast("Task added");
    await toast.waitFor();
    const barTop = await nav.phoneBarTop();
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        return box ? box.y + box.height : Infinity;
      })
      .toBeLessThanOrEqual(barTop);

    // More opens a sheet; Escape closes it and gives focus back to More.
    await nav.moreButton().click();
    await nav.moreSheet().waitFor();
    expect(await nav.moreButton().getAttribute("aria-expanded")).toBe("true");
    await nav.moreSheetLink("Group tasks").waitFor();
    await nav.moreSheetLink("Settings").waitFor();
    await nav.moreSheetLink(personal.name).waitFor();
    await page.keyboard.press("Escape");
    await nav.moreSheet().waitFor({ state: "hidden" });
    expect(await nav.isFocused(nav.moreButton())).toBe(true);
    expect(await nav.moreButton().getAttribute("aria-expanded")).toBe("false");

    // From a page without quick add, Add opens the list with its quick add.
    await nav.moreButton().click();
    await nav.moreSheetLink("Dashboard").click();
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await nav.moreSheet().waitFor({ state: "hidden" });
    await nav.addButton().click();
    await page.waitForURL(`${server.baseUrl}/`);
    await expect.poll(() => nav.isFocused(nav.quickAddField())).toBe(true);
    expect(errors).toEqual([]);
  });
});
