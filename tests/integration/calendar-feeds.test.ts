import ICAL from "ical.js";
import nodeIcal, { type VEvent } from "node-ical";
import { beforeAll, expect, it } from "vitest";
import type { CalendarFeed, CreatedFeed } from "../../domain/calendar-feeds.js";
import { describeEachDialect } from "../helpers/databases.js";
import { createSharedGroup } from "../helpers/groups.js";
import { HttpClient } from "../helpers/http-client.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";
import { addTaskOverApi, personalGroupId } from "../helpers/tasks.js";

/**
 * Secret ICS feeds over HTTP (docs/calendar.md): what a calendar app subscribed to the address
 * reads, checked by two independent parsers, and who can make, read and end a feed.
 */
describeEachDialect("calendar feeds", (_dialect, createDatabase) => {
  const context = useServer(createDatabase);
  let ada: HttpClient;
  let adaId: string;
  let adaPersonal: string;
  let bob: HttpClient;
  let bobId: string;
  let family: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const makeFeed = async (client: HttpClient, groupId: string | null, includeCompleted = false) =>
    json<CreatedFeed>(await client.request("/api/calendar/feeds", { json: { groupId, includeCompleted } }), 201);
  /** The events node-ical reads in a feed. */
  const nodeIcalEvents = (text: string) =>
    Object.values(nodeIcal.sync.parseICS(text)).filter((entry): entry is VEvent => entry?.type === "VEVENT");
  /** What a calendar app gets: no cookie, just the address. */
  const fetchFeed = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

  beforeAll(async () => {
    ({ client: ada, id: adaId } = await signUp(context.server.baseUrl, "Ada Feeds"));
    ({ client: bob, id: bobId } = await signUp(context.server.baseUrl, "Bob Feeds"));
    adaPersonal = await personalGroupId(ada);
    family = await createSharedGroup(context.server.database.db, {
      ownerId: adaId,
      memberIds: [bobId],
      name: "Family",
    });
    await json(await ada.request("/api/profile", { method: "PATCH", json: { timeZone: "Europe/Berlin" } }));
    await json(await bob.request("/api/profile", { method: "PATCH", json: { timeZone: "America/New_York" } }));
  });

  it("needs sign-in to make, list, change or revoke a feed", async () => {
    const visitor = new HttpClient(context.server.baseUrl);
    for (const response of [
      await visitor.request("/api/calendar/feeds"),
      await visitor.request("/api/calendar/feeds", { json: { groupId: null } }),
      await visitor.request("/api/calendar/feeds/any", { method: "PATCH", json: { includeCompleted: true } }),
      await visitor.request("/api/calendar/feeds/any", { method: "DELETE" }),
    ]) {
      expect(response.status).toBe(401);
    }
  });

  it("puts each open task with a deadline in the feed as an event both parsers read alike", async () => {
    const allDay = await addTaskOverApi(ada, adaPersonal, "Renew passport", {
      deadline: "2026-12-01",
      priority: "high",
    });
    const timed = await addTaskOverApi(ada, family, "Dentist, then groceries; bring the card", {
      deadline: "2026-12-03T18:30",
      notes: "Room 4\nsecond floor",
    });
    await addTaskOverApi(ada, adaPersonal, "No deadline at all");
    const done = await addTaskOverApi(ada, adaPersonal, "Already done", { deadline: "2026-11-30" });
    await json(await ada.request(`/api/tasks/${done.id}`, { method: "PATCH", json: { completed: true } }));

    const { url, feed } = await makeFeed(ada, null);
    expect(feed).toMatchObject({ groupId: null, name: "All my groups", includeCompleted: false, lastUsedAt: null });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);

    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const text = await response.text();
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);

    // node-ical: its own reading of TZID and VTIMEZONE gives the instant.
    const parsed = nodeIcalEvents(text);
    const byTitle = new Map(parsed.map((event) => [String(event.summary), event]));
    expect([...byTitle.keys()].sort()).toEqual(["Dentist, then groceries; bring the card", "Renew passport"]);
    const dentist = byTitle.get("Dentist, then groceries; bring the card")!;
    expect(dentist.start.toISOString()).toBe("2026-12-03T17:30:00.000Z");
    expect(dentist.end?.toISOString()).toBe("2026-12-03T18:00:00.000Z");
    expect(String(dentist.description)).toContain("Room 4\nsecond floor");
    expect(String(dentist.uid)).toBe(`${timed.id}@tandem-task`);
    const passport = byTitle.get("Renew passport")!;
    expect(passport.datetype).toBe("date");
    expect(String(passport.uid)).toBe(`${allDay.id}@tandem-task`);

    // ical.js: the same events, the timed one with the zone's rules from the feed's VTIMEZONE.
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const zone of calendar.getAllSubcomponents("vtimezone")) {
      ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    }
    const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
    const dentistEvent = events.find((event) => event.uid === `${timed.id}@tandem-task`)!;
    expect(dentistEvent.startDate.toJSDate().toISOString()).toBe("2026-12-03T17:30:00.000Z");
    expect(dentistEvent.startDate.zone?.tzid).toBe("Europe/Berlin");
    const passportEvent = events.find((event) => event.uid === `${allDay.id}@tandem-task`)!;
    expect(passportEvent.startDate.isDate).toBe(true);
    expect(passportEvent.startDate.toString()).toBe("2026-12-01");
    expect(passportEvent.endDate.toString()).toBe("2026-12-02");
    expect(passportEvent.component.getFirstPropertyValue("priority")).toBe(1);
    expect(passportEvent.component.getFirstPropertyValue("url")).toBe(
      `${context.server.baseUrl}/task-detail-page?id=${allDay.id}`,
    );
  });

  it("answers an unchanged feed with 304 to its ETag and a changed one with new content", async () => {
    const { url } = await makeFeed(ada, adaPersonal);
    const first = await fetchFeed(url);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const body = await first.text();
    const again = await fetchFeed(url, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // Read again without the ETag: the very same bytes (nothing in a feed comes from the clock).
    expect(await (await fetchFeed(url)).text()).toBe(body);

    await addTaskOverApi(ada, adaPersonal, "Water the plants", { deadline: "2026-12-05" });
    const changed = await fetchFeed(url, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).toContain("SUMMARY:Water the plants");
  });

  it("keeps a timed deadline at its wall time across a DST change, with the zone's VTIMEZONE", async () => {
    await addTaskOverApi(ada, adaPersonal, "Before the change", { deadline: "2027-03-27T09:00" });
    await addTaskOverApi(ada, adaPersonal, "After the change", { deadline: "2027-03-29T09:00" });
    // 02:30 on 28 March does not exist in Berlin: read with the offset before the gap (03:30 CEST).
    await addTaskOverApi(ada, adaPersonal, "In the gap", { deadline: "2027-03-28T02:30" });
    const { url } = await makeFeed(ada, adaPersonal);
    const text = await (await fetchFeed(url)).text();
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20270327T090000");
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20270329T090000");
    expect(text).toMatch(/BEGIN:DAYLIGHT\r\nDTSTART:20270328T020000\r\nTZOFFSETFROM:\+0100\r\nTZOFFSETTO:\+0200/);
    const events = nodeIcalEvents(text);
    const at = (title: string) => events.find((event) => String(event.summary) === title)!;
    expect(at("Before the change").start.toISOString()).toBe("2027-03-27T08:00:00.000Z");
    expect(at("After the change").start.toISOString()).toBe("2027-03-29T07:00:00.000Z");
    expect(at("In the gap").start.toISOString()).toBe("2027-03-28T01:30:00.000Z");
    expect(at("In the gap").end?.toISOString()).toBe("2027-03-28T02:00:00.000Z");
  });

  it("gives a repeating task its RRULE, but only the next date of one that repeats from completion", async () => {
    await addTaskOverApi(ada, adaPersonal, "Bins out", {
      deadline: "2026-12-07T07:00",
      repeat: { rule: "FREQ=WEEKLY;BYDAY=MO" },
    });
    await addTaskOverApi(ada, adaPersonal, "Descale the kettle", {
      deadline: "2026-12-10",
      repeat: { rule: "FREQ=MONTHLY", fromCompletion: true },
    });
    const { url } = await makeFeed(ada, adaPersonal);
    const calendar = new ICAL.Component(ICAL.parse(await (await fetchFeed(url)).text()));
    const events = calendar.getAllSubcomponents("vevent");
    const rule = (title: string) =>
      events.find((event) => event.getFirstPropertyValue("summary") === title)!.getFirstPropertyValue("rrule");
    expect(String(rule("Bins out"))).toBe("FREQ=WEEKLY;BYDAY=MO");
    expect(rule("Descale the kettle")).toBeNull();
  });

  it("shows completed tasks only in a feed that asks for them", async () => {
    const { url, feed } = await makeFeed(ada, adaPersonal);
    expect(await (await fetchFeed(url)).text()).not.toContain("Already done");
    const changed = await json<CalendarFeed>(
      await ada.request(`/api/calendar/feeds/${feed.id}`, { method: "PATCH", json: { includeCompleted: true } }),
    );
    expect(changed.includeCompleted).toBe(true);
    expect(await (await fetchFeed(url)).text()).toContain("SUMMARY:✓ Already done");
  });

  it("makes a group's feed for members only, lists feeds without their addresses, and ends a replaced one", async () => {
    const outsider = await json<{ error: { code: string; message: string } }>(
      await bob.request("/api/calendar/feeds", { json: { groupId: adaPersonal } }),
      404,
    );
    expect(outsider.error.message).toBe("Group not found");

    const first = await makeFeed(bob, family);
    expect(first.feed).toMatchObject({ groupId: family, name: "Family" });
    const text = await (await fetchFeed(first.url)).text();
    expect(text).toContain("X-WR-CALNAME:Tandem: Family");
    expect(text).toContain("Dentist");
    expect(text).not.toContain("Renew passport");
    // Bob's zone plays no part: the deadline keeps the zone it was set in.
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20261203T183000");

    const listed = await json<{ feeds: CalendarFeed[] }>(await bob.request("/api/calendar/feeds"));
    expect(listed.feeds).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(first.url.split("/").at(-1)!.replace(".ics", ""));
    expect(listed.feeds[0]!.lastUsedAt).not.toBeNull();

    // Made again: a new address, the old one dead at once; still one feed.
    const second = await makeFeed(bob, family);
    expect(second.url).not.toBe(first.url);
    expect((await fetchFeed(first.url)).status).toBe(404);
    expect((await fetchFeed(second.url)).status).toBe(200);
    expect((await json<{ feeds: CalendarFeed[] }>(await bob.request("/api/calendar/feeds"))).feeds).toHaveLength(1);

    // Someone else's feed id is not there for them.
    for (const response of [
      await ada.request(`/api/calendar/feeds/${second.feed.id}`, { method: "DELETE" }),
      await ada.request(`/api/calendar/feeds/${second.feed.id}`, { method: "PATCH", json: { includeCompleted: true } }),
    ]) {
      expect(response.status).toBe(404);
    }
    expect((await fetchFeed(second.url)).status).toBe(200);

    const revoked = await bob.request(`/api/calendar/feeds/${second.feed.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(204);
    const gone = await fetchFeed(second.url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: { code: "not_found", message: "Calendar feed not found" } });
  });

  it("stops a group's feed for a member who left, and leaves a switched-off group out", async () => {
    const carol = await signUp(context.server.baseUrl, "Carol Feeds");
    const club = await createSharedGroup(context.server.database.db, {
      ownerId: adaId,
      memberIds: [carol.id],
      name: "Club",
    });
    await addTaskOverApi(ada, club, "Club night", { deadline: "2026-12-12" });
    const clubFeed = await makeFeed(carol.client, club);
    const allFeed = await makeFeed(carol.client, null);
    expect(await (await fetchFeed(allFeed.url)).text()).toContain("Club night");

    // The group's owner switches the module off for the group: out of the feed of all groups, its own feed refused.
    expect(
      (await ada.request(`/api/groups/${club}/modules/calendar-sync`, { method: "PUT", json: { enabled: false } }))
        .status,
    ).toBe(200);
    expect(await (await fetchFeed(allFeed.url)).text()).not.toContain("Club night");
    const refused = await fetchFeed(clubFeed.url);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("MODULE_DISABLED");
    expect(
      (await ada.request(`/api/groups/${club}/modules/calendar-sync`, { method: "PUT", json: { enabled: true } }))
        .status,
    ).toBe(200);

    expect((await ada.request(`/api/groups/${club}/members/${carol.id}`, { method: "DELETE" })).status).toBeLessThan(
      300,
    );
    expect((await fetchFeed(clubFeed.url)).status).toBe(404);
    expect(await (await fetchFeed(allFeed.url)).text()).not.toContain("Club night");
  });

  it("stops every feed of a user who switches the module off, and starts them again when on", async () => {
    const { url } = await makeFeed(bob, null);
    expect((await bob.request("/api/modules/calendar-sync", { method: "PUT", json: { enabled: false } })).status).toBe(
      200,
    );
    expect((await fetchFeed(url)).status).toBe(403);
    expect((await bob.request("/api/calendar/feeds")).status).toBe(403);
    expect((await bob.request("/api/modules/calendar-sync", { method: "PUT", json: { enabled: true } })).status).toBe(
      200,
    );
    expect((await fetchFeed(url)).status).toBe(200);
  });

  it("answers a made-up, malformed or hostile address with 404 and refuses bad input with 400", async () => {
    const base = `${context.server.baseUrl}/api/calendar/feed/`;
    for (const file of [
      `${"A".repeat(43)}.ics`,
      "short.ics",
      `${"A".repeat(43)}`,
      `..%2F..%2Fetc%2Fpasswd`,
      `${"A".repeat(42)}%00.ics`,
    ]) {
      const response = await fetch(base + file);
      expect(response.status, file).toBe(404);
    }
    for (const body of [{}, { groupId: 5 }, { groupId: "x\u0000y" }, { groupId: null, includeCompleted: "yes" }]) {
      const response = await ada.request("/api/calendar/feeds", { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBeTruthy();
    }
  });
});
