import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Entries, Timer } from "../domain/time-tracking";
import { addDays, localDate, mondayOf, startOfDay, TIME_MESSAGES } from "../domain/time-rules";
import type { HttpClient } from "../tests/helpers/http-client";
import { signInWithBuiltinProvider, signUp, STRONG_PASSWORD } from "../tests/helpers/sign-in";
import { TaskDetailPage } from "./pages/task-pages";
import { TimeTrackingPage, TimerChip, TimerControlsParts } from "./pages/time-tracking-page";
import { violationsInBothThemes } from "./support/accessibility";
import { collectPageErrors, useBrowser } from "./support/session";
import { addTaskOverApi, personalGroupId } from "../tests/helpers/tasks";

const baseUrl = inject("baseUrl");
const ZONE = "Europe/Berlin";

/** Time tracking (module task-delegation): timers live on every device, offline stops, entries, report, CSV. */
describe("time tracking", () => {
  const session = useBrowser();

  async function browserWith(cookie: string, width = 1280, colorScheme: "light" | "dark" = "light") {
    const context = await session.newContext({ viewport: { width, height: 844 }, timezoneId: ZONE, colorScheme });
    await context.addCookies([{ name: "tandem_session", value: cookie, url: baseUrl }]);
    return context.newPage();
  }

  const addTask = async (client: HttpClient, title: string) =>
    (await addTaskOverApi(client, await personalGroupId(client), title)).id;

  const timerOnServer = async (client: HttpClient) =>
    ((await (await client.request("/api/time/timer")).json()) as Timer).timer;

  async function entriesOnServer(client: HttpClient, from: number, to: number) {
    const query = new URLSearchParams({ from: new Date(from).toISOString(), to: new Date(to).toISOString() });
    return ((await (await client.request(`/api/time/entries?${query.toString()}`)).json()) as Entries).entries;
  }

  it("starts a timer from a task, shows it live on a phone, and records an offline stop at the instant pressed", async () => {
    const { client } = await signUp(baseUrl, "Tim Ertrack");
    const task = await addTask(client, "Write the newsletter");
    const laptop = await browserWith(client.cookie("tandem_session")!);
    const errors = collectPageErrors(laptop);
    const phoneClient = (
      await signInWithBuiltinProvider(
        baseUrl,
        { email: "tim.ertrack@example.org", password: STRONG_PASSWORD },
        { mode: "login" },
      )
    ).client;
    const phone = await browserWith(phoneClient.cookie("tandem_session")!, 390);
    const phonePage = new TimeTrackingPage(phone, baseUrl);
    await phonePage.open();
    await phonePage.text(/No timer is running/).waitFor();

    const detail = new TaskDetailPage(laptop, baseUrl);
    await detail.open(task);
    await detail.waitForTitle("Write the newsletter");
    const controls = new TimerControlsParts(laptop, baseUrl);
    await controls.startButton().click();
    await detail.toast(TIME_MESSAGES.started).waitFor();
    const laptopChip = new TimerChip(laptop, baseUrl);
    await laptopChip.chip("Write the newsletter").waitFor();
    await controls.stopButton().waitFor();
    await expect.poll(async () => (await timerOnServer(client))?.taskTitle).toBe("Write the newsletter");

    // The phone shows it without a reload: in its header and on the page.
    const phoneChip = new TimerChip(phone, baseUrl);
    await phoneChip.chip("Write the newsletter").waitFor();
    await phonePage.runningCard().getByText("Write the newsletter").waitFor();
    // At 390 px the chip fits: nothing scrolls sideways.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Stop pressed without network: the stop waits on the laptop, the server still times.
    await laptop.context().setOffline(true);
    await detail.offlineStatus().waitFor();
    const before = await laptop.evaluate(() => Date.now());
    await laptopChip.stopButton("Write the newsletter").click();
    const after = await laptop.evaluate(() => Date.now());
    await detail.toast("Saved on this device - will sync when online").waitFor();
    await laptopChip.anyChip().waitFor({ state: "detached" });
    await controls.startButton().waitFor();
    expect(await timerOnServer(client)).not.toBeNull();
    await phoneChip.chip("Write the newsletter").waitFor();

    // It syncs later; the entry ends when Stop was pressed, not when it arrived.
    await laptop.waitForTimeout(1500);
    const reconnected = Date.now();
    await laptop.context().setOffline(false);
    await expect.poll(() => timerOnServer(client), { timeout: 20_000 }).toBeNull();
    const [entry] = await entriesOnServer(client, before - 3600_000, Date.now() + 60_000);
    const endedAt = Date.parse(entry!.endedAt!);
    expect(endedAt).toBeGreaterThanOrEqual(before);
    expect(endedAt).toBeLessThanOrEqual(after);
    expect(endedAt).toBeLessThan(reconnected);
    // And the phone's chip goes, live.
    await phoneChip.anyChip().waitFor({ state: "detached" });
    await phonePage.text(/No timer is running/).waitFor();
    expect(errors).toEqual([]);
  });

  it("adds a manual entry after a validation error, then shows the report and downloads its CSV", async () => {
    const { client } = await signUp(baseUrl, "Manu Alentry");
    await addTask(client, "Plan the trip");
    await addTask(client, "=cmd|' /C calc'!A0");
    const page = await browserWith(client.cookie("tandem_session")!);
    const errors = collectPageErrors(page);
    const time = new TimeTrackingPage(page, baseUrl);
    await time.open();
    // Last week: its Monday (the dialog's default day) is in the past whatever today is.
    await time.previousWeek().click();
    const monday = addDays(mondayOf(localDate(Date.now(), ZONE)), -7);

    await time.addEntryButton().click();
    await time.fillEntry({ task: "Plan the trip", start: "09:00", end: "09:00" });
    await expect.poll(() => time.dialogError().textContent()).toBe(TIME_MESSAGES.endBeforeStart);
    await time.fillEntry({ end: "10:30", note: "Booked the ferry" });
    await time.entryDialog().waitFor({ state: "hidden" });
    await time.toast(TIME_MESSAGES.saved).waitFor();
    await time.entryRow("Plan the trip").getByText("1h 30m").waitFor();

    // The server's own rule: a second entry over the first is refused with its message.
    await time.addEntryButton().click();
    await time.fillEntry({ task: "=cmd|' /C calc'!A0", start: "10:00", end: "11:00" });
    await expect.poll(() => time.dialogError().textContent()).toMatch(/^This overlaps your entry for "Plan the trip"/);
    await time.fillEntry({ start: "10:30", end: "10:45" });
    await time.entryDialog().waitFor({ state: "hidden" });
    await time.entryRow("=cmd").getByText("15m").waitFor();
    const entries = await entriesOnServer(client, startOfDay(monday, ZONE), startOfDay(addDays(monday, 1), ZONE));
    expect(entries.map((entry) => [entry.taskTitle, entry.startedAt, entry.endedAt])).toEqual([
      ["=cmd|' /C calc'!A0", new Date(startOfDay(monday, ZONE) + 10.5 * 3600_000).toISOString(), expect.any(String)],
      ["Plan the trip", new Date(startOfDay(monday, ZONE) + 9 * 3600_000).toISOString(), expect.any(String)],
    ]);

    await time.tab("Report").click();
    await time.reportSection("By member").getByText("Manu Alentry").waitFor();
    await time.reportSection("By member").getByText("1h 45m").waitFor();
    await time.estimatesTable().getByRole("rowheader", { name: "Plan the trip" }).waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), time.downloadCsv().click()]);
    expect(download.suggestedFilename()).toBe(`time-${monday}-to-${addDays(monday, 6)}.csv`);
    // The browser runs apart from the test: the file is copied here to be read.
    const saved = path.join(os.tmpdir(), `time-report-${Date.now()}.csv`);
    await download.saveAs(saved);
    const csv = await fs.readFile(saved, "utf8");
    await fs.rm(saved);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("Date,Start,End,Minutes,Member,Task,Category,Note");
    expect(lines[1]).toMatch(new RegExp(`^${monday},09:00,10:30,90,Manu Alentry,Plan the trip,.*,Booked the ferry$`));
    // The title a spreadsheet would run as a formula is neutralised.
    expect(lines[2]).toMatch(new RegExp(`^${monday},10:30,10:45,15,Manu Alentry,'=cmd\\|' /C calc'!A0,`));
    // The overlap's refusal (400) is the browser's only error line.
    expect(errors).toEqual([expect.stringMatching(/status of 400 .*\/api\/time\/entries\)$/)]);
  });

  it("shows its pages and controls at 390 px, in both themes, without serious accessibility violations", async () => {
    const { client } = await signUp(baseUrl, "Axel Timer");
    const task = await addTask(client, "Clean the garage");
    await client.request(`/api/tasks/${task}/estimate`, { method: "PUT", json: { minutes: 90 } });
    await client.request("/api/time/entries", {
      json: {
        taskId: task,
        startedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
        endedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
        note: "Shelves",
      },
    });
    await client.request("/api/time/timer", { json: { id: crypto.randomUUID(), taskId: task } });
    const phone = await browserWith(client.cookie("tandem_session")!, 390);
    const errors = collectPageErrors(phone);

    const time = new TimeTrackingPage(phone, baseUrl);
    await time.open();
    await time.runningCard().getByText("Clean the garage").waitFor();
    await time.entryRow("Shelves").waitFor();
    await new TimerChip(phone, baseUrl).chip("Clean the garage").waitFor();
    expect(await violationsInBothThemes(phone)).toEqual({ light: [], dark: [] });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await time.tab("Report").click();
    await time.reportSection("By member").getByText("Axel Timer").waitFor();
    expect(await violationsInBothThemes(phone)).toEqual({ light: [], dark: [] });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await time.tab("Entries").click();
    await time.addEntryButton().click();
    await time.entryDialog().waitFor();
    expect(await violationsInBothThemes(phone)).toEqual({ light: [], dark: [] });
    await phone.keyboard.press("Escape");
    await time.entryDialog().waitFor({ state: "hidden" });

    const detail = new TaskDetailPage(phone, baseUrl);
    await detail.open(task);
    const controls = new TimerControlsParts(phone, baseUrl);
    await controls.stopButton().waitFor();
    await expect.poll(() => controls.estimate().inputValue()).toBe("1h 30m");
    expect(await violationsInBothThemes(phone)).toEqual({ light: [], dark: [] });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // An estimate typed as hours and minutes; a wrong one says how to write it.
    await controls.estimate().fill("2 hours");
    await controls.estimate().press("Enter");
    await detail.text(TIME_MESSAGES.badDuration).waitFor();
    await controls.estimate().fill("2h 15m");
    await controls.estimate().press("Enter");
    await expect
      .poll(
        async () =>
          ((await (await client.request(`/api/tasks/${task}/time`)).json()) as { estimateMinutes: number })
            .estimateMinutes,
      )
      .toBe(135);
    expect(errors).toEqual([]);
  });
});
