import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { cachedFormatCount, canonicalTimeZone } from "../../../../domain/time-zones.js";
import { cachedOffsetChangeCount } from "../vtimezone.js";
import {
  expandCalendar,
  MAX_DATES_PER_EVENT,
  MAX_EVENTS,
  MAX_VEVENTS,
  MAX_ZONES_PER_CALENDAR,
  newBudget,
  ruleCanOccur,
} from "./expand.js";
import { expandOnWorker, ExpandTimeoutError, expandWorkerCount } from "./expand-pool.js";

const calendar = (...parts: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Limits//EN", ...parts, "END:VCALENDAR"].join("\r\n");
const event = (...lines: string[]) => ["BEGIN:VEVENT", "DTSTAMP:20260101T000000Z", ...lines, "END:VEVENT"].join("\r\n");
const LUNCH = event("UID:lunch@example.org", "SUMMARY:Lunch", "DTSTART:20260302T120000Z", "DTEND:20260302T130000Z");
const repeating = (uid: string, rule: string, start = "20260101T090000Z") =>
  event(`UID:${uid}`, `SUMMARY:${uid}`, `DTSTART:${start}`, `RRULE:${rule}`);
const MARCH = { from: "2026-03-01", to: "2026-03-31", timeZone: "UTC" };

/** Rules ical.js 2.2 searches for ever on (or, for the yearly one, answers with an invented March 2). */
const NEVER = [
  "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
  "FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31;UNTIL=20270101T000000Z",
  "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=3",
  "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30",
  "FREQ=MINUTELY;BYMONTH=6;BYMONTHDAY=-31",
  "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
  "FREQ=DAILY;BYWEEKNO=53;BYMONTH=6",
];

describe("outside calendars: rules that can never occur", () => {
  for (const rule of NEVER) {
    it(`skips ${rule} and keeps the calendar's other events`, () => {
      const budget = newBudget();
      const events = expandCalendar(calendar(repeating("never", rule), LUNCH), MARCH, budget);
      expect(events.map((entry) => entry.uid)).toEqual(["lunch@example.org"]);
      // Nothing was left out: the rule has no occurrences.
      expect(budget.cut).toBe(false);
    });
  }

  it("keeps February 29, which leap years have", () => {
    const text = calendar(repeating("leap", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"));
    expect(expandCalendar(text, { from: "2028-02-01", to: "2028-03-31", timeZone: "UTC" })).toMatchObject([
      { uid: "leap", start: "2028-02-29T09:00:00.000Z" },
    ]);
  });

  it("tells possible rules from impossible ones", () => {
    const can = (rule: string) => ruleCanOccur(ICAL.Recur.fromString(rule));
    expect(can("FREQ=MONTHLY;BYMONTH=1,4;BYMONTHDAY=31")).toBe(true);
    expect(can("FREQ=MONTHLY;BYMONTHDAY=-1")).toBe(true);
    expect(can("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13")).toBe(true);
    expect(can("FREQ=YEARLY;BYWEEKNO=1")).toBe(true);
    expect(can("FREQ=MONTHLY;BYMONTH=4,6,9,11;BYMONTHDAY=31")).toBe(false);
    expect(can("FREQ=WEEKLY;BYMONTHDAY=1")).toBe(false);
    expect(can("FREQ=MONTHLY;BYYEARDAY=1")).toBe(false);
  });
});

describe("outside calendars: the worker and its deadline", () => {
  it("answers on a worker thread as in the process", { timeout: 30_000 }, async () => {
    const text = calendar(repeating("daily", "FREQ=DAILY"), LUNCH);
    const answer = await expandOnWorker([text], MARCH, newBudget());
    expect(answer.events).toEqual(expandCalendar(text, MARCH));
    expect(answer.budget.steps).toBeLessThan(newBudget().steps);
  });

  it("gives a job up past its deadline, and the next job still runs", { timeout: 30_000 }, async () => {
    const text = calendar(LUNCH);
    // A tiny deadline against a large calendar (parsing it alone takes longer, warm worker or not)
    // stands in for a rule that never ends.
    const large = calendar(...Array.from({ length: 4_000 }, (_, index) => repeating(`s${index}`, "FREQ=DAILY")));
    await expect(expandOnWorker([large], MARCH, newBudget(), 5)).rejects.toBeInstanceOf(ExpandTimeoutError);
    const answers = await Promise.all(Array.from({ length: 6 }, () => expandOnWorker([text], MARCH, newBudget())));
    expect(answers.map((answer) => answer.events.length)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(expandWorkerCount()).toBeLessThanOrEqual(2);
  });

  it("gives a job up at its deadline while it still waits behind slow ones", { timeout: 60_000 }, async () => {
    const large = calendar(...Array.from({ length: 4_000 }, (_, index) => repeating(`w${index}`, "FREQ=DAILY")));
    let slowDone = false;
    const slow = [1, 2].map(() => expandOnWorker([large], MARCH, newBudget(), 30_000));
    void Promise.allSettled(slow).then(() => (slowDone = true));
    // Both workers are busy: this one waits, and is given up at its own deadline, not theirs.
    await expect(expandOnWorker([calendar(LUNCH)], MARCH, newBudget(), 20)).rejects.toBeInstanceOf(ExpandTimeoutError);
    expect(slowDone).toBe(false);
    await Promise.allSettled(slow);
    const after = await expandOnWorker([calendar(LUNCH)], MARCH, newBudget());
    expect(after.events).toHaveLength(1);
  });
});

describe("outside calendars: zone names in any letter case", () => {
  const at = (zone: string) =>
    calendar(
      event(
        `UID:${zone}`,
        "SUMMARY:Meeting",
        `DTSTART;TZID=${zone}:20260302T090000`,
        `DTEND;TZID=${zone}:20260302T100000`,
      ),
    );

  it("reads each spelling as the canonical zone and keeps one cache entry for all", () => {
    expect(canonicalTimeZone("eUrope/berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("Nowhere/Atlantis")).toBeNull();
    const canonical = expandCalendar(at("Europe/Berlin"), MARCH);
    const formats = cachedFormatCount();
    const scans = cachedOffsetChangeCount();
    const spellings = ["europe/berlin", "eUrope/berlin", "EUROPE/BERLIN", "europe/BERLIN", "EuRoPe/BeRlIn"];
    for (const spelling of spellings) {
      const [first] = expandCalendar(at(spelling), MARCH);
      expect(first).toMatchObject({ start: canonical[0]!.start, end: canonical[0]!.end });
    }
    expect(canonical[0]!.start).toBe("2026-03-02T08:00:00.000Z");
    expect(cachedFormatCount()).toBe(formats);
    expect(cachedOffsetChangeCount()).toBe(scans);
  });

  it("reads the viewer's zone in any letter case", () => {
    const floating = calendar(event("UID:f", "SUMMARY:F", "DTSTART:20260302T090000", "DTEND:20260302T100000"));
    expect(expandCalendar(floating, { ...MARCH, timeZone: "eUrope/berlin" })).toEqual(
      expandCalendar(floating, { ...MARCH, timeZone: "Europe/Berlin" }),
    );
  });

  it(`reads times in zones past the first ${MAX_ZONES_PER_CALENDAR} of a calendar as UTC`, () => {
    const zones = Intl.supportedValuesOf("timeZone")
      .filter((zone) => zone.startsWith("Asia/"))
      .slice(0, MAX_ZONES_PER_CALENDAR + 3);
    const text = calendar(
      ...zones.map((zone, index) =>
        event(`UID:${String(index).padStart(2, "0")}`, "SUMMARY:Z", `DTSTART;TZID=${zone}:20260302T090000`),
      ),
    );
    const events = expandCalendar(text, MARCH).sort((a, b) => (a.uid < b.uid ? -1 : 1));
    expect(events).toHaveLength(zones.length);
    const utc = events.filter((entry) => entry.start === "2026-03-02T09:00:00.000Z").map((entry) => entry.uid);
    expect(utc).toEqual(expect.arrayContaining(["20", "21", "22"]));
  });
});

describe("outside calendars: one budget per request", () => {
  it("stops every calendar once the request's budget is spent, and says it was cut", { timeout: 60_000 }, () => {
    // 1,000 daily series give 31,000 events in March, far past the request's 5,000.
    const many = calendar(...Array.from({ length: 1_000 }, (_, index) => repeating(`s${index}`, "FREQ=DAILY")));
    const budget = newBudget();
    const first = expandCalendar(many, MARCH, budget);
    expect(first.length).toBeLessThanOrEqual(MAX_EVENTS);
    expect(budget.cut).toBe(true);
    // The budget is shared: a second calendar of the same request gets nothing more.
    expect(expandCalendar(calendar(LUNCH), MARCH, budget)).toEqual([]);
    // A fresh request reads the small calendar as before.
    expect(expandCalendar(calendar(LUNCH), MARCH)).toHaveLength(1);
  });

  it(`reads at most ${MAX_VEVENTS} events of a text`, { timeout: 60_000 }, () => {
    const singles = Array.from({ length: MAX_VEVENTS + 10 }, (_, index) =>
      event(`UID:e${index}`, "SUMMARY:E", "DTSTART:20260302T120000Z"),
    );
    const budget = { ...newBudget(), events: MAX_VEVENTS * 2, steps: MAX_VEVENTS * 2 };
    expect(expandCalendar(calendar(...singles), MARCH, budget)).toHaveLength(MAX_VEVENTS);
    expect(budget.cut).toBe(true);
  });

  it(`skips an event with more than ${MAX_DATES_PER_EVENT} EXDATE and RDATE values`, () => {
    const dates = (count: number) =>
      Array.from({ length: count }, (_, index) => {
        const day = new Date(Date.UTC(2000, 0, 1) + index * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
        return `EXDATE:${day}T090000Z`;
      });
    const within = calendar(
      event("UID:w", "SUMMARY:W", "DTSTART:20000101T090000Z", "RRULE:FREQ=DAILY", ...dates(MAX_DATES_PER_EVENT)),
    );
    const past = calendar(
      event("UID:p", "SUMMARY:P", "DTSTART:20000101T090000Z", "RRULE:FREQ=DAILY", ...dates(MAX_DATES_PER_EVENT + 1)),
    );
    expect(expandCalendar(within, MARCH)).toHaveLength(31);
    const budget = newBudget();
    expect(expandCalendar(past, MARCH, budget)).toEqual([]);
    expect(budget.cut).toBe(true);
  });
});
