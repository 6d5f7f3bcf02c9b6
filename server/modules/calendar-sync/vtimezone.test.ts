import ICAL from "ical.js";
import { afterEach, expect, it } from "vitest";
import { wallClockAt } from "../../../domain/time-zones.js";
import { buildFeed, type FeedTask } from "./ics-feed.js";
import { offsetChanges, vtimezone, wallTimeToInstant } from "./vtimezone.js";

const ZONES = [
  "Europe/Berlin",
  "America/New_York",
  "America/St_Johns",
  "Australia/Lord_Howe",
  "Asia/Kolkata",
  "Pacific/Auckland",
  "UTC",
];

/** ical.js, given only the VTIMEZONE we made, reads a wall time as the instant Intl says it is. */
it("makes VTIMEZONEs with which ical.js finds the same instants as the zone data, across every change", () => {
  for (const zone of ZONES) {
    const timezone = new ICAL.Timezone(vtimezone(zone, 2025, 2028));
    const changes = offsetChanges(zone, 2025, 2028);
    // Every 7 hours for three years: each side of every change is visited.
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += 7 * 3_600_000) {
      const clock = wallClockAt(at, zone);
      // A wall time that happens twice is the first for RFC 5545 but the second for ical.js:
      // the hours around each change are left to the test of wallTimeToInstant below.
      if (changes.some((change) => Math.abs(change.at - at) < 3 * 3_600_000)) continue;
      const time = ICAL.Time.fromData({ ...clock }, timezone);
      expect(time.toUnixTime() * 1000, `${zone} ${new Date(at).toISOString()}`).toBe(Math.floor(at / 1000) * 1000);
    }
  }
});

it("finds each offset change to the minute, half-hour ones too", () => {
  expect(offsetChanges("Europe/Berlin", 2026, 2026)).toEqual([
    { at: Date.UTC(2026, 2, 29, 1), from: 60, to: 120 },
    { at: Date.UTC(2026, 9, 25, 1), from: 120, to: 60 },
  ]);
  // Lord Howe moves its clocks by half an hour, at 02:00 local time.
  expect(offsetChanges("Australia/Lord_Howe", 2026, 2026).map((change) => [change.from, change.to])).toEqual([
    [660, 630],
    [630, 660],
  ]);
  expect(offsetChanges("Asia/Kolkata", 2020, 2030)).toEqual([]);
  const kolkata = vtimezone("Asia/Kolkata", 2026, 2026).toString();
  expect(kolkata).toContain("TZOFFSETFROM:+0530\r\nTZOFFSETTO:+0530");
});

it("reads a wall time in a DST gap with the offset before it, and a repeated one as the first", () => {
  // Berlin, 29 March 2026: 02:00 jumps to 03:00. 02:30 is read as 02:30 +01:00 = 03:30 CEST.
  expect(
    new Date(wallTimeToInstant({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, "Europe/Berlin")).toISOString(),
  ).toBe("2026-03-29T01:30:00.000Z");
  // Berlin, 25 October 2026: 02:30 happens twice; the first is in CEST (+02:00).
  expect(
    new Date(wallTimeToInstant({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, "Europe/Berlin")).toISOString(),
  ).toBe("2026-10-25T00:30:00.000Z");
  // New York, 1 November 2026: 01:30 happens twice; the first is in EDT (-04:00).
  expect(
    new Date(
      wallTimeToInstant({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, "America/New_York"),
    ).toISOString(),
  ).toBe("2026-11-01T05:30:00.000Z");
});

const task = (extra: Partial<FeedTask>): FeedTask => ({
  id: "abcdefgh-0123456789",
  title: "Pay rent",
  notes: "",
  deadline: "2026-12-01",
  deadlineTimeZone: null,
  repeatRule: null,
  repeatFromCompletion: false,
  priority: "medium",
  completed: false,
  updatedAt: "2026-11-27T07:00:00.000Z",
  groupName: "Home",
  ...extra,
});

const originalZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalZone;
});

it("writes the same bytes whatever zone the server itself runs in", () => {
  const tasks = [
    task({}),
    task({ id: "b", deadline: "2026-03-29T02:30", deadlineTimeZone: "Europe/Berlin", repeatRule: "FREQ=WEEKLY" }),
    task({
      id: "c",
      deadline: "2026-12-31T23:45",
      deadlineTimeZone: "Pacific/Kiritimati",
      updatedAt: "2026-12-31T23:59:59.000Z",
    }),
    task({ id: "d", deadline: "2027-01-01", deadlineTimeZone: "America/St_Johns" }),
  ];
  const feeds = ["UTC", "Pacific/Kiritimati", "America/St_Johns", "Asia/Kathmandu"].map((zone) => {
    process.env.TZ = zone;
    expect(new Date(Date.UTC(2026, 0, 1)).getHours(), zone).toBe(wallClockAt(Date.UTC(2026, 0, 1), zone).hour);
    return buildFeed(tasks, { name: "Tandem: Home", origin: "https://tasks.example" });
  });
  for (const feed of feeds) expect(feed).toBe(feeds[0]);
  expect(feeds[0]).toContain("DTSTART;TZID=Pacific/Kiritimati:20261231T234500");
  expect(feeds[0]).toContain("DTEND;TZID=Pacific/Kiritimati:20270101T001500");
  expect(feeds[0]).toContain("DTSTAMP:20261231T235959Z");
});

it("makes a feed with a task due in the year 0000 at once, its zone not scanned from the 1880s", () => {
  const started = performance.now();
  const feed = buildFeed([task({ deadline: "0000-01-01T09:00", deadlineTimeZone: "America/New_York" })], {
    name: "Tandem: Home",
    origin: "https://tasks.example",
  });
  // Date.UTC reads the year 1 as 1901: the scan walked some 1,900 years, day by day, for seconds.
  expect(performance.now() - started).toBeLessThan(1_000);
  const observances = feed.split("\r\n").filter((line) => /^DTSTART:\d/.test(line));
  expect(observances.length).toBeGreaterThan(0);
  for (const line of observances) expect(line).not.toMatch(/^DTSTART:1[89]\d\d/);
});

it("writes deadlines in the years 0000 to 0999 and on the last day of 9999 as iCalendar readers take them", () => {
  const feed = buildFeed(
    [
      task({ id: "a", deadline: "0026-12-24" }),
      task({ id: "b", deadline: "0050-03-01T10:00", deadlineTimeZone: "America/New_York" }),
      task({ id: "c", deadline: "9999-12-31" }),
      task({ id: "d", deadline: "9999-12-31T23:45", deadlineTimeZone: "Europe/Berlin" }),
    ],
    { name: "Tandem: Home", origin: "https://tasks.example" },
  );
  expect(feed).toContain("DTSTART;VALUE=DATE:00261224\r\nDTEND;VALUE=DATE:00261225\r\n");
  expect(feed).toContain(
    "DTSTART;TZID=America/New_York:00500301T100000\r\nDTEND;TZID=America/New_York:00500301T103000\r\n",
  );
  // The text reads back, every event a day or half an hour long where it was put.
  const calendar = new ICAL.Component(ICAL.parse(feed) as [string, unknown[], unknown[]]);
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const spans = calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return [event.startDate.year, event.endDate.subtractDate(event.startDate).toSeconds()];
  });
  expect(spans).toEqual([
    [26, 86_400],
    [50, 1_800],
    [9999, 86_400],
    [9999, 1_800],
  ]);
});
