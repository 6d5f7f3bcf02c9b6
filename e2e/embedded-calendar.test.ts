import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, inject, it } from "vitest";
import type { OutsideSource } from "../domain/calendar-outside";
import type { HttpClient } from "../tests/helpers/http-client";
import { signUp } from "../tests/helpers/sign-in";
import { violationsInBothThemes } from "./support/accessibility";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

function calendarText(name: string, events: string[][]): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//Test//${name}//EN`,
    `X-WR-CALNAME:${name}`,
    ...events.flatMap((lines) => ["BEGIN:VEVENT", "DTSTAMP:20261101T000000Z", ...lines, "END:VEVENT"]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

const CALENDARS: Record<string, string> = {
  "/choir.ics": calendarText("Choir", [
    [
      "UID:choir-1@example.org",
      "DTSTART:20270120T090000Z",
      "DTEND:20270120T103000Z",
      "SUMMARY:Choir rehearsal",
      "LOCATION:Church hall",
    ],
  ]),
  "/club.ics": calendarText("Book club", [
    ["UID:club-1@example.org", "DTSTART;VALUE=DATE:20270122", "DTEND;VALUE=DATE:20270123", "SUMMARY:Book club night"],
  ]),
};

/** A calendar host on 127.0.0.1, which the test server may fetch from (CALENDAR_ALLOW_PRIVATE_URLS). */
async function startHost(): Promise<{ url: (path: string) => string; server: Server }> {
  const server = createServer((request, response) => {
    const text = CALENDARS[request.url ?? ""];
    response.writeHead(text ? 200 : 404, { "content-type": "text/calendar; charset=utf-8" });
    response.end(text ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: (path) => `http://127.0.0.1:${port}${path}`, server };
}

async function subscribe(client: HttpClient, url: string, name: string): Promise<OutsideSource> {
  const response = await client.request("/api/calendar/sources", { json: { kind: "ics", url, name } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as OutsideSource;
}

/** /embedded-google-calendar: one outside calendar on its own page. */
describe("embedded outside calendar", () => {
  const session = useBrowser();

  it("explains on a phone what to do while there is no outside calendar", async () => {
    const { client } = await signUp(baseUrl, "Em Pty");
    const context = await session.signedInContext(client, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/embedded-google-calendar`);
    await page.getByRole("heading", { name: "No outside calendars yet" }).waitFor();
    expect(await page.getByRole("link", { name: "Add an outside calendar" }).getAttribute("href")).toBe(
      "/calendar-settings",
    );
    expect(
      await page.getByRole("link", { name: "how to find your Google calendar's address" }).getAttribute("href"),
    ).toBe("/google-calendar");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the chosen calendar's events on their days, the choice in the address, a hidden calendar too", async () => {
    const host = await startHost();
    try {
      const { client } = await signUp(baseUrl, "Em Bed");
      await client.request("/api/profile", { method: "PATCH", json: { timeZone: "UTC", locale: "en-GB" } });
      const choir = await subscribe(client, host.url("/choir.ics"), "Choir");
      const club = await subscribe(client, host.url("/club.ics"), "Book club");
      const choirId = choir.calendars[0]!.id;
      const clubId = club.calendars[0]!.id;

      const context = await session.signedInContext(client, { viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const day = (date: string) => page.locator(`[role=gridcell][data-day="${date}"]`);
      const calendarInUrl = () => new URL(page.url()).searchParams.get("calendar");

      // Without ?calendar=: the first, named in the address once shown.
      await page.goto(`${baseUrl}/embedded-google-calendar?view=month&date=2027-01-15`);
      await day("2027-01-20").getByText("Choir rehearsal").waitFor();
      await expect.poll(calendarInUrl).toBe(choirId);
      expect(await day("2027-01-22").getByText("Book club night").count()).toBe(0);
      await page.getByText(/Working\. Last synced/).waitFor();
      expect(await page.getByRole("link", { name: "Calendar settings" }).getAttribute("href")).toBe(
        "/calendar-settings",
      );
      // The chosen day's list below the month gives the time and the place.
      await day("2027-01-20").click();
      const list = page.locator("#calendar-day");
      await list.getByText("Church hall").waitFor();
      await list.getByText("09:00").waitFor();
      expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });

      // The picker: the address follows, and the device remembers the choice.
      await page.getByRole("combobox", { name: "Calendar" }).selectOption({ label: "Book club" });
      await expect.poll(calendarInUrl).toBe(clubId);
      await day("2027-01-22").getByText("Book club night").waitFor();
      expect(await day("2027-01-20").getByText("Choir rehearsal").count()).toBe(0);
      await page.goto(`${baseUrl}/embedded-google-calendar?view=month&date=2027-01-15`);
      await day("2027-01-22").getByText("Book club night").waitFor();
      expect(calendarInUrl()).toBe(clubId);

      // Next and previous months, by the toolbar.
      await page.getByRole("button", { name: "Next month" }).click();
      await page.getByRole("heading", { name: "February 2027" }).waitFor();
      await page.getByRole("button", { name: "Previous month" }).click();
      await page.getByRole("heading", { name: "January 2027" }).waitFor();

      // Hidden on /calendar, still shown here.
      const hidden = await client.request(`/api/calendar/sources/${choir.id}/calendars/${choirId}`, {
        method: "PATCH",
        json: { selected: false },
      });
      expect(hidden.status).toBe(200);
      await page.goto(`${baseUrl}/embedded-google-calendar?calendar=${choirId}&view=agenda&date=2027-01-18`);
      await page.getByText("Choir rehearsal").waitFor();
      await page.getByText(/hidden on your Calendar page/).waitFor();

      // Refresh asks the server to fetch again.
      const refreshed = page.waitForResponse((response) => response.url().endsWith(`/sources/${choir.id}/refresh`));
      await page.getByRole("button", { name: "Refresh" }).click();
      expect((await refreshed).status()).toBe(200);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      host.server.close();
    }
  });
});
