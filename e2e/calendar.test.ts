import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { Task } from "../domain/tasks";
import type { HttpClient } from "../tests/helpers/http-client";
import { signUp } from "../tests/helpers/sign-in";
import { addTaskOverApi, personalGroupId } from "../tests/helpers/tasks";
import { CalendarPage } from "./pages/calendar-page";
import { violationsInBothThemes } from "./support/accessibility";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");
const ZONE = "Europe/Berlin";

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());

/** A date of this month where the browser is: the 10th, 17th… always in the month's grid. */
function thisMonth(day: number): string {
  return `${today().slice(0, 8)}${String(day).padStart(2, "0")}`;
}

async function deadlineOf(client: HttpClient, id: string): Promise<string | null> {
  return ((await (await client.request(`/api/tasks/${id}`)).json()) as Task).deadline;
}

/** Drags with the mouse from the middle of one element to the middle of another, in steps. */
async function dragTo(page: Page, from: Locator, to: Locator): Promise<void> {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 10 });
  await page.mouse.up();
}

/** /calendar in the browser: tasks on their days, moved by drag and by keyboard, the views by key, a phone. */
describe("calendar", () => {
  const session = useBrowser();

  it("shows tasks on their days, moves them by drag and by Alt+arrows, and switches views by key", async () => {
    const { client } = await signUp(baseUrl, "Cal Endar", `cal-${Date.now()}@example.org`);
    const profile = await client.request("/api/profile", {
      method: "PATCH",
      json: { timeZone: ZONE, locale: "en-GB" },
    });
    expect(profile.status, await profile.clone().text()).toBe(200);
    const groupId = await personalGroupId(client);
    const dentist = await addTaskOverApi(client, groupId, "Call the dentist", { deadline: thisMonth(10) });
    const report = await addTaskOverApi(client, groupId, "Send the report", { deadline: `${thisMonth(20)}T18:30` });

    const context = await session.signedInContext(client, { viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const calendar = new CalendarPage(page, baseUrl);

    await calendar.open(`?view=month&date=${thisMonth(15)}`);
    await calendar.taskIn(thisMonth(10), "Call the dentist").waitFor();
    expect(await calendar.viewButton("Month").getAttribute("aria-pressed")).toBe("true");
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });

    // By drag, a week later: the server has it, and so does the page after a reload.
    await dragTo(page, calendar.taskIn(thisMonth(10), "Call the dentist"), calendar.day(thisMonth(17)));
    await expect.poll(() => deadlineOf(client, dentist.id)).toBe(thisMonth(17));
    await page.reload();
    await calendar.appTookOver();
    await calendar.taskIn(thisMonth(17), "Call the dentist").waitFor();
    expect(await calendar.taskIn(thisMonth(10), "Call the dentist").count()).toBe(0);

    // By keyboard: a day on, keeping its time of day.
    await calendar.open(`?view=month&date=${thisMonth(20)}`);
    await calendar.taskIn(thisMonth(20), "Send the report").focus();
    await page.keyboard.press("Alt+ArrowRight");
    await expect.poll(() => deadlineOf(client, report.id)).toBe(`${thisMonth(21)}T18:30`);
    await calendar.taskIn(thisMonth(21), "Send the report").waitFor();
    await page.getByRole("status").filter({ hasText: "Send the report moved to" }).waitFor();
    // Focus went with it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toContain("Send the report");

    // The grid's keys move the chosen day; Enter opens it in the agenda.
    await calendar.day(thisMonth(21)).focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => calendar.shown().date).toBe(thisMonth(20));
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.day))
      .toBe(thisMonth(20));
    // Page Down: the same day a month on, focused in the new month's grid; Page Up back.
    const nextMonth = new Date(Date.parse(`${thisMonth(20)}T12:00:00Z`));
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    await page.keyboard.press("PageDown");
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.day))
      .toBe(nextMonth.toISOString().slice(0, 10));
    await page.keyboard.press("PageUp");
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.day))
      .toBe(thisMonth(20));
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.day))
      .toBe(thisMonth(21));
    await page.keyboard.press("Enter");
    await expect.poll(() => calendar.shown()).toEqual({ view: "agenda", date: thisMonth(21) });
    await page
      .getByRole("list", { name: /^(Today|Tomorrow|\w+day \d+ \w+)$/ })
      .first()
      .waitFor();
    // Once. The address says agenda a moment before the page does, and until then the month view
    // lists it twice (its chip in the grid and the chosen day's list, itself named like an agenda day).
    await expect.poll(() => page.locator("[data-task-link]", { hasText: "Send the report" }).count()).toBe(1);

    // The views by key, and Back.
    await page.locator("body").press("w");
    await expect.poll(() => calendar.shown().view).toBe("week");
    await expect.poll(() => calendar.viewButton("Week").getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("region", { name: new RegExp(`\\b${Number(thisMonth(21).slice(8))} `) }).waitFor();
    await page.locator("body").press("m");
    await expect.poll(() => calendar.shown().view).toBe("month");
    await calendar.grid().waitFor();
    await page.goBack();
    await expect.poll(() => calendar.shown().view).toBe("week");
    await page.locator("body").press("a");
    await expect.poll(() => calendar.shown().view).toBe("agenda");
    await page.locator("body").press("t");
    await expect.poll(() => calendar.shown()).toEqual({ view: "agenda", date: today() });
    expect(await calendar.period().textContent()).toMatch(/^From /);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits a 390 px phone: the agenda first, the month with dots and the chosen day's tasks below", async () => {
    const { client } = await signUp(baseUrl, "Phil Phone", `phone-${Date.now()}@example.org`);
    await client.request("/api/profile", { method: "PATCH", json: { timeZone: ZONE, locale: "en-GB" } });
    const groupId = await personalGroupId(client);
    await addTaskOverApi(client, groupId, "A rather long title for a task that must not push the page sideways", {
      deadline: thisMonth(12),
    });
    const context = await session.signedInContext(client, {
      viewport: { width: 390, height: 844 },
      timezoneId: ZONE,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const calendar = new CalendarPage(page, baseUrl);

    await calendar.open();
    expect(await calendar.viewButton("Agenda").getAttribute("aria-pressed")).toBe("true");
    expect(await calendar.horizontalOverflow()).toBe(0);

    await calendar.open(`?view=month&date=${thisMonth(1)}`);
    await calendar.day(thisMonth(12)).tap();
    await expect.poll(() => calendar.shown().date).toBe(thisMonth(12));
    await page
      .getByRole("list", { name: /\w+day \d+ \w+/ })
      .getByText(/A rather long title/)
      .waitFor();
    expect(await calendar.horizontalOverflow()).toBe(0);
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });

    await calendar.open(`?view=week&date=${thisMonth(12)}`);
    expect(await calendar.horizontalOverflow()).toBe(0);
    await context.close();
  });
});
