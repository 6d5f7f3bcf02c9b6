import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextDeadline, nextOccurrence, type Repeat } from "./recurrence.js";
import { reminderDueAt } from "./reminders.js";
import { repeatRuleProblem } from "./repeat-rule.js";
import { RRule } from "./rrule.js";

const fixed = (rule: string): Repeat => ({ rule, fromCompletion: false });
const counted = (rule: string): Repeat => ({ rule, fromCompletion: true });
/** The instant a deadline in a zone names, as reminders read it (no lead time). */
const instant = (deadline: string, zone: string) => reminderDueAt(deadline, zone, 0)!.toISOString();

describe("the next deadline of a repeating task, across daylight saving", () => {
  it.each([
    // zone, deadline, done at, next, the next one's instant
    ["Europe/Berlin", "2026-03-28T09:00", "2026-03-28T08:05:00Z", "2026-03-29T09:00", "2026-03-29T07:00:00.000Z"],
    ["Europe/Berlin", "2026-10-24T09:00", "2026-10-24T07:05:00Z", "2026-10-25T09:00", "2026-10-25T08:00:00.000Z"],
    ["America/New_York", "2026-03-07T09:00", "2026-03-07T14:05:00Z", "2026-03-08T09:00", "2026-03-08T13:00:00.000Z"],
    ["America/New_York", "2026-10-31T09:00", "2026-10-31T13:05:00Z", "2026-11-01T09:00", "2026-11-01T14:00:00.000Z"],
  ])("every day 09:00 in %s stays 09:00 (from %s)", (zone, deadline, doneAt, next, at) => {
    const found = nextDeadline(fixed("FREQ=DAILY"), { deadline, deadlineTimeZone: zone }, new Date(doneAt));
    expect(found).toBe(next);
    expect(instant(found!, zone)).toBe(at);
  });

  it("gives a Sunday 02:30 on the night that time does not exist, reminded an hour later", () => {
    // Berlin skips from 02:00 to 03:00 on 29 March 2026; New York on 8 March 2026.
    const berlin = nextDeadline(
      fixed("FREQ=WEEKLY;BYDAY=SU"),
      { deadline: "2026-03-22T02:30", deadlineTimeZone: "Europe/Berlin" },
      new Date("2026-03-22T06:00:00Z"),
    );
    expect(berlin).toBe("2026-03-29T02:30");
    expect(instant(berlin!, "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
    const newYork = nextDeadline(
      fixed("FREQ=WEEKLY;BYDAY=SU"),
      { deadline: "2026-03-01T02:30", deadlineTimeZone: "America/New_York" },
      new Date("2026-03-01T12:00:00Z"),
    );
    expect(newYork).toBe("2026-03-08T02:30");
  });

  it("keeps a 01:30 that comes twice (the night the clocks go back) as it is", () => {
    expect(
      nextDeadline(
        fixed("FREQ=WEEKLY;BYDAY=SU"),
        { deadline: "2026-10-25T01:30", deadlineTimeZone: "America/New_York" },
        new Date("2026-10-25T12:00:00Z"),
      ),
    ).toBe("2026-11-01T01:30");
  });

  it("reads 'done today' in the deadline's zone: just after midnight there is already the next day", () => {
    // 23:30 UTC on 28 March is 00:30 on 29 March in Berlin.
    const next = nextDeadline(
      counted("FREQ=DAILY;INTERVAL=3"),
      { deadline: "2026-03-01T09:00", deadlineTimeZone: "Europe/Berlin" },
      new Date("2026-03-28T23:30:00Z"),
    );
    expect(next).toBe("2026-04-01T09:00");
    const inUtc = nextDeadline(
      counted("FREQ=DAILY;INTERVAL=3"),
      { deadline: "2026-03-01T09:00", deadlineTimeZone: "UTC" },
      new Date("2026-03-28T23:30:00Z"),
    );
    expect(inUtc).toBe("2026-03-31T09:00");
  });
});

describe("month ends, leap years and weekdays", () => {
  it.each([
    // "every month on the 31st" skips months without one, as RFC 5545 says
    ["FREQ=MONTHLY;BYMONTHDAY=31", "2026-01-31", "2026-03-31"],
    ["FREQ=MONTHLY;BYMONTHDAY=31", "2026-03-31", "2026-05-31"],
    ["FREQ=MONTHLY;BYMONTHDAY=31", "2026-07-31T18:00", "2026-08-31T18:00"],
    // "monthly" from the 31st is the same rule
    ["FREQ=MONTHLY", "2026-01-31", "2026-03-31"],
    // "the last day of the month"
    ["FREQ=MONTHLY;BYMONTHDAY=-1", "2026-01-31", "2026-02-28"],
    ["FREQ=MONTHLY;BYMONTHDAY=-1", "2028-01-31", "2028-02-29"],
    ["FREQ=MONTHLY;BYMONTHDAY=-1", "2026-02-28", "2026-03-31"],
    ["FREQ=MONTHLY;BYMONTHDAY=30", "2028-01-30", "2028-03-30"],
    ["FREQ=MONTHLY;BYDAY=-1FR", "2026-12-25", "2027-01-29"],
    ["FREQ=MONTHLY;BYDAY=1MO", "2026-12-07", "2027-01-04"],
    ["FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "2026-01-30", "2026-02-27"],
    // leap years
    ["FREQ=YEARLY", "2024-02-29", "2028-02-29"],
    ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "2024-02-29", "2025-02-28"],
    ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "2096-02-29", "2104-02-29"],
    ["FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24", "2026-12-24T18:00", "2027-12-24T18:00"],
    // weekly on several days, and every other week
    ["FREQ=WEEKLY;BYDAY=MO,TH", "2026-12-07", "2026-12-10"],
    ["FREQ=WEEKLY;BYDAY=MO,TH", "2026-12-10", "2026-12-14"],
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "2026-12-10", "2026-12-21"],
    ["FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-12-11T08:00", "2026-12-14T08:00"],
    ["FREQ=WEEKLY", "2026-12-09", "2026-12-16"],
    // a deadline off the rule's days goes to its next day
    ["FREQ=WEEKLY;BYDAY=MO", "2026-12-02", "2026-12-07"],
    ["FREQ=DAILY;INTERVAL=3", "2026-12-30", "2027-01-02"],
  ])("%s after %s is %s", (rule, deadline, next) => {
    expect(nextOccurrence(rule, deadline)).toBe(next);
    // Done on time (the day before it is due, at noon UTC): the very next occurrence.
    const doneAt = new Date(Date.parse(`${deadline.slice(0, 10)}T12:00:00Z`) - 86_400_000);
    expect(nextDeadline(fixed(rule), { deadline, deadlineTimeZone: "UTC" }, doneAt)).toBe(next);
  });

  it("finds nothing for a rule that does not come round after the deadline", () => {
    expect(nextOccurrence("FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29", "2025-02-28")).toBeNull();
    expect(nextOccurrence("FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29", "2028-02-29")).toBe("2032-02-29");
  });
});

