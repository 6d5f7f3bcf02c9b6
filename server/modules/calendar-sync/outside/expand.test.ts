import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarNameOf, expandCalendar, isCalendarText } from "./expand.js";
import { NEW_YORK_VTIMEZONE } from "../../../../tests/fixtures/ical/new-york.js";

/** Calendars as Google, Apple and Nextcloud write them: CRLF lines, a VTIMEZONE per zone used. */
const calendar = (...parts: string[]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test//Outside//EN",
    "X-WR-CALNAME:Team",
    ...parts,
    "END:VCALENDAR",
  ].join("\r\n");

const BERLIN = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Berlin",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

const NEW_YORK = NEW_YORK_VTIMEZONE;

const event = (...lines: string[]) => ["BEGIN:VEVENT", "DTSTAMP:20260101T000000Z", ...lines, "END:VEVENT"].join("\r\n");

const BERLIN_WEEKLY = event(
  "UID:standup@example.org",
  "SUMMARY:Stand-up",
  "LOCATION:Room 4",
  "DTSTART;TZID=Europe/Berlin:20260302T090000",
  "DTEND;TZID=Europe/Berlin:20260302T093000",
  "RRULE:FREQ=WEEKLY;BYDAY=MO",
);

const NEW_YORK_WEEKLY = event(
  "UID:choir@example.org",
  "SUMMARY:Choir",
  "DTSTART;TZID=America/New_York:20260101T180000",
  "DTEND;TZID=America/New_York:20260101T200000",
  "RRULE:FREQ=WEEKLY;BYDAY=TH",
);

const starts = (text: string, from: string, to: string, timeZone = "UTC") =>
  expandCalendar(text, { from, to, timeZone }).map((entry) => entry.start);

describe("outside calendars: repeating events across clock changes", () => {
  it("keeps a weekly 09:00 in Europe/Berlin at 09:00 across the March and October changes", () => {
    const text = calendar(BERLIN, BERLIN_WEEKLY);
    // Clocks go forward on 29 March 2026 and back on 25 October 2026.
    expect(starts(text, "2026-03-16", "2026-04-06")).toEqual([
      "2026-03-16T08:00:00.000Z",
      "2026-03-23T08:00:00.000Z",
      "2026-03-30T07:00:00.000Z",
      "2026-04-06T07:00:00.000Z",
    ]);
    expect(starts(text, "2026-10-19", "2026-11-02")).toEqual([
      "2026-10-19T07:00:00.000Z",
      "2026-10-26T08:00:00.000Z",
      "2026-11-02T08:00:00.000Z",
    ]);
    const [first] = expandCalendar(text, { from: "2026-03-30", to: "2026-03-30", timeZone: "UTC" });
    expect(first).toMatchObject({
      uid: "standup@example.org",
      title: "Stand-up",
      location: "Room 4",
      allDay: false,
      end: "2026-03-30T07:30:00.000Z",
    });
  });

  it("keeps a weekly 18:00 in America/New_York at 18:00 across the March and November changes", () => {
    const text = calendar(NEW_YORK, NEW_YORK_WEEKLY);
    // Clocks go forward on 8 March 2026 and back on 1 November 2026.
    expect(starts(text, "2026-03-01", "2026-03-14")).toEqual(["2026-03-05T23:00:00.000Z", "2026-03-12T22:00:00.000Z"]);
    expect(starts(text, "2026-10-26", "2026-11-08")).toEqual(["2026-10-29T22:00:00.000Z", "2026-11-05T23:00:00.000Z"]);
  });

  it("keeps one calendar's zone definitions out of ical.js's registry once it is expanded", () => {
    const before = ICAL.TimezoneService.has("Europe/Berlin");
    expandCalendar(calendar(BERLIN, BERLIN_WEEKLY), { from: "2026-03-16", to: "2026-03-16", timeZone: "UTC" });
    expect(ICAL.TimezoneService.has("Europe/Berlin")).toBe(before);
    expect(ICAL.TimezoneService.has("UTC")).toBe(true);
  });

  it("makes an IANA zone the calendar names without a VTIMEZONE from the runtime's zone data", () => {
    const text = calendar(NEW_YORK_WEEKLY);
    expect(starts(text, "2026-03-01", "2026-03-14")).toEqual(["2026-03-05T23:00:00.000Z", "2026-03-12T22:00:00.000Z"]);
  });

  it("leaves out an EXDATE and shows a moved occurrence (RECURRENCE-ID) at its new time", () => {
    const text = calendar(
      BERLIN,
      event(
        "UID:standup@example.org",
        "SUMMARY:Stand-up",
        "DTSTART;TZID=Europe/Berlin:20260302T090000",
        "DTEND;TZID=Europe/Berlin:20260302T093000",
        "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10",
        "EXDATE;TZID=Europe/Berlin:20260316T090000",
      ),
      event(
        "UID:standup@example.org",
        "RECURRENCE-ID;TZID=Europe/Berlin:20260323T090000",
        "SUMMARY:Stand-up (moved)",
        "DTSTART;TZID=Europe/Berlin:20260324T140000",
        "DTEND;TZID=Europe/Berlin:20260324T150000",
      ),
    );
    const events = expandCalendar(text, { from: "2026-03-09", to: "2026-03-31", timeZone: "UTC" });
    expect(events.map((entry) => [entry.title, entry.start, entry.end])).toEqual([
      ["Stand-up", "2026-03-09T08:00:00.000Z", "2026-03-09T08:30:00.000Z"],
      ["Stand-up (moved)", "2026-03-24T13:00:00.000Z", "2026-03-24T14:00:00.000Z"],
      ["Stand-up", "2026-03-30T07:00:00.000Z", "2026-03-30T07:30:00.000Z"],
    ]);
    // COUNT=10 ends the series on 4 May.
    expect(starts(text, "2026-05-01", "2026-05-31")).toEqual(["2026-05-04T07:00:00.000Z"]);
  });

  it("adds RDATE occurrences to the rule's", () => {
    const text = calendar(
      event(
        "UID:extra@example.org",
        "SUMMARY:Review",
        "DTSTART:20260105T100000Z",
        "DURATION:PT1H30M",
        "RRULE:FREQ=MONTHLY;COUNT=2",
        "RDATE:20260120T100000Z",
      ),
    );
    const events = expandCalendar(text, { from: "2026-01-01", to: "2026-02-28", timeZone: "UTC" });
    expect(events.map((entry) => [entry.start, entry.end])).toEqual([
      ["2026-01-05T10:00:00.000Z", "2026-01-05T11:30:00.000Z"],
      ["2026-01-20T10:00:00.000Z", "2026-01-20T11:30:00.000Z"],
      ["2026-02-05T10:00:00.000Z", "2026-02-05T11:30:00.000Z"],
    ]);
  });
});

