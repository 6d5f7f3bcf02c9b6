import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "../domain/tasks";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import type { HttpClient } from "../tests/helpers/http-client";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signUp } from "../tests/helpers/sign-in";
import { deadlineChoices } from "../web/scenes/tasks/deadline-choices";
import { waitForLiveChannel } from "./pages/groups-pages";
import { TaskListPage } from "./pages/task-pages";
import { TaskPane } from "./pages/task-pane";
import { seriousViolationsNow } from "./support/accessibility";
import { collectPageErrors, useBrowser } from "./support/session";

interface Account {
  client: HttpClient;
  groupId: string;
}

/** The browser's zone in these tests: the picker's dates are checked against it. */
const ZONE = "America/New_York";

/**
 * A task opened beside the list (desk) or over it (phone), every field saved as it changes, and the
 * deadline picker.
 */
describe("the task pane", () => {
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
    const { client } = await signUp(baseUrl, name, `pane-${people}-${Date.now()}@example.org`);
    const groups = (await (await client.request("/api/groups")).json()) as { id: string; isPersonal: boolean }[];
    return { client, groupId: groups.find((group) => group.isPersonal)!.id };
  }

  async function browserFor(
    person: Account,
    viewport: { width: number; height: number },
    colorScheme: "light" | "dark" = "light",
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await session.newContext({ viewport, colorScheme, timezoneId: ZONE, locale: "en-GB" });
    await context.addCookies([
      { name: "tandem_session", value: person.client.cookie("tandem_session")!, url: baseUrl },
    ]);
    const page = await context.newPage();
    return { context, page, errors: collectPageErrors(page) };
  }

  async function createTask(person: Account, body: Record<string, unknown>): Promise<Task> {
    const response = await person.client.request("/api/tasks", { json: { groupId: person.groupId, ...body } });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { task: Task }).task;
  }

  async function fetchTask(person: Account, id: string): Promise<Task | undefined> {
    const response = await person.client.request(`/api/tasks/${id}`);
    return response.status === 200 ? ((await response.json()) as Task) : undefined;
  }

  /** The date a quick choice means today in the browser's zone. */
  function choiceDate(key: "today" | "tomorrow" | "next-week"): string {
    return deadlineChoices(new Date(), ZONE).find((choice) => choice.key === key)!.date;
  }

  it("edits a task beside the list at 1280 px, each change saved as it is made, and Escape gives focus back", async () => {
    const ann = await account("Ann Pane");
    // Enough tasks for the list to scroll; new ones go on top, so the one to open is in the middle.
    for (let index = 20; index > 12; index -= 1) await createTask(ann, { title: `Chore ${index}` });
    const task = await createTask(ann, { title: "Renew the car insurance" });
    for (let index = 12; index > 0; index -= 1) await createTask(ann, { title: `Chore ${index}` });
    const { page, errors } = await browserFor(ann, { width: 1280, height: 800 });
    const list = new TaskListPage(page, baseUrl);
    const pane = new TaskPane(page, baseUrl);
    await list.open();
    await list.row("Chore 20").waitFor();

    // A click on the title opens the task beside the list, with its id in the address.
    await list.taskLink("Renew the car insurance").click();
    await pane.pane("Renew the car insurance").waitFor();
    expect(pane.openTaskParam()).toBe(task.id);
    const editor = pane.editor();

    // Beside the list, not over it: the rows keep their full width clear of the pane.
    const paneBox = (await pane.pane().boundingBox())!;
    const rowBox = (await list.row("Chore 1").boundingBox())!;
    expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(paneBox.x);
    expect(paneBox.x + paneBox.width).toBe(1280);
    expect(paneBox.y + paneBox.height).toBe(800);
    expect(await seriousViolationsNow(page)).toEqual([]);

    // The list scrolls while the pane is open, and stays where it was scrolled to.
    await page.evaluate(() => window.scrollTo({ top: 300, behavior: "instant" }));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBe(300);

    await editor.rename("Renew the home insurance");
    await pane.toast("Task updated successfully").waitFor();
    await expect.poll(() => pane.focusedName()).toBe("Rename task");
    await pane.pane("Renew the home insurance").waitFor();
    await expect.poll(async () => (await fetchTask(ann, task.id))?.title).toBe("Renew the home insurance");
    // The list behind shows the new title at once.
    await list.row("Renew the home insurance").waitFor();

    await editor.setPriority("High");
    await expect.poll(async () => (await fetchTask(ann, task.id))?.priority).toBe("high");

    // From an open pane, a deadline is two clicks: the Deadline button, then Tomorrow.
    await editor.deadlineButton().click();
    await editor.picker.choice("Tomorrow").click();
    await editor.picker.dialog().waitFor({ state: "hidden" });
    await expect.poll(async () => (await fetchTask(ann, task.id))?.deadline).toBe(choiceDate("tomorrow"));
    await expect.poll(() => editor.deadlineButton().textContent()).toMatch(/Tomorrow/);

    // By keyboard: the arrow keys move between the choices, Enter picks, and focus comes back.
    await editor.deadlineButton().press("Enter");
    await expect.poll(() => pane.focusedName()).toMatch(/^Today · /);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => pane.focusedName()).toMatch(/^Next week · /);
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await fetchTask(ann, task.id))?.deadline).toBe(choiceDate("next-week"));
    await expect.poll(() => editor.deadlineButton().evaluate((button) => button === document.activeElement)).toBe(true);

    // A time of day is optional, and kept when another day is chosen.
    await editor.deadlineButton().click();
    await editor.picker.addTimeButton().click();
    await editor.picker.timeField().fill("09:30");
    await editor.picker.timeField().press("Enter");
    await expect.poll(async () => (await fetchTask(ann, task.id))?.deadline).toBe(`${choiceDate("next-week")}T09:30`);
    await editor.deadlineButton().click();
    await editor.picker.choice("Today").click();
    await expect.poll(async () => (await fetchTask(ann, task.id))?.deadline).toBe(`${choiceDate("today")}T09:30`);
    // Escape closes the picker without closing the pane.
    await editor.deadlineButton().click();
    await editor.picker.dialog().waitFor();
    await page.keyboard.press("Escape");
    await editor.picker.dialog().waitFor({ state: "hidden" });
    expect(pane.openTaskParam()).toBe(task.id);

    // Notes save themselves a moment after typing stops, without leaving the field.
    await editor.startNotes();
    await editor.notesField().pressSequentially("Compare three quotes");
    await editor.notesStatus().getByText("Saved", { exact: true }).waitFor();
    expect(await editor.notesField().evaluate((field) => field === document.activeElement)).toBe(true);
    await expect.poll(async () => (await fetchTask(ann, task.id))?.notes).toBe("Compare three quotes");
    await editor.notesField().press("Tab");
    await pane.toast("Notes updated successfully").waitFor();
    // Escape in the field puts back what it held when entered and leaves it; the pane stays open.
    await editor.startNotes();
    await editor.notesField().press("End");
    await editor.notesField().pressSequentially(", then call");
    await editor.notesField().press("Escape");
    await editor.notesText("Compare three quotes").waitFor();
    await expect.poll(() => pane.focusedName()).toBe("Edit notes");
    expect(await editor.notes().getByText("then call").count()).toBe(0);
    expect(pane.openTaskParam()).toBe(task.id);
    await expect.poll(async () => (await fetchTask(ann, task.id))?.notes).toBe("Compare three quotes");
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    // A subtask renamed and left with a click elsewhere is saved too: there is no Save button.
    await editor.addSubtask("Call two brokers");
    await pane.pane().getByRole("button", { name: "Rename Call two brokers" }).click();
    await pane.pane().getByLabel("New title of Call two brokers").fill("Call three brokers");
    await editor.notesText("Compare three quotes").click();
    await expect
      .poll(async () => (await fetchTask(ann, task.id))?.subtasks.map((subtask) => subtask.title))
      .toEqual(["Call three brokers"]);

    // Escape closes the pane; focus is back on the task's title in the list, which has not moved.
    await page.keyboard.press("Escape");
    await pane.pane().waitFor({ state: "detached" });
    expect(pane.openTaskParam()).toBeNull();
    await expect.poll(() => pane.focusedName()).toBe("Renew the home insurance");
    // (The list is wider again, so it may be shorter: as far down as it still goes.)
    const { scrollY, bottom } = await page.evaluate(() => ({
      scrollY: window.scrollY,
      bottom: document.documentElement.scrollHeight - window.innerHeight,
    }));
    expect(scrollY).toBe(Math.min(scrolled, bottom));
    expect(scrollY).toBeGreaterThan(0);

    // Opened again, the browser's Back closes it.
    await list.taskLink("Renew the home insurance").click();
    await pane.pane("Renew the home insurance").waitFor();
    await page.goBack();
    await pane.pane().waitFor({ state: "detached" });
    expect(pane.openTaskParam()).toBeNull();

    // A reload with the task in the address opens it again, with everything kept.
    await pane.openFromUrl(task.id, "Renew the home insurance");
    await editor.notesText("Compare three quotes").waitFor();
    expect(await editor.deadlineButton().textContent()).toMatch(/Today.*9:30|Today.*09:30/);
    expect(errors).toEqual([]);
  });

  it("covers a phone's screen as a sheet that keeps focus inside and closes with its close button", async () => {
    const bo = await account("Bo Sheet");
    const task = await createTask(bo, { title: "Pick up the parcel" });
    const { page, errors } = await browserFor(bo, { width: 390, height: 844 }, "dark");
    const pane = new TaskPane(page, baseUrl);
    await pane.openFromUrl(task.id, "Pick up the parcel");

    const sheet = pane.pane("Pick up the parcel");
    expect(await sheet.getAttribute("aria-modal")).toBe("true");
    expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    expect(await seriousViolationsNow(page)).toEqual([]);
    // The list and the navigation behind it are out of reach.
    expect(await page.locator("#main").evaluate((main) => main.closest("[inert]") !== null)).toBe(true);
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press("Tab");
      expect(await pane.focusInside()).toBe(true);
    }

    // The same editor: a deadline in two taps.
    const editor = pane.editor();
    await editor.deadlineButton().click();
    await editor.picker.dialog().waitFor();
    expect(await seriousViolationsNow(page)).toEqual([]);
    await editor.picker.choice("Tomorrow").click();
    await expect.poll(async () => (await fetchTask(bo, task.id))?.deadline).toBe(choiceDate("tomorrow"));

    await pane.closeButton().click();
    await pane.pane().waitFor({ state: "detached" });
    expect(pane.openTaskParam()).toBeNull();
    expect(await page.locator("#main").evaluate((main) => main.closest("[inert]") !== null)).toBe(false);

    // Pulling the sheet down closes it too.
    await pane.openFromUrl(task.id, "Pick up the parcel");
    const grip = (await pane.pane().boundingBox())!;
    await page.mouse.move(grip.x + 40, grip.y + 12);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(grip.x + 40, grip.y + 12 + step * 30);
    await page.mouse.up();
    await pane.pane().waitFor({ state: "detached" });
    expect(pane.openTaskParam()).toBeNull();
    expect(errors).toEqual([]);
  });

  it("closes with a toast when its task is deleted elsewhere, or is not found", async () => {
    const cy = await account("Cy Gone");
    const task = await createTask(cy, { title: "Return the library books" });
    const { page, errors } = await browserFor(cy, { width: 1280, height: 800 });
    const pane = new TaskPane(page, baseUrl);
    await pane.openFromUrl(task.id, "Return the library books");
    await waitForLiveChannel(page);

    // Deleted from another device: the pane closes and says why.
    expect((await cy.client.request(`/api/tasks/${task.id}`, { method: "DELETE" })).status).toBe(204);
    await pane.toast("The task was deleted, or it is no longer shared with your groups").waitFor();
    await pane.pane().waitFor({ state: "detached" });
    expect(pane.openTaskParam()).toBeNull();

    // An address of a task that never was (or that the user may not see) says so.
    await pane.goto(`/?task=${cy.groupId.slice(0, 8)}-nosuchtask`);
    await pane.toast("Task not found").waitFor();
    await expect.poll(() => pane.openTaskParam()).toBeNull();
    // The pane goes with its address (a frame later on a loaded machine).
    await pane.pane().waitFor({ state: "detached" });
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
  });
});
