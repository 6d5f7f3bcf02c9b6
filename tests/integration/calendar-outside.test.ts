import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type ConnectionStatus,
  OUTSIDE_MESSAGES,
  type OutsideEvent,
  type OutsideSource,
} from "../../domain/calendar-outside.js";
import { MESSAGES } from "../../domain/errors.js";
import { openSqliteConnection } from "../../server/db/sqlite-connection.js";
import { FETCH_MESSAGES } from "../../server/modules/calendar-sync/outside/fetch-guard.js";
import { refreshDueSources } from "../../server/modules/calendar-sync/outside/refresh.js";
import { adminQuery, describeEachDialect } from "../helpers/databases.js";
import { HttpClient } from "../helpers/http-client.js";
import {
  type CalendarFixtureServer,
  startCalendarFixtures,
  weeklyBerlinCalendar,
} from "../helpers/outside-calendars.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";

/**
 * Outside calendars over HTTP: the server fetches a subscription from a local calendar server
 * (allowed by CALENDAR_ALLOW_PRIVATE_URLS for 127.0.0.1 only), shows its events, keeps the last
 * good copy through a failed refresh, and refuses what it must not fetch.
 */
describeEachDialect("outside calendars", (dialect, createDatabase) => {
  // Only the fixture server's address is allowed: every other private address stays refused.
  const context = useServer(createDatabase, {
    CALENDAR_ALLOW_PRIVATE_URLS: "127.0.0.1/32",
    CALENDAR_FETCH_TIMEOUT_SECONDS: "1",
  });
  // The default configuration's refusal does not depend on the database: one server for it, on SQLite.
  const strict = dialect === "sqlite" ? useServer(createDatabase) : undefined;
  let fixtures: CalendarFixtureServer;
  let ada: HttpClient;
  let eve: HttpClient;

  beforeAll(async () => {
    fixtures = await startCalendarFixtures();
    fixtures.set("/team.ics", { kind: "calendar", text: weeklyBerlinCalendar() });
    ({ client: ada } = await signUp(context.server.baseUrl, "Ada Outside"));
    ({ client: eve } = await signUp(context.server.baseUrl, "Eve Outside"));
  });
  afterAll(async () => fixtures?.close());

  async function add(client: HttpClient, body: Record<string, unknown>): Promise<Response> {
    return client.request("/api/calendar/sources", { json: body });
  }

  async function subscribe(
    client: HttpClient,
    path: string,
    extra: Record<string, unknown> = {},
  ): Promise<OutsideSource> {
    const response = await add(client, { kind: "ics", url: `${fixtures.baseUrl}${path}`, ...extra });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as OutsideSource;
  }

  async function eventsOf(client: HttpClient, query: string): Promise<OutsideEvent[]> {
    const response = await client.request(`/api/calendar/events?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { events: OutsideEvent[] }).events;
  }

  async function refusal(response: Response): Promise<{ status: number; code: string; message: string }> {
    const body = (await response.json()) as { error: { code: string; message: string } };
    return { status: response.status, ...body.error };
  }

  it("subscribes to an ICS address and shows its events, a weekly one keeping 09:00 in Berlin across the March change", async () => {
    const source = await subscribe(ada, "/team.ics");
    expect(source).toMatchObject({ kind: "ics", name: "Team", url: `${fixtures.baseUrl}/team.ics`, username: null });
    expect(source.status).toMatchObject({ ok: true, error: null });
    expect(source.calendars).toHaveLength(1);
    const events = await eventsOf(ada, "from=2026-03-23&to=2026-03-30&timeZone=Europe/Berlin");
    expect(events.map((event) => [event.title, event.start, event.end, event.allDay])).toEqual([
      ["Stand-up", "2026-03-23T08:00:00.000Z", "2026-03-23T08:30:00.000Z", false],
      ["Trip", "2026-03-26", "2026-03-29", true],
      ["Stand-up", "2026-03-30T07:00:00.000Z", "2026-03-30T07:30:00.000Z", false],
    ]);
    expect(events[0]).toMatchObject({
      calendarId: source.calendars[0]!.id,
      calendarName: "Team",
      color: source.color,
      location: "Room 4",
    });
    // The same occurrence keeps its id from one answer to the next.
    expect((await eventsOf(ada, "from=2026-03-23&to=2026-03-23&timeZone=Europe/Berlin"))[0]!.id).toBe(events[0]!.id);
    // webcal:// is https: the address is stored as it is fetched.
    const webcal = await add(ada, { kind: "ics", url: "webcal://127.0.0.1:1/none.ics" });
    expect((await refusal(webcal)).message).toBe(FETCH_MESSAGES.unreachable);
  });

  if (strict)
    it("refuses 127.0.0.1 without the operator's allowance, saying why", async () => {
      const { client } = await signUp(strict.server.baseUrl, "Sam Strict");
      const response = await add(client, { kind: "ics", url: `${fixtures.baseUrl}/team.ics` });
      expect(await refusal(response)).toEqual({
        status: 400,
        code: "validation_failed",
        message: FETCH_MESSAGES.refusedAddress,
      });
      const metadata = await add(client, { kind: "ics", url: "http://169.254.169.254/latest/meta-data/" });
      expect((await refusal(metadata)).message).toBe(FETCH_MESSAGES.refusedAddress);
      const mapped = await add(client, { kind: "ics", url: "http://[::ffff:127.0.0.1]:80/a.ics" });
      expect((await refusal(mapped)).message).toBe(FETCH_MESSAGES.refusedAddress);
      expect((await (await client.request("/api/calendar/sources")).json()) as unknown).toEqual({ sources: [] });
    });

  it("refuses a redirect to a private address, other schemes, credentials in the address, HTML, too large and too slow", async () => {
    fixtures.set("/to-metadata.ics", { kind: "redirect", location: "http://169.254.169.254/latest/meta-data/" });
    fixtures.set("/to-lan.ics", { kind: "redirect", location: "http://192.168.1.1/calendar.ics" });
    fixtures.set("/page.ics", { kind: "html" });
    fixtures.set("/huge.ics", { kind: "huge", bytes: 6 * 1024 * 1024 });
    fixtures.set("/slow.ics", { kind: "stall" });
    fixtures.set("/gone.ics", { kind: "status", status: 404 });
    const cases: [Record<string, unknown>, string][] = [
      [{ url: `${fixtures.baseUrl}/to-metadata.ics` }, FETCH_MESSAGES.refusedAddress],
      [{ url: `${fixtures.baseUrl}/to-lan.ics` }, FETCH_MESSAGES.refusedAddress],
      [{ url: "file:///etc/passwd" }, FETCH_MESSAGES.badUrl],
      [{ url: "ftp://example.org/a.ics" }, FETCH_MESSAGES.badUrl],
      [
        { url: `http://ada:secret@127.0.0.1:${new URL(fixtures.baseUrl).port}/team.ics` },
        FETCH_MESSAGES.credentialsInUrl,
      ],
      [{ url: `${fixtures.baseUrl}/page.ics` }, FETCH_MESSAGES.notCalendar],
      [{ url: `${fixtures.baseUrl}/huge.ics` }, FETCH_MESSAGES.tooLarge],
      [{ url: `${fixtures.baseUrl}/slow.ics` }, FETCH_MESSAGES.timeout],
      [{ url: `${fixtures.baseUrl}/gone.ics` }, "There is no calendar at that address (the server answered not found)"],
    ];
    for (const [body, message] of cases) {
      const answer = await refusal(await add(ada, { kind: "ics", ...body }));
      expect(answer, JSON.stringify(body)).toEqual({ status: 400, code: "validation_failed", message });
    }
    const control = await add(ada, { kind: "ics", url: `${fixtures.baseUrl}/team.ics`, name: "Bad\u0007name" });
    expect(control.status).toBe(400);
  });

  it("keeps the last good copy when a refresh fails, and shows the error in connection-status", async () => {
    fixtures.set("/changing.ics", { kind: "calendar", text: weeklyBerlinCalendar("Club", "Training"), etag: '"v1"' });
    const source = await subscribe(ada, "/changing.ics", { name: "My club", color: "#123456" });
    expect(source).toMatchObject({ name: "My club", color: "#123456" });
    // Unchanged: the ETag goes back and the answer is a 304.
    const again = await ada.request(`/api/calendar/sources/${source.id}/refresh`, { method: "POST" });
    expect(again.status).toBe(200);
    const unchanged = (await again.json()) as OutsideSource;
    expect(
      fixtures.requests.filter((request) => request.path === "/changing.ics").at(-1)?.headers["if-none-match"],
    ).toBe('"v1"');
    fixtures.set("/changing.ics", { kind: "status", status: 500 });
    const failed = await ada.request(`/api/calendar/sources/${source.id}/refresh`, { method: "POST" });
    expect(failed.status).toBe(200);
    const refreshed = (await failed.json()) as OutsideSource;
    expect(refreshed.status).toMatchObject({
      ok: false,
      error: "The server at that address answered with an error (HTTP 500)",
    });
    expect(refreshed.status.lastSyncedAt).toBe(unchanged.status.lastSyncedAt);
    const titles = (await eventsOf(ada, "from=2026-04-06&to=2026-04-06&timeZone=UTC")).map((event) => event.title);
    expect(titles).toContain("Training");
    const status = (await (await ada.request("/api/calendar/connection-status")).json()) as ConnectionStatus;
    const entry = status.sources.find((candidate) => candidate.id === source.id)!;
    expect(entry).toMatchObject({
      kind: "ics",
      name: "My club",
      ok: false,
      error: "The server at that address answered with an error (HTTP 500)",
    });
    // Backing off: the first retry a quarter of an hour after the failure, not the hour of a success.
    expect(Date.parse(entry.nextRefreshAt) - Date.parse(entry.lastAttemptAt!)).toBe(15 * 60_000);
    // Working again: the error goes.
    fixtures.set("/changing.ics", { kind: "calendar", text: weeklyBerlinCalendar("Club", "Practice") });
    const healed = (await (
      await ada.request(`/api/calendar/sources/${source.id}/refresh`, { method: "POST" })
    ).json()) as OutsideSource;
    expect(healed.status).toMatchObject({ ok: true, error: null });
    const after = (await eventsOf(ada, "from=2026-04-06&to=2026-04-06&timeZone=UTC")).map((event) => event.title);
    expect(after).toContain("Practice");
    expect(after).not.toContain("Training");
  });

  it("fetches a source once when two refreshes race, and tells the second it is under way", async () => {
    fixtures.set("/race.ics", { kind: "calendar", text: weeklyBerlinCalendar("Race", "Heat") });
    const source = await subscribe(ada, "/race.ics");
    // The fetch hangs until the test server's one-second limit: the second click comes meanwhile.
    fixtures.set("/race.ics", { kind: "stall" });
    const refresh = () => ada.request(`/api/calendar/sources/${source.id}/refresh`, { method: "POST" });
    const [first, second] = await Promise.all([
      refresh(),
      new Promise((resolve) => setTimeout(resolve, 200)).then(refresh),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: {
        code: "conflict",
        message: "This calendar is being refreshed already; it shows the new events in a moment",
      },
    });
  });

  it("refreshes what is due on the schedule, once however many sweeps race for it", async () => {
    fixtures.set("/scheduled.ics", { kind: "calendar", text: weeklyBerlinCalendar("Scheduled", "Planned") });
    const source = await subscribe(ada, "/scheduled.ics");
    const fetches = () => fixtures.requests.filter((request) => request.path === "/scheduled.ics").length;
    const before = fetches();
    const { deps } = context.server.app;
    // Not due for an hour: a sweep leaves it alone.
    expect(await refreshDueSources(deps)).toBe(0);
    fixtures.set("/scheduled.ics", { kind: "calendar", text: weeklyBerlinCalendar("Scheduled", "Moved") });
    const past = new Date(Date.now() - 1000).toISOString();
    await context.server.database.db
      .updateTable("calendar_outside_sources")
      .set({ next_refresh_at: past })
      .where("id", "=", source.id)
      .execute();
    // Three sweeps at once, as three processes on one database would run them.
    const counts = await Promise.all([refreshDueSources(deps), refreshDueSources(deps), refreshDueSources(deps)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(fetches()).toBe(before + 1);
    const titles = (await eventsOf(ada, "from=2026-04-06&to=2026-04-06&timeZone=UTC")).map((event) => event.title);
    expect(titles).toContain("Moved");
    expect(titles).not.toContain("Planned");
    expect((await ada.request(`/api/calendar/sources/${source.id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("skips a rule that never occurs, shares one budget across calendars and says when it cut", async () => {
    const { client: hal } = await signUp(context.server.baseUrl, "Hal Outside");
    const wrap = (name: string, ...events: string[]) =>
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Test//Limits//EN",
        `X-WR-CALNAME:${name}`,
        ...events,
        "END:VCALENDAR",
      ].join("\r\n");
    const vevent = (uid: string, ...lines: string[]) =>
      ["BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20260101T000000Z", `SUMMARY:${uid}`, ...lines, "END:VEVENT"].join("\r\n");
    // ical.js would search for February 30 for ever, holding the server's thread.
    fixtures.set("/never.ics", {
      kind: "calendar",
      text: wrap(
        "Never",
        vevent("never", "DTSTART:20260101T090000Z", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"),
        vevent("lunch", "DTSTART:20260302T120000Z", "DTEND:20260302T130000Z"),
      ),
    });
    await subscribe(hal, "/never.ics");
    const first = await hal.request("/api/calendar/events?from=2026-03-01&to=2026-03-31&timeZone=europe/berlin");
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { events: OutsideEvent[]; incomplete?: boolean };
    expect(answer.events.map((event) => event.title)).toEqual(["lunch"]);
    expect(answer.incomplete).toBeUndefined();
    // A thousand daily series (31,000 events in March), read before "Never" (calendars go by
    // name): the budget runs out in the first calendar, and the second gets nothing of it.
    fixtures.set("/many.ics", {
      kind: "calendar",
      text: wrap(
        "A lot",
        ...Array.from({ length: 1_000 }, (_, index) =>
          vevent(`s${index}`, "DTSTART:20260101T090000Z", "RRULE:FREQ=DAILY"),
        ),
      ),
    });
    await subscribe(hal, "/many.ics");
    const cut = (await (
      await hal.request("/api/calendar/events?from=2026-03-01&to=2026-03-31&timeZone=UTC")
    ).json()) as { events: OutsideEvent[]; incomplete?: boolean };
    expect(cut.incomplete).toBe(true);
    expect(cut.events.length).toBeGreaterThan(0);
    expect(cut.events.length).toBeLessThanOrEqual(5_000);
    expect(cut.events.map((event) => event.title)).not.toContain("lunch");
  }, 120_000);

  it("renames, recolours, hides and removes; another user's ids are not found", async () => {
    const source = await subscribe(ada, "/team.ics", { name: "Second" });
    const calendarId = source.calendars[0]!.id;
    const renamed = await ada.request(`/api/calendar/sources/${source.id}`, {
      method: "PATCH",
      json: { name: "Work", color: "#abcdef" },
    });
    expect(((await renamed.json()) as OutsideSource).calendars[0]).toMatchObject({ name: "Work", color: "#abcdef" });
    for (const [method, path, json] of [
      ["PATCH", `/api/calendar/sources/${source.id}`, { name: "Mine now" }],
      ["PATCH", `/api/calendar/sources/${source.id}/calendars/${calendarId}`, { selected: false }],
      ["POST", `/api/calendar/sources/${source.id}/refresh`, undefined],
      ["DELETE", `/api/calendar/sources/${source.id}`, undefined],
    ] as const) {
      const response = await eve.request(path, { method, json });
      expect(await refusal(response), `${method} ${path}`).toEqual({
        status: 404,
        code: "not_found",
        message: OUTSIDE_MESSAGES.notFound,
      });
    }
    expect(await eventsOf(eve, "from=2026-03-23&to=2026-03-30")).toEqual([]);
    const hidden = await ada.request(`/api/calendar/sources/${source.id}/calendars/${calendarId}`, {
      method: "PATCH",
      json: { selected: false },
    });
    expect(((await hidden.json()) as OutsideSource).calendars[0]!.selected).toBe(false);
    const names = (await eventsOf(ada, "from=2026-03-23&to=2026-03-23")).map((event) => event.calendarName);
    expect(names).not.toContain("Work");
    // Asked for by its id, the hidden calendar still answers (the page that shows one calendar);
    // another user's id is not found, nor is an unknown one.
    const one = await eventsOf(ada, `from=2026-03-23&to=2026-03-30&timeZone=Europe/Berlin&calendarId=${calendarId}`);
    expect(one.length).toBeGreaterThan(0);
    expect(new Set(one.map((event) => event.calendarId))).toEqual(new Set([calendarId]));
    expect(one.map((event) => event.title)).toContain("Stand-up");
    for (const [client, id] of [
      [eve, calendarId],
      [ada, "no-such-calendar"],
    ] as const) {
      const response = await client.request(`/api/calendar/events?from=2026-03-23&to=2026-03-30&calendarId=${id}`);
      expect(await refusal(response)).toEqual({ status: 404, code: "not_found", message: OUTSIDE_MESSAGES.notFound });
    }
    expect((await ada.request(`/api/calendar/sources/${source.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await ada.request(`/api/calendar/sources/${source.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("checks the range: order, real dates, years, length", async () => {
    for (const query of [
      "from=2026-03-10&to=2026-03-01",
      "from=2026-02-31&to=2026-03-01",
      "from=0000-01-01&to=0000-01-02",
      "from=2026-01-01&to=2027-06-01",
      "from=2026-01-01",
      "from=2026-01-01&to=2026-01-02&timeZone=Mars/Olympus",
      "from=2026-01-01T00:00&to=2026-01-02",
    ]) {
      const response = await ada.request(`/api/calendar/events?${query}`);
      expect((await refusal(response)).status, query).toBe(400);
    }
  });

  it("answers 401 without credentials, 403 to a cross-site write and MODULE_DISABLED with the module off", async () => {
    const visitor = new HttpClient(context.server.baseUrl);
    for (const path of [
      "/api/calendar/sources",
      "/api/calendar/events?from=2026-01-01&to=2026-01-02",
      "/api/calendar/connection-status",
    ])
      expect((await visitor.request(path)).status, path).toBe(401);
    // A cross-site page cannot make a signed-in browser add a subscription (or make the server fetch).
    const before = fixtures.requests.length;
    const forged = await ada.request("/api/calendar/sources", {
      json: { kind: "ics", url: `${fixtures.baseUrl}/team.ics` },
      headers: { origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    expect(fixtures.requests.length).toBe(before);
    const { client: off } = await signUp(context.server.baseUrl, "Olga Off");
    expect((await off.request("/api/modules/calendar-sync", { method: "PUT", json: { enabled: false } })).status).toBe(
      200,
    );
    const answer = await refusal(await off.request("/api/calendar/events?from=2026-01-01&to=2026-01-02"));
    expect(answer).toMatchObject({ status: 403, code: "MODULE_DISABLED" });
    expect((await refusal(await add(off, { kind: "ics", url: `${fixtures.baseUrl}/team.ics` }))).status).toBe(403);
  });

  const unavailable = async (response: Response, message: string, what: string) => {
    expect(response.status, what).toBe(503);
    expect(await response.json(), what).toEqual({ error: { code: "service_unavailable", message } });
  };

  // One test per database, chosen here: a skipped test counts as a failure in CI.
  if (dialect === "postgres")
    it("answers 503 on every route while PostgreSQL is down, and the refresh job fails without taking the server down", async () => {
      const source = await subscribe(ada, "/team.ics", { name: "Outage" });
      const name = context.database.name;
      try {
        await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
        const calls: [string, () => Promise<Response>][] = [
          ["list", () => ada.request("/api/calendar/sources")],
          ["events", () => ada.request("/api/calendar/events?from=2026-03-01&to=2026-03-31")],
          ["status", () => ada.request("/api/calendar/connection-status")],
          ["add", () => add(ada, { kind: "ics", url: `${fixtures.baseUrl}/team.ics` })],
          ["refresh", () => ada.request(`/api/calendar/sources/${source.id}/refresh`, { method: "POST" })],
          ["rename", () => ada.request(`/api/calendar/sources/${source.id}`, { method: "PATCH", json: { name: "x" } })],
          ["remove", () => ada.request(`/api/calendar/sources/${source.id}`, { method: "DELETE" })],
        ];
        for (const [what, call] of calls) await unavailable(await call(), MESSAGES.databaseDown, what);
        await expect(refreshDueSources(context.server.app.deps)).rejects.toThrow();
      } finally {
        await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      }
      await expect.poll(() => ada.request("/api/calendar/sources").then((response) => response.status)).toBe(200);
      expect((await ada.request(`/api/calendar/sources/${source.id}`, { method: "DELETE" })).status).toBe(204);
    });

  if (dialect === "sqlite")
    it("answers 503 to an add while another process holds SQLite's write lock, and stores nothing half", async () => {
      if (context.database.config.kind !== "sqlite") throw new Error("a SQLite database was expected");
      const { client } = await signUp(context.server.baseUrl, "Lou Locked");
      const holder = openSqliteConnection(context.database.config.file);
      try {
        holder.exec("begin immediate");
        await unavailable(
          await add(client, { kind: "ics", url: `${fixtures.baseUrl}/team.ics` }),
          MESSAGES.databaseBusy,
          "add",
        );
        // Reading needs no lock.
        expect((await client.request("/api/calendar/sources")).status).toBe(200);
      } finally {
        holder.exec("rollback");
        holder.close();
      }
      expect(
        ((await (await client.request("/api/calendar/sources")).json()) as { sources: unknown[] }).sources,
      ).toEqual([]);
      expect((await add(client, { kind: "ics", url: `${fixtures.baseUrl}/team.ics` })).status).toBe(201);
    });
});