describe("outside calendars: single events", () => {
  it("keeps an all-day event of several days as dates, its end the day after the last", () => {
    const text = calendar(
      event("UID:trip@example.org", "SUMMARY:Trip", "DTSTART;VALUE=DATE:20260710", "DTEND;VALUE=DATE:20260713"),
    );
    expect(expandCalendar(text, { from: "2026-07-12", to: "2026-07-20", timeZone: "Europe/Berlin" })).toEqual([
      {
        uid: "trip@example.org",
        recurrenceId: "",
        title: "Trip",
        start: "2026-07-10",
        end: "2026-07-13",
        allDay: true,
        location: null,
      },
    ]);
    expect(expandCalendar(text, { from: "2026-07-13", to: "2026-07-20", timeZone: "UTC" })).toEqual([]);
  });

  it("gives an all-day event without DTEND its one day", () => {
    const text = calendar(event("UID:day@example.org", "SUMMARY:Holiday", "DTSTART;VALUE=DATE:20261225"));
    expect(expandCalendar(text, { from: "2026-12-25", to: "2026-12-25", timeZone: "UTC" })[0]).toMatchObject({
      start: "2026-12-25",
      end: "2026-12-26",
      allDay: true,
    });
  });

  it("reads a floating time on the viewer's clock", () => {
    const text = calendar(
      event("UID:float@example.org", "SUMMARY:Call", "DTSTART:20260615T090000", "DTEND:20260615T100000"),
    );
    expect(starts(text, "2026-06-15", "2026-06-15", "Europe/Berlin")).toEqual(["2026-06-15T07:00:00.000Z"]);
    expect(starts(text, "2026-06-15", "2026-06-15", "America/New_York")).toEqual(["2026-06-15T13:00:00.000Z"]);
  });

  it("shows a timed event without DTEND or DURATION at its start, without length", () => {
    const text = calendar(event("UID:point@example.org", "SUMMARY:Deadline", "DTSTART:20260615T090000Z"));
    expect(expandCalendar(text, { from: "2026-06-15", to: "2026-06-15", timeZone: "UTC" })[0]).toMatchObject({
      start: "2026-06-15T09:00:00.000Z",
      end: "2026-06-15T09:00:00.000Z",
    });
  });

  it("reads the days in the viewer's zone", () => {
    const text = calendar(event("UID:late@example.org", "SUMMARY:Late", "DTSTART:20260615T230000Z", "DURATION:PT30M"));
    expect(starts(text, "2026-06-16", "2026-06-16", "Europe/Berlin")).toEqual(["2026-06-15T23:00:00.000Z"]);
    expect(starts(text, "2026-06-16", "2026-06-16", "UTC")).toEqual([]);
  });

  it("stops a rule that repeats every minute since 1970 instead of walking it for ever", () => {
    const text = calendar(event("UID:spam@example.org", "DTSTART:19700101T000000Z", "RRULE:FREQ=MINUTELY"));
    // Walked to the end it would take ical.js some twenty minutes; the test's timeout is the bound.
    expect(expandCalendar(text, { from: "2026-01-01", to: "2026-12-31", timeZone: "UTC" })).toEqual([]);
  });

  it("tells iCalendar text from anything else, and reads its name", () => {
    expect(isCalendarText(calendar())).toBe(true);
    expect(isCalendarText("<html><body>Sign in</body></html>")).toBe(false);
    expect(calendarNameOf(calendar())).toBe("Team");
    expect(calendarNameOf(calendar().replace("X-WR-CALNAME:Team", "X-WR-CALNAME:Team\u0007\u001bB"))).toBe("Team B");
  });
});

