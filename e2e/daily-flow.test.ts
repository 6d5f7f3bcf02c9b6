import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "../domain/tasks";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import type { HttpClient } from "../tests/helpers/http-client";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signUp } from "../tests/helpers/sign-in";
import { TodayPage, UpcomingPage } from "./pages/agenda-pages";
import { TaskListPage } from "./pages/task-pages";
import { collectPageErrors, useBrowser } from "./support/session";

const ZONE = "Europe/Berlin";

/** A calendar date in Berlin, `days` from now, worked out here without the app's code. */
function berlinDate(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date(Date.now() + days * 86_400_000));
}

/**
 * What a person does fifty times a day, counted in clicks and keys: add a task with everything in
 * one typed line, change a deadline in two clicks, complete and take back by keyboard alone, and
 * see the day's tasks of every group in Today and Upcoming.
 */
describe("the daily flow in the browser", () => {
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

  async function account(name: string): Promise<{ client: HttpClient; groupId: string }> {
    people += 1;
    const { client } = await signUp(baseUrl, name, `daily-${people}-${Date.now()}@example.org`);
    // A person in Berlin, as their browser is: their deadlines are days there (in UTC, between
    // 23:00 and midnight, Berlin's yesterday would still be today).
    const profile = await client.request("/api/profile", { method: "PATCH", json: { timeZone: ZONE } });
    expect(profile.status).toBe(200);
    const groups = (await (await client.request("/api/groups")).json()) as { id: string; isPersonal: boolean }[];
    return { client, groupId: groups.find((group) => group.isPersonal)!.id };
  }

  async function open(
    person: { client: HttpClient },
    viewport = { width: 1280, height: 800 },
  ): Promise<{ page: Page; errors: string[] }> {
    const context = await session.newContext({ viewport, timezoneId: ZONE, locale: "en-US" });
    await context.addCookies([
      { name: "tandem_session", value: person.client.cookie("tandem_session")!, url: baseUrl },
    ]);
    const page = await context.newPage();
    return { page, errors: collectPageErrors(page) };
  }

  async function createTask(person: { client: HttpClient; groupId: string }, body: Record<string, unknown>) {
    const response = await person.client.request("/api/tasks", { json: { groupId: person.groupId, ...body } });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { task: Task }).task;
  }

  async function tasksOf(person: { client: HttpClient; groupId: string }): Promise<Task[]> {
    const response = await person.client.request(`/api/groups/${person.groupId}/tasks`);
    return ((await response.json()) as { tasks: Task[] }).tasks;
  }

  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);
  /** Resolves after the page has painted twice: what a landed answer re-renders has rendered. */
  const nextFrames = (page: Page) =>
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

  it("adds a task with deadline, time, priority and category by typing one line and Enter, no click", async () => {
    const ann = await account("Ann Adder");
    const { page, errors } = await open(ann);
    const list = new TaskListPage(page, baseUrl);
    await list.open();

    await list.pressShortcut("q");
    await page.keyboard.type("Pay rent tomorrow 5pm #Work p1");
    const understood = list.understood();
    await understood.getByText("Deadline: Tomorrow 5:00 PM").waitFor();
    await understood.getByText("Priority: High").waitFor();
    await understood.getByText("Category: Work Tasks").waitFor();
    await page.keyboard.press("Enter");

    await list.row("Pay rent").waitFor();
    await expect
      .poll(async () => (await tasksOf(ann)).find((task) => task.title === "Pay rent"))
      .toMatchObject({
        deadline: `${berlinDate(1)}T17:00`,
        deadlineTimeZone: ZONE,
        priority: "high",
        category: "work",
      });
    expect(await list.titleInput().inputValue()).toBe("");

    // A part read wrongly is kept as text with one click on its chip.
    await page.keyboard.type("Read the book tomorrow");
    await understood.getByText(/^Deadline/).waitFor();
    await understood.getByRole("button", { name: /^Keep/ }).click();
    await understood.waitFor({ state: "detached" });
    await list.titleInput().press("Enter");
    await list.row("Read the book tomorrow").waitFor();

    // #name completes with Tab; a repeat is read and stored as its rule.
    await list.titleInput().pressSequentially("Bins out every monday #sho");
    await page.keyboard.press("Tab");
    expect(await list.titleInput().inputValue()).toBe('Bins out every monday #"Shopping List" ');
    await understood.getByText(/^Repeats: every monday/).waitFor();
    await page.keyboard.press("Enter");
    await expect
      .poll(async () => (await tasksOf(ann)).find((task) => task.title === "Bins out"))
      .toMatchObject({ category: "shopping", repeat: { rule: "FREQ=WEEKLY;BYDAY=MO", fromCompletion: false } });

    // A pasted list: one task per line, bullets taken off.
    await list.titleInput().focus();
    await list.titleInput().evaluate((input) => {
      const data = new DataTransfer();
      data.setData("text/plain", "- Eggs\n- Flour\n\n- Sugar p1\n");
      input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await page.getByRole("button", { name: "Add 3 tasks" }).click();
    await expect
      .poll(async () => (await tasksOf(ann)).map((task) => task.title).sort())
      .toEqual(["Bins out", "Eggs", "Flour", "Pay rent", "Read the book tomorrow", "Sugar"]);
    expect((await tasksOf(ann)).find((task) => task.title === "Sugar")?.priority).toBe("high");

    // Esc leaves quick add for the list: j and x then act on tasks instead of typing letters.
    await list.titleInput().focus();
    await page.keyboard.press("Escape");
    await page.keyboard.press("j");
    expect(await list.titleInput().inputValue()).toBe("");
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-task-link"))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("changes a deadline from the list in two clicks", async () => {
    const ben = await account("Ben Mover");
    const task = await createTask(ben, { title: "Return the library books", deadline: `${berlinDate(0)}T10:00` });
    const { page, errors } = await open(ben);
    const list = new TaskListPage(page, baseUrl);
    await list.open();

    await list
      .row("Return the library books")
      .getByRole("button", { name: /Deadline/ })
      .click();
    await page
      .getByRole("dialog", { name: "Deadline" })
      .getByRole("button", { name: /^Tomorrow/ })
      .click();

    await expect
      .poll(async () => (await tasksOf(ben)).find((found) => found.id === task.id)?.deadline)
      .toBe(`${berlinDate(1)}T10:00`);
    await list.row("Return the library books").getByText("Tomorrow 10:00 AM").waitFor();
    expect(errors).toEqual([]);
  });

  it("completes, takes back and moves on by keyboard alone, focus staying on the list", async () => {
    const cat = await account("Cat Keys");
    // New tasks go on top: made last to first.
    for (const title of ["Third", "Second", "First"]) await createTask(cat, { title });
    const { page, errors } = await open(cat);
    const list = new TaskListPage(page, baseUrl);
    await list.open();
    await list.row("Third").waitFor();

    await list.pressShortcut("j");
    expect(await focusedText(page)).toBe("First");
    await page.keyboard.press("x");
    await list.linkInCompletedList("First").waitFor();
    // The next task takes the focus, so the next x completes it.
    await expect.poll(() => focusedText(page)).toBe("Second");
    await expect.poll(async () => (await tasksOf(cat)).find((task) => task.title === "First")?.completed).toBe(true);

    // The take-back's answer is held while the user moves on: when it lands and the list
    // re-renders, focus stays where the user put it.
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/api/tasks/*", async (route) => {
      if (route.request().method() === "PATCH") await held;
      await route.fallback();
    });
    // Taken back once the page has the completion's answer (its toast says so).
    await list.toast("Task completed").waitFor();
    await page.keyboard.press("Control+z");
    await list.linkInOpenList("First").waitFor();
    // Focus follows the task back into the open list.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.activeElement?.closest("[aria-label='Open tasks']") !== null &&
            document.activeElement?.textContent,
        ),
      )
      .toBe("First");
    await page.keyboard.press("j");
    expect(await focusedText(page)).toBe("Second");
    const answered = page.waitForResponse((response) => response.request().method() === "PATCH");
    answer();
    await answered;
    await page.unroute("**/api/tasks/*");
    await expect.poll(async () => (await tasksOf(cat)).find((task) => task.title === "First")?.completed).toBe(false);
    await nextFrames(page);
    expect(await focusedText(page)).toBe("Second");
    // p then 1: high priority, and focus back on the row.
    await page.keyboard.press("p");
    await page.getByRole("menu", { name: "Priority of Second" }).waitFor();
    await page.keyboard.press("1");
    await expect.poll(async () => (await tasksOf(cat)).find((task) => task.title === "Second")?.priority).toBe("high");
    expect(await focusedText(page)).toBe("Second");

    // d opens the deadline picker on the row; Escape closes it and gives focus back.
    await page.keyboard.press("d");
    const picker = page.getByRole("dialog", { name: "Deadline" });
    await picker.waitFor();
    await page.keyboard.press("Escape");
    await picker.waitFor({ state: "hidden" });
    expect(await focusedText(page)).toBe("Second");

    // e opens the task beside the list; the URL says which.
    await page.keyboard.press("e");
    await expect.poll(() => new URL(page.url()).searchParams.get("task")).not.toBeNull();
    expect(errors).toEqual([]);
  });

  it("shows what is due in every group on Today and Upcoming, and adds to today from Today", async () => {
    const dee = await account("Dee Planner");
    const made = await dee.client.request("/api/groups", { json: { name: "The Planners", type: "family" } });
    expect(made.status, await made.clone().text()).toBe(201);
    const family = (await made.json()) as { id: string };
    await createTask(dee, { title: "Late tax form", deadline: berlinDate(-1) });
    // A whole day, not a time: "today at 16:00" is overdue once a run passes 16:00 in Berlin.
    await createTask(dee, { title: "Dentist appointment", deadline: berlinDate(0) });
    await createTask(dee, { title: "Train tickets", deadline: berlinDate(1) });
    await createTask(dee, { title: "Someday maybe" });
    await createTask({ client: dee.client, groupId: family.id }, { title: "Family dinner", deadline: berlinDate(0) });
    const { page, errors } = await open(dee);

    const today = new TodayPage(page, baseUrl);
    await today.open();
    await expect.poll(() => today.titlesIn("Overdue")).toEqual(["Late tax form"]);
    await expect
      .poll(async () => (await today.titlesIn("Today")).sort())
      .toEqual(["Dentist appointment", "Family dinner"]);
    // Each row says its group when there are several.
    await today.section("Today").getByText("The Planners").waitFor();

    await today.quickAdd().fill("Stretch");
    await today.quickAdd().press("Enter");
    await expect.poll(async () => (await today.titlesIn("Today")).includes("Stretch")).toBe(true);
    await expect
      .poll(async () => (await tasksOf(dee)).find((task) => task.title === "Stretch")?.deadline)
      .toBe(berlinDate(0));

    const upcoming = new UpcomingPage(page, baseUrl);
    await upcoming.open();
    await expect.poll(() => upcoming.titlesIn("Tomorrow")).toEqual(["Train tickets"]);
    expect(await upcoming.page.getByText("Someday maybe").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("fits at least eight tasks on a phone with the first in the top 200 px, and ten rows at 1280×800", async () => {
    const eve = await account("Eve Dense");
    for (let index = 12; index >= 1; index -= 1) {
      await createTask(eve, {
        title: `Errand number ${index}`,
        priority: index % 3 === 0 ? "high" : "medium",
        deadline: index % 2 === 0 ? berlinDate(index) : null,
      });
    }
    for (const [viewport, atLeast] of [
      [{ width: 390, height: 844 }, 8],
      [{ width: 1280, height: 800 }, 10],
    ] as const) {
      const { page } = await open(eve, viewport);
      const list = new TaskListPage(page, baseUrl);
      await list.open();
      await list.row("Errand number 12").waitFor();
      // The one-time notice about confirming the address is put away, as a person would.
      const notNow = page.getByRole("button", { name: "Not now" });
      if (await notNow.count()) await notNow.click();
      const rows = await list
        .openList()
        .locator("li[data-task-id]")
        .evaluateAll((items) =>
          items.map((item) => item.getBoundingClientRect()).map((box) => ({ top: box.top, bottom: box.bottom })),
        );
      // Whatever the app keeps fixed at the bottom (a phone's bar) covers rows behind it.
      const covered = await page.evaluate(() => {
        const fixed = [...document.querySelectorAll<HTMLElement>("body *")].filter((element) => {
          const style = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          return (
            style.position === "fixed" && box.bottom >= window.innerHeight - 1 && box.width > window.innerWidth / 2
          );
        });
        return Math.min(window.innerHeight, ...fixed.map((element) => element.getBoundingClientRect().top));
      });
      expect(rows[0]!.top, `first row at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width < 500 ? 200 : 800);
      expect(rows.filter((box) => box.bottom <= covered).length).toBeGreaterThanOrEqual(atLeast);
      await page.context().close();
    }
  });
});
