import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import type { Group } from "../domain/groups";
import type { Task } from "../domain/tasks";
import type { HttpClient } from "../tests/helpers/http-client";
import { signUp } from "../tests/helpers/sign-in";
import { AnalysisPage, AnalyzeDisclosure } from "./pages/analysis-page";
import { TaskDetailPage } from "./pages/task-pages";
import { violationsInBothThemes } from "./support/accessibility";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");
const PHONE = { width: 390, height: 844 };

/** "2026-11-16": a date `days` from today (UTC, the zone the tasks are set in). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The task-analysis module in the browser: the /analysis-settings page and a task's Analyze disclosure. */
describe("task analysis", () => {
  const session = useBrowser();

  async function personalGroup(client: HttpClient): Promise<string> {
    const groups = (await (await client.request("/api/groups")).json()) as Group[];
    return groups.find((group) => group.isPersonal)!.id;
  }

  async function addTask(client: HttpClient, body: Record<string, unknown>): Promise<string> {
    const response = await client.request("/api/tasks", { json: { groupId: await personalGroup(client), ...body } });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { task: Task }).task.id;
  }

  const patch = (client: HttpClient, id: string, body: Record<string, unknown>) =>
    client.request(`/api/tasks/${id}`, { method: "PATCH", json: body });

  async function phoneWith(client: HttpClient, colorScheme: "light" | "dark" = "light") {
    const context = await session.signedInContext(client, { viewport: PHONE, colorScheme });
    return context.newPage();
  }

  it("shows a group's figures as charts and as tables on a phone, with suggestions leading to their tasks", async () => {
    const { client } = await signUp(baseUrl, "Ana Lytics");
    const rent = await addTask(client, { title: "Pay rent", deadline: dayFromToday(-10), deadlineTimeZone: "UTC" });
    for (const title of ["Water plants", "Call mum"]) {
      const id = await addTask(client, { title });
      expect((await patch(client, id, { completed: true })).status).toBe(200);
    }
    const page = await phoneWith(client);
    const errors = collectPageErrors(page);
    const analysis = new AnalysisPage(page, baseUrl);
    await analysis.open();

    await analysis.card("Completion rate").getByText("67%").waitFor();
    await analysis.card("Completion rate").getByText("2 of 3 tasks completed").waitFor();
    expect(await analysis.picker("Group").inputValue()).toBe(await personalGroup(client));
    await expect
      .poll(() => analysis.picker("Member").locator("option").allTextContents())
      .toEqual(["Everyone", "Ana Lytics"]);
    expect(await analysis.period(4).isChecked()).toBe(true);

    // The chart names what it shows; its table has the same numbers, one row a week.
    expect(await analysis.chart("Overdue trend").getAttribute("aria-label")).toBe(
      "Week by week: 1 overdue and 2 completed in the last week, from 0 overdue in the first.",
    );
    const trend = await analysis.rowsOf(await analysis.tableOf("Overdue trend"));
    expect(trend).toHaveLength(4);
    expect(trend.at(-1)!.slice(1)).toEqual(["2", "1"]);
    // The SVG fits the phone's width.
    const box = await analysis.chart("Overdue trend").boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(box!.width).toBeGreaterThan(250);

    const days = await analysis.rowsOf(await analysis.tableOf("Busiest days"));
    expect(days.map((row) => row[0])).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
    expect(days.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(2);

    // Nothing tracked or estimated: the cards say how to fill them, with no chart of nothing.
    await analysis
      .card("Time per category")
      .getByText(/Track time on tasks/)
      .waitFor();
    expect(await analysis.chart("Time per category").count()).toBe(0);
    await analysis
      .card("Estimate accuracy")
      .getByText(/Give tasks an estimate/)
      .waitFor();

    // The period picker, by keyboard: the weeks follow.
    await analysis.period(4).focus();
    await page.keyboard.press("ArrowRight");
    expect(await analysis.period(12).isChecked()).toBe(true);
    await expect.poll(async () => (await analysis.rowsOf(await analysis.tableOf("Overdue trend"))).length).toBe(12);

    expect(await analysis.suggestions().count()).toBe(1);
    await expect.poll(() => analysis.suggestions().first().textContent()).toContain("“Pay rent” is 9 days overdue");
    await analysis
      .suggestions()
      .first()
      .getByRole("link", { name: /Open the task/ })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get("id")).toBe(rent);

    await analysis.open();
    await analysis.card("Completion rate").getByText("67%").waitFor();
    await analysis.tableOf("Overdue trend");
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    expect(errors).toEqual([]);
  });

  it("explains each empty card in the dark theme, without charts of made-up numbers", async () => {
    const { client } = await signUp(baseUrl, "Em Ptyset");
    const page = await phoneWith(client, "dark");
    const analysis = new AnalysisPage(page, baseUrl);
    await analysis.open();
    expect(await analysis.htmlHasDarkClass()).toBe(true);
    await analysis
      .card("Completion rate")
      .getByText(/No tasks were on the list/)
      .waitFor();
    await analysis
      .card("Overdue trend")
      .getByText(/Give tasks deadlines and complete them/)
      .waitFor();
    await analysis
      .card("Busiest days")
      .getByText(/Complete tasks or track time/)
      .waitFor();
    await analysis
      .card("Suggestions")
      .getByText(/Nothing to re-plan/)
      .waitFor();
    expect(await page.getByRole("main").locator('[role="img"][aria-label]').count()).toBe(0);
  });

  it("analyzes one task from its editor: age, postponements and the advice", async () => {
    const { client } = await signUp(baseUrl, "Tess Kanalyse");
    const id = await addTask(client, { title: "Renew passport", deadline: dayFromToday(3), deadlineTimeZone: "UTC" });
    expect((await patch(client, id, { deadline: dayFromToday(10) })).status).toBe(200);
    const page = await phoneWith(client, "dark");
    const detail = new TaskDetailPage(page, baseUrl);
    await detail.open(id);
    await detail.waitForTitle("Renew passport");

    const analyze = new AnalyzeDisclosure(page.getByRole("main"));
    await analyze.toggle().focus();
    await page.keyboard.press("Enter");
    const facts = await analyze.facts();
    expect(facts).toContain("Age Added today");
    expect(facts).toContain("Deadline Postponed 1 time, 7 days later in all");
    expect(facts).toContain("Postponed 1 time so far: keep the new date if you can.");
    expect(facts).toContain("No similar finished tasks with tracked time yet");
    expect(await violationsInBothThemes(await lightAgain(page))).toEqual({ light: [], dark: [] });
  });
});

/** violationsInBothThemes starts from the light scheme: the page is switched to it in place. */
async function lightAgain(page: Page) {
  await page.emulateMedia({ colorScheme: "light" });
  await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
  return page;
}