describe("outside calendars: long series", () => {
  it("shows a daily event begun decades ago, quickly, with its weekday rule and exceptions intact", () => {
    const text = calendar(
      BERLIN,
      event(
        "UID:pills@example.org",
        "SUMMARY:Pills",
        "DTSTART;TZID=Europe/Berlin:19900103T080000",
        "DTEND;TZID=Europe/Berlin:19900103T081500",
        "RRULE:FREQ=DAILY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR",
        "EXDATE;TZID=Europe/Berlin:20260325T080000",
      ),
      event(
        "UID:pills@example.org",
        "RECURRENCE-ID;TZID=Europe/Berlin:20260327T080000",
        "SUMMARY:Pills (late)",
        "DTSTART;TZID=Europe/Berlin:20260327T120000",
        "DTEND;TZID=Europe/Berlin:20260327T121500",
      ),
    );
    const events = expandCalendar(text, { from: "2026-03-23", to: "2026-04-03", timeZone: "Europe/Berlin" });
    // Every second day from Wed 3 Jan 1990, weekdays only: 23, 25 (excluded), 27 (moved), 31 Mar, 2 Apr.
    expect(events.map((entry) => [entry.title, entry.start])).toEqual([
      ["Pills", "2026-03-23T07:00:00.000Z"],
      ["Pills (late)", "2026-03-27T11:00:00.000Z"],
      ["Pills", "2026-03-31T06:00:00.000Z"],
      ["Pills", "2026-04-02T06:00:00.000Z"],
    ]);
  });
});

describe("times the clock change skips or repeats", () => {
  it("shows them as RFC 5545 reads them: a skipped 02:30 at 03:30, a repeated 01:30 the first time", () => {
    const text = calendar(
      NEW_YORK,
      event(
        "UID:gap@example.org",
        "SUMMARY:In the gap",
        "DTSTART;TZID=America/New_York:20260308T023000",
        "DTEND;TZID=America/New_York:20260308T040000",
      ),
      event(
        "UID:twice@example.org",
        "SUMMARY:Twice",
        "DTSTART;TZID=America/New_York:20261101T013000",
        "DTEND;TZID=America/New_York:20261101T020000",
      ),
    );
    const events = expandCalendar(text, { from: "2026-03-01", to: "2026-11-30", timeZone: "UTC" });
    expect(events.map((found) => [found.title, found.start, found.end])).toEqual([
      // 02:30 EST would be 03:30 EDT (07:30 UTC), not 01:30 EST before the gap.
      ["In the gap", "2026-03-08T07:30:00.000Z", "2026-03-08T08:00:00.000Z"],
      // The first 01:30 is EDT (05:30 UTC); its end, 02:00, comes after the repeated hour, in EST.
      ["Twice", "2026-11-01T05:30:00.000Z", "2026-11-01T07:00:00.000Z"],
    ]);
  });
});

describe("text built to make ical.js slow", () => {
  it("is not read as a calendar when a line has more parameters than any calendar needs, at once", () => {
    // ical.js reads one line's parameters in quadratic time: these 400,000 took it about eight seconds.
    const text = calendar(event("UID:slow@example.org", `X-SLOW${";P=1".repeat(400_000)}:v`));
    const started = performance.now();
    expect(isCalendarText(text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
    // A folded line with a few parameters and a value full of semicolons is an ordinary calendar.
    const ordinary = calendar(
      event(
        "UID:ok@example.org",
        "DTSTART;TZID=Europe/Berlin;VALUE=DATE-TIME:20260302T0900",
        " 00",
        `DESCRIPTION:${"a\\;".repeat(500)}`,
      ),
    );
    expect(isCalendarText(ordinary)).toBe(true);
  });
});
