import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createSqliteDatabase, type TestDatabase } from "../tests/helpers/databases";
import { type GoogleStandIn, startGoogleStandIn } from "../tests/helpers/google-stand-in";
import { type Radicale, type RadicaleAccount, startRadicale } from "../tests/helpers/radicale";
import { type RunningServer, startServer } from "../tests/helpers/server";
import { signUp } from "../tests/helpers/sign-in";
import { collectPageErrors, useBrowser } from "./support/session";

const baseUrl = inject("baseUrl");

const MEETING = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
  "BEGIN:VEVENT",
  "UID:standup@google.com",
  "DTSTAMP:20260101T000000Z",
  "SUMMARY:Team standup",
  "DTSTART:20270120T090000Z",
  "DTEND:20270120T091500Z",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

/**
 * /calendar-auth and /google-calendar (docs/calendar.md, "Google Calendar"): on the suite's server,
 * which has no Google client, and on one of this file's own with a stand-in Google
 * (tests/helpers/google-stand-in.ts) in front of a real Radicale, through Google's consent and back.
 */
describe("connecting calendars", () => {
  const session = useBrowser();

  async function signedInPage(on: string, name: string, viewport = { width: 1280, height: 900 }) {
    const { client } = await signUp(on, name);
    const context = await session.newContext({ viewport });
    await context.addCookies([{ name: "tandem_session", value: client.cookie("tandem_session")!, url: on }]);
    const page = await context.newPage();
    return { client, page, errors: collectPageErrors(page) };
  }

  it("explains the ways to connect and says when this server has no Google client", async () => {
    const { page, errors } = await signedInPage(baseUrl, "Cal Auth", { width: 390, height: 844 });
    await page.goto(`${baseUrl}/calendar-auth`);
    await page.getByRole("heading", { level: 1, name: "Connect a calendar" }).waitFor();
    for (const name of ["1. Subscribe to a secret feed", "2. Two ways with CalDAV", "3. Connect your Google account"])
      await page.getByRole("heading", { name }).waitFor();
    await page.getByText("No calendars connected yet").waitFor();
    expect(await page.getByRole("link", { name: "Make a feed address" }).getAttribute("href")).toBe(
      "/calendar-settings",
    );

    await page.getByRole("button", { name: "Connect Google Calendar" }).click();
    const notice = page.getByRole("status").filter({ hasText: "This server cannot connect Google accounts yet." });
    await notice.waitFor();
    await notice.getByText("GOOGLE_CALENDAR_CLIENT_ID").waitFor();
    expect(await page.getByRole("button", { name: "Connect Google Calendar" }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await notice.getByRole("link", { name: "Google Calendar step by step" }).click();
    await page.getByRole("heading", { level: 1, name: "Google Calendar" }).waitFor();
    await page.getByRole("heading", { name: "Your tasks in Google Calendar" }).waitFor();
    await page.getByText("Secret address in iCal format", { exact: false }).first().waitFor();
    await page.getByText("No Google account connected yet.").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Google's answer as /calendar-settings reads it, then gone once dismissed.
    await page.goto(`${baseUrl}/calendar-settings?google=denied`);
    await page.getByRole("alert").filter({ hasText: "Google was not allowed to share your calendars" }).waitFor();
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => page.getByText("Google was not allowed").count()).toBe(0);
    expect(new URL(page.url()).search).toBe("");
    await page.getByRole("link", { name: "Connect a calendar" }).click();
    await page.getByRole("heading", { level: 1, name: "Connect a calendar" }).waitFor();
    // The 409 the button got is the notice's cause, not a fault of the page.
    expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  });

  describe("with a Google client", () => {
    let radicale: Radicale;
    let google: GoogleStandIn;
    let database: TestDatabase;
    let server: RunningServer;
    let account: RadicaleAccount;

    beforeAll(async () => {
      radicale = await startRadicale();
      google = await startGoogleStandIn(radicale.baseUrl);
      account = await radicale.addUser("grace-google");
      await radicale.makeCalendar(account, "primary", "grace@gmail.com", "#4285F4FF");
      await radicale.put(account, "primary", "standup.ics", MEETING);
      database = await createSqliteDatabase();
      server = await startServer(database, { ...google.env, CALENDAR_ALLOW_PRIVATE_URLS: "true" });
    });
    afterAll(async () => {
      await server?.close();
      await database?.drop();
      await google?.close();
      await radicale?.stop();
    });

    it("goes to Google's consent and back, and the account's calendars and events are there", async () => {
      const { page, client, errors } = await signedInPage(server.baseUrl, "Grace Google");
      await client.request("/api/profile", { method: "PATCH", json: { timeZone: "UTC" } });
      google.consentFor = account;
      await page.goto(`${server.baseUrl}/calendar-auth`);
      const toGoogle = page.waitForRequest((request) => request.url().startsWith(`${google.baseUrl}/authorize?`));
      await page.getByRole("button", { name: "Connect Google Calendar" }).click();
      const authorize = new URL((await toGoogle).url());
      expect(authorize.searchParams.get("client_id")).toBe(google.clientId);
      expect(authorize.searchParams.get("redirect_uri")).toBe(`${server.baseUrl}/api/calendar/google/callback`);

      await page.waitForURL(`${server.baseUrl}/calendar-settings?google=connected`);
      await page.getByRole("status").filter({ hasText: "Google Calendar is connected" }).waitFor();
      const card = page
        .getByRole("list", { name: "Outside calendars" })
        .getByRole("article", { name: "Google Calendar" });
      await card.getByText("Google account, read with the access you gave").waitFor();
      await card.getByRole("checkbox", { name: "grace@gmail.com" }).waitFor();

      await page.goto(`${server.baseUrl}/google-calendar`);
      const connections = page.getByRole("list", { name: "Connections" });
      await connections.getByText("Google Calendar").waitFor();
      await connections.getByText(/^Working\. Last synced/).waitFor();

      await page.goto(`${server.baseUrl}/calendar?view=week&date=2027-01-20`);
      await page.getByText("Team standup").first().waitFor();

      // Access taken back at Google: the connection says so in words at the next refresh.
      for (const refreshToken of google.refreshTokensOf(account)) google.revoke(refreshToken);
      google.expireAccessTokens();
      const { sources } = (await (await client.request("/api/calendar/sources")).json()) as {
        sources: { id: string }[];
      };
      await client.request(`/api/calendar/sources/${sources[0]!.id}/refresh`, { method: "POST" });
      await page.goto(`${server.baseUrl}/calendar-auth`);
      await page
        .getByRole("list", { name: "Connections" })
        .getByText("Not working: Google no longer lets Tandem read this calendar: connect it again.")
        .waitFor();
      expect(errors).toEqual([]);
    });
  });
});
