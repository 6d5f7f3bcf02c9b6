import { afterAll, beforeAll, expect, it } from "vitest";
import type { ConnectionStatus, OutsideEvent, OutsideSource } from "../../domain/calendar-outside.js";
import { FETCH_MESSAGES } from "../../server/modules/calendar-sync/outside/fetch-guard.js";
import { describeEachDialect } from "../helpers/databases.js";
import type { HttpClient } from "../helpers/http-client.js";
import { type Radicale, startRadicale } from "../helpers/radicale.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { NEW_YORK_VTIMEZONE } from "../fixtures/ical/new-york.js";

/** A weekly Thursday 18:00–20:00 in New York from 1 January 2026, as Apple Calendar writes it. */
const CHOIR = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Test//CalDAV//EN",
  NEW_YORK_VTIMEZONE,
  "BEGIN:VEVENT",
  "UID:choir@example.org",
  "DTSTAMP:20260101T000000Z",
  "SUMMARY:Choir",
  "LOCATION:Hall",
  "DTSTART;TZID=America/New_York:20260101T180000",
  "DTEND;TZID=America/New_York:20260101T200000",
  "RRULE:FREQ=WEEKLY;BYDAY=TH",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

const BIRTHDAY = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Test//CalDAV//EN",
  "BEGIN:VEVENT",
  "UID:grace@example.org",
  "DTSTAMP:20260101T000000Z",
  "SUMMARY:Grace's birthday",
  "DTSTART;VALUE=DATE:20260309",
  "RRULE:FREQ=YEARLY",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

/**
 * A CalDAV account on a real peer (Radicale, one for the file): connected through the API, its
 * calendars listed and chosen, its events (a weekly one across New York's March change) shown.
 */
let radicale: Radicale;
beforeAll(async () => {
  radicale = await startRadicale();
});
afterAll(async () => radicale?.stop());

describeEachDialect("outside calendars over CalDAV", (dialect, createDatabase) => {
  const context = useServer(createDatabase, { CALENDAR_ALLOW_PRIVATE_URLS: "127.0.0.1/32" });
  let ada: HttpClient;
  let account: { username: string; password: string };

  beforeAll(async () => {
    // One Radicale for the file, one account in it per dialect.
    account = await radicale.addUser(`ada-${dialect}`);
    await radicale.makeCalendar(account, "work", "Work", "#FF8800FF");
    await radicale.makeCalendar(account, "birthdays", "Birthdays", "#00AA00FF");
    await radicale.put(account, "work", "choir.ics", CHOIR);
    await radicale.put(account, "birthdays", "grace.ics", BIRTHDAY);
    ({ client: ada } = await signUp(context.server.baseUrl, "Ada Caldav"));
  });

  async function eventsOf(query: string): Promise<OutsideEvent[]> {
    const response = await ada.request(`/api/calendar/events?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { events: OutsideEvent[] }).events;
  }

  it("refuses a wrong password in words, and stores nothing", async () => {
    const response = await ada.request("/api/calendar/sources", {
      json: { kind: "caldav", url: radicale.baseUrl, username: account.username, password: "wrong" },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(FETCH_MESSAGES.unauthorized);
  });

  it("holds a CalDAV server's address to a subscription's rules", async () => {
    for (const [url, message] of [
      ["http://169.254.169.254/", FETCH_MESSAGES.refusedAddress],
      ["http://10.0.0.1/remote.php/dav", FETCH_MESSAGES.refusedAddress],
      ["http://[::1]:5232/", FETCH_MESSAGES.refusedAddress],
      [`http://${account.username}:${account.password}@127.0.0.1/`, FETCH_MESSAGES.credentialsInUrl],
      ["file:///etc/passwd", FETCH_MESSAGES.badUrl],
    ]) {
      const response = await ada.request("/api/calendar/sources", {
        json: { kind: "caldav", url, username: account.username, password: account.password },
      });
      expect(response.status, url).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message, url).toBe(message);
    }
  });

  it("connects the account, lists its calendars and shows their events across a DST change", async () => {
    const response = await ada.request("/api/calendar/sources", {
      json: { kind: "caldav", url: radicale.baseUrl, username: account.username, password: account.password },
    });
    const text = await response.text();
    expect(response.status, text).toBe(201);
    expect(text).not.toContain(account.password);
    const source = JSON.parse(text) as OutsideSource;
    expect(source).toMatchObject({ kind: "caldav", name: account.username, username: account.username });
    expect(source.calendars.map((calendar) => [calendar.name, calendar.color, calendar.selected]).sort()).toEqual([
      ["Birthdays", "#00aa00", true],
      ["Work", "#ff8800", true],
    ]);

    // New York moves its clocks on 8 March 2026: 18:00 is 23:00 UTC before and 22:00 after.
    const events = await eventsOf("from=2026-03-01&to=2026-03-14&timeZone=America/New_York");
    expect(events.map((event) => [event.calendarName, event.title, event.start, event.end])).toEqual([
      ["Work", "Choir", "2026-03-05T23:00:00.000Z", "2026-03-06T01:00:00.000Z"],
      ["Birthdays", "Grace's birthday", "2026-03-09", "2026-03-10"],
      ["Work", "Choir", "2026-03-12T22:00:00.000Z", "2026-03-13T00:00:00.000Z"],
    ]);
    expect(events[0]).toMatchObject({ color: "#ff8800", location: "Hall", allDay: false });

    const birthdays = source.calendars.find((calendar) => calendar.name === "Birthdays")!;
    const hidden = await ada.request(`/api/calendar/sources/${source.id}/calendars/${birthdays.id}`, {
      method: "PATCH",
      json: { selected: false },
    });
    expect(hidden.status).toBe(200);
    const titles = (await eventsOf("from=2026-03-01&to=2026-03-14&timeZone=America/New_York")).map(
      (event) => event.title,
    );
    expect(titles).toEqual(["Choir", "Choir"]);

    // A new event on the server arrives with the next refresh.
    await radicale.put(
      account,
      "work",
      "party.ics",
      CHOIR.replace("UID:choir@example.org", "UID:party@example.org")
        .replace("SUMMARY:Choir", "SUMMARY:Party")
        .replace("RRULE:FREQ=WEEKLY;BYDAY=TH\r\n", "")
        .replace("20260101T180000", "20260310T180000")
        .replace("20260101T200000", "20260310T230000"),
    );
    const refreshed = await ada.request(`/api/calendar/sources/${source.id}/refresh`, { method: "POST" });
    expect(refreshed.status).toBe(200);
    const after = (await eventsOf("from=2026-03-10&to=2026-03-10&timeZone=America/New_York")).map(
      (event) => event.title,
    );
    expect(after).toEqual(["Party"]);
    const status = (await (await ada.request("/api/calendar/connection-status")).json()) as ConnectionStatus;
    expect(status.sources).toEqual([expect.objectContaining({ id: source.id, kind: "caldav", ok: true, error: null })]);
  });
});
