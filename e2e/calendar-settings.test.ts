import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, inject, it } from "vitest";
import { startRadicale } from "../tests/helpers/radicale";
import { signUp } from "../tests/helpers/sign-in";
import { addTaskOverApi, personalGroupId } from "../tests/helpers/tasks";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

/** /calendar-settings: feed addresses made, replaced and revoked as a calendar app would notice. */
describe("calendar settings", () => {
  const session = useBrowser();

  it("makes a feed address a calendar app reads, replaces it and revokes it", async () => {
    const { client } = await signUp(baseUrl, "Cal Endar");
    await addTaskOverApi(client, await personalGroupId(client), "Renew passport", { deadline: "2027-01-15" });
    const context = await session.signedInContext(client, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/calendar-settings`);

    const feeds = page.getByRole("list", { name: "Calendar feeds" });
    await feeds.getByRole("button", { name: "Make address for All my groups" }).click();
    const address = page.getByLabel("Feed address");
    const first = (await address.textContent())!;
    expect(first).toMatch(new RegExp(`^${baseUrl}/api/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await page.getByRole("link", { name: "Open in calendar app" }).getAttribute("href")).toBe(
      first.replace(/^http:/, "webcal:"),
    );
    const read = await fetch(first);
    expect(read.status).toBe(200);
    expect(await read.text()).toContain("SUMMARY:Renew passport");

    // Hidden once done: the page never shows it again, the row says a calendar app read it.
    await page.getByRole("button", { name: "Done, hide the address" }).click();
    await expect.poll(() => address.count()).toBe(0);
    await page.reload();
    await feeds.getByText(/read by a calendar app/).waitFor();

    await feeds.getByRole("button", { name: "New address for All my groups" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Make a new address" }).click();
    const second = (await page.getByLabel("Feed address").textContent())!;
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);

    await feeds.getByRole("switch", { name: "Include completed tasks" }).click();
    await expect
      .poll(
        async () =>
          ((await (await client.request("/api/calendar/feeds")).json()) as { feeds: { includeCompleted: boolean }[] })
            .feeds[0]?.includeCompleted,
      )
      .toBe(true);

    await feeds.getByRole("button", { name: "Revoke the address of All my groups" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await page.getByText("The address of “All my groups” no longer works").waitFor();
    expect((await fetch(second)).status).toBe(404);
    await feeds.getByRole("button", { name: "Make address for All my groups" }).waitFor();
    // Nothing on the phone's screen is wider than it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("subscribes to an outside calendar and shows its events beside the tasks", async () => {
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Test//Choir//EN",
      "BEGIN:VEVENT",
      "UID:choir-1@example.org",
      "DTSTAMP:20261101T000000Z",
      "DTSTART:20270120T090000Z",
      "DTEND:20270120T103000Z",
      "RRULE:FREQ=WEEKLY;COUNT=3",
      "SUMMARY:Choir rehearsal",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    const host = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/calendar; charset=utf-8" });
      response.end(ics);
    });
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    const icsUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/choir.ics`;
    try {
      const { client } = await signUp(baseUrl, "Cal Outside");
      await client.request("/api/profile", { method: "PATCH", json: { timeZone: "UTC" } });
      await addTaskOverApi(client, await personalGroupId(client), "Buy sheet music", { deadline: "2027-01-27" });
      const context = await session.signedInContext(client, { viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${baseUrl}/calendar-settings`);
      await page.getByLabel("Calendar address").fill(icsUrl);
      await page.getByLabel("Name (optional)").fill("Choir");
      await page.getByRole("button", { name: "Subscribe" }).click();
      await page.getByRole("list", { name: "Outside calendars" }).getByRole("article", { name: "Choir" }).waitFor();

      // Each weekly occurrence on its day, beside the task of the last one.
      await page.goto(`${baseUrl}/calendar?view=week&date=2027-01-27`);
      await page.getByText("Buy sheet music").first().waitFor();
      await page.getByText("Choir rehearsal").first().waitFor();
      await page.goto(`${baseUrl}/calendar?view=month&date=2027-01-01`);
      // January's grid ends on Sunday 31 January: the third occurrence (3 February) is in the next month.
      await expect.poll(() => page.getByText("Choir rehearsal").count()).toBe(2);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      host.close();
    }
  });
  it("puts the tasks into a connected account's calendar chosen on the page", async () => {
    const radicale = await startRadicale();
    try {
      const account = await radicale.addUser("ada-push");
      await radicale.makeCalendar(account, "work", "Work", "#FF8800FF");
      const { client } = await signUp(baseUrl, "Cal Push");
      const groupId = await personalGroupId(client);
      const task = await addTaskOverApi(client, groupId, "Book the venue", { deadline: "2027-02-03" });
      const cake = await addTaskOverApi(client, groupId, "Order the cake", { deadline: "2027-02-05" });
      const added = await client.request("/api/calendar/sources", {
        json: { kind: "caldav", url: radicale.baseUrl, username: account.username, password: account.password },
      });
      expect(added.status).toBe(201);
      const context = await session.signedInContext(client, { viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      // One task into the calendar from its own page (the events POST).
      await page.goto(`${baseUrl}/task-detail-page?id=${cake.id}`);
      await page.getByRole("button", { name: "Work (ada-push)" }).click();
      await page.getByText("Added to Work (ada-push)").waitFor();
      expect((await radicale.objects(account, "work")).get(`${cake.id}.ics`)).toContain("SUMMARY:Order the cake");

      // Every dated task, chosen in the settings.
      await page.goto(`${baseUrl}/calendar-settings`);
      await page.getByLabel("Put my tasks into").selectOption({ label: "Work (ada-push)" });
      await page.getByText("2 tasks are events in Work (ada-push).").waitFor();
      expect((await radicale.objects(account, "work")).get(`${task.id}.ics`)).toContain("SUMMARY:Book the venue");
      await page.goto(`${baseUrl}/task-detail-page?id=${task.id}`);
      await page.getByText(/In your calendar Work \(ada-push\), with your other tasks/).waitFor();

      // None: the pushed task goes out; the one added by hand stays where it was put.
      await page.goto(`${baseUrl}/calendar-settings`);
      await page.getByLabel("Put my tasks into").selectOption({ label: "No calendar" });
      await page.getByText("Your tasks are out of your calendar").waitFor();
      expect([...(await radicale.objects(account, "work")).keys()]).toEqual([`${cake.id}.ics`]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await radicale.stop();
    }
  });
});