describe("a task done late, and one counted from completion", () => {
  const berlin = "Europe/Berlin";

  it("skips the missed occurrences: the first one on a day after today", () => {
    const late = { deadline: "2026-03-01T09:00", deadlineTimeZone: berlin };
    // Done on 20 March at 10:00 in Berlin: 9:00 today has passed too.
    expect(nextDeadline(fixed("FREQ=DAILY"), late, new Date("2026-03-20T09:00:00Z"))).toBe("2026-03-21T09:00");
    expect(nextDeadline(fixed("FREQ=WEEKLY;BYDAY=SU"), late, new Date("2026-03-20T09:00:00Z"))).toBe(
      "2026-03-22T09:00",
    );
    // Every other Monday from 5 January, done on Wednesday 4 March: its own Mondays, not the next Monday.
    expect(
      nextDeadline(
        fixed("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"),
        { deadline: "2026-01-05", deadlineTimeZone: berlin },
        new Date("2026-03-04T12:00:00Z"),
      ),
    ).toBe("2026-03-16");
  });

  it("takes a later hour of today, and a date due today, as not past", () => {
    const yesterday = { deadline: "2026-03-19T18:00", deadlineTimeZone: berlin };
    expect(nextDeadline(fixed("FREQ=DAILY"), yesterday, new Date("2026-03-20T09:00:00Z"))).toBe("2026-03-20T18:00");
    const dateOnly = { deadline: "2026-03-19", deadlineTimeZone: berlin };
    expect(nextDeadline(fixed("FREQ=DAILY"), dateOnly, new Date("2026-03-20T22:00:00Z"))).toBe("2026-03-20");
  });

  it("counts from the day it is done, early or late, at the deadline's time", () => {
    const task = { deadline: "2026-03-10T07:15", deadlineTimeZone: berlin };
    expect(nextDeadline(counted("FREQ=DAILY;INTERVAL=3"), task, new Date("2026-03-05T20:00:00Z"))).toBe(
      "2026-03-08T07:15",
    );
    expect(nextDeadline(counted("FREQ=DAILY;INTERVAL=3"), task, new Date("2026-03-25T20:00:00Z"))).toBe(
      "2026-03-28T07:15",
    );
    // "every! monday" done on a Monday is due the Monday after; done on a Wednesday, the next Monday.
    expect(nextDeadline(counted("FREQ=WEEKLY;BYDAY=MO"), task, new Date("2026-03-16T12:00:00Z"))).toBe(
      "2026-03-23T07:15",
    );
    expect(nextDeadline(counted("FREQ=WEEKLY;BYDAY=MO"), task, new Date("2026-03-18T12:00:00Z"))).toBe(
      "2026-03-23T07:15",
    );
    // "every! month": the day of the month it was done.
    expect(
      nextDeadline(
        counted("FREQ=MONTHLY"),
        { deadline: "2026-01-02", deadlineTimeZone: berlin },
        new Date("2026-03-20T12:00:00Z"),
      ),
    ).toBe("2026-04-20");
  });

  it("answers at once for a deadline centuries old", () => {
    const started = performance.now();
    expect(
      nextDeadline(
        fixed("FREQ=DAILY"),
        { deadline: "0001-01-01", deadlineTimeZone: "UTC" },
        new Date("2026-06-01T12:00:00Z"),
      ),
    ).toBe("2026-06-02");
    expect(nextOccurrence("FREQ=WEEKLY;INTERVAL=3;BYDAY=TU", "0001-01-02", "9990-01-01")).toMatch(/^9990-01-/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

/** A rule's parts as the generator draws them; BYSETPOS only with days to pick from. */
const ruleArbitrary = fc
  .record({
    freq: fc.constantFrom("DAILY", "WEEKLY", "MONTHLY", "YEARLY"),
    interval: fc.integer({ min: 1, max: 4 }),
    days: fc.subarray(["MO", "TU", "WE", "TH", "FR", "SA", "SU"]),
    nth: fc.constantFrom(undefined, 1, 2, -1),
    monthDays: fc.subarray([1, 15, 28, 29, 30, 31, -1]),
    months: fc.subarray([1, 2, 6, 12]),
  })
  .map(({ freq, interval, days, nth, monthDays, months }) => {
    const parts = [`FREQ=${freq}`];
    if (interval > 1) parts.push(`INTERVAL=${interval}`);
    const monthly = freq === "MONTHLY" || freq === "YEARLY";
    if (days.length) parts.push(`BYDAY=${days.map((day) => (monthly && nth ? `${nth}${day}` : day)).join(",")}`);
    if (monthly && monthDays.length) parts.push(`BYMONTHDAY=${monthDays.join(",")}`);
    if (monthly && months.length) parts.push(`BYMONTH=${months.join(",")}`);
    return parts.join(";");
  })
  .filter((rule) => repeatRuleProblem(rule) === null);

const floating = (deadline: string) => new Date(`${deadline.length > 10 ? deadline : `${deadline}T00:00`}:00Z`);

describe("the bounded search", () => {
  it("finds what rrule finds searching from the deadline itself, for any rule and any later day", () => {
    fc.assert(
      fc.property(
        ruleArbitrary,
        fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2060-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.boolean(),
        fc.integer({ min: 0, max: 4000 }),
        (rule, start, timed, laterDays) => {
          const anchor = start.toISOString().slice(0, timed ? 16 : 10);
          const after = new Date(floating(anchor).getTime() + laterDays * 86_400_000)
            .toISOString()
            .slice(0, timed ? 16 : 10);
          const ours = nextOccurrence(rule, anchor, after);
          // A rule that does not come round within the horizon would have rrule search until 9999.
          fc.pre(ours !== null);
          const theirs = new RRule({ ...RRule.parseString(rule), dtstart: floating(anchor) }).after(floating(after));
          expect(ours, `${rule} from ${anchor} after ${after}`).toBe(theirs!.toISOString().slice(0, timed ? 16 : 10));
        },
      ),
      { numRuns: 150 },
    );
  });
});
