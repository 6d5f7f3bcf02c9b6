import { describe, expect, it } from "vitest";
import { repeatRuleProblem } from "./repeat-rule.js";

/** Every rule the quick add corpus writes (domain/quick-add/corpus.test.ts), and some more. */
const ACCEPTED = [
  "FREQ=DAILY",
  "FREQ=DAILY;INTERVAL=3",
  "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR",
  "FREQ=WEEKLY",
  "FREQ=WEEKLY;INTERVAL=6",
  "FREQ=WEEKLY;BYDAY=MO,WE,FR",
  "FREQ=WEEKLY;BYDAY=SA,SU",
  "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;WKST=SU",
  "FREQ=MONTHLY",
  "FREQ=MONTHLY;INTERVAL=3",
  "FREQ=MONTHLY;BYDAY=-1FR",
  "FREQ=MONTHLY;BYDAY=2TU",
  "FREQ=MONTHLY;BYMONTHDAY=-1",
  "FREQ=MONTHLY;BYMONTHDAY=31",
  "FREQ=MONTHLY;BYMONTHDAY=1,15",
  "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
  "FREQ=YEARLY",
  "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24",
  "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
  "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH",
  "FREQ=YEARLY;BYDAY=20MO",
  "freq=weekly;byday=mo",
];

describe("repeat rules a task accepts", () => {
  it.each(ACCEPTED)("%s", (rule) => {
    expect(repeatRuleProblem(rule)).toBeNull();
  });

  it.each([
    ["FREQ=SECONDLY", "at most daily"],
    ["FREQ=MINUTELY;INTERVAL=5", "at most daily"],
    ["FREQ=HOURLY", "at most daily"],
    ["FREQ=FORTNIGHTLY", "at most daily"],
    ["INTERVAL=2", "Say how often"],
    ["RRULE:FREQ=DAILY", 'Leave out the "RRULE:" prefix'],
    ["FREQ=DAILY;COUNT=10", "COUNT is not supported"],
    ["FREQ=WEEKLY;UNTIL=20261231", "UNTIL is not supported"],
    ["FREQ=DAILY;BYHOUR=9,17", "BYHOUR is not supported"],
    ["FREQ=YEARLY;BYWEEKNO=20", "BYWEEKNO is not supported"],
    ["FREQ=DAILY;FREQ=WEEKLY", "FREQ is given twice"],
    ["FREQ=DAILY;INTERVAL=0", "INTERVAL must be"],
    ["FREQ=DAILY;INTERVAL=1000", "INTERVAL must be"],
    ["FREQ=DAILY;INTERVAL=7;BYDAY=MO", "multiple of 7"],
    ["FREQ=WEEKLY;BYMONTHDAY=1", "BYMONTHDAY needs FREQ=MONTHLY or YEARLY"],
    ["FREQ=WEEKLY;BYDAY=1MO", "needs FREQ=MONTHLY or YEARLY"],
    ["FREQ=MONTHLY;BYDAY=6MO", "from 1 to 5"],
    ["FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY lists days"],
    ["FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY lists days"],
    ["FREQ=YEARLY;BYMONTH=13", "BYMONTH lists months"],
    ["FREQ=MONTHLY;BYSETPOS=1", "BYSETPOS needs BYDAY or BYMONTHDAY"],
    ["FREQ=WEEKLY;WKST=XX", "WKST is one weekday"],
    ["FREQ=WEEKLY;BYDAY=MONDAY", "BYDAY lists weekdays"],
    // Rules that never come round.
    ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "never comes round"],
    ["FREQ=MONTHLY;BYMONTH=4,6,9,11;BYMONTHDAY=31", "never comes round"],
    ["FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6", "never comes round"],
    ["FREQ=YEARLY;INTERVAL=40", "never comes round"],
    // Not a rule at all, or one no database row should hold.
    ["every monday", "KEY=VALUE parts"],
    ["", "KEY=VALUE parts"],
    ["FREQ=DAILY;", "KEY=VALUE parts"],
    ["FREQ=DAILY\nDTSTART:20260101T000000Z", "control character"],
    ["FREQ=DAILY\u0085", "control character"],
    [`FREQ=WEEKLY;BYDAY=${"MO,".repeat(80)}MO`, "at most 200 characters"],
  ])("refuses %j: %s", (rule, why) => {
    expect(repeatRuleProblem(rule)).toContain(why);
  });

  it("decides on a rule that never comes round in milliseconds, not the seconds rrule takes alone", () => {
    const started = performance.now();
    expect(repeatRuleProblem("FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30")).toContain("never comes round");
    expect(repeatRuleProblem("FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=11")).toContain("never comes round");
    expect(performance.now() - started).toBeLessThan(500);
  });
});
