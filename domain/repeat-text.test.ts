import { describe, expect, it } from "vitest";
import { describeRepeat, presetOf, presetRules } from "./repeat-text.js";

describe("repeat rules in words", () => {
  it.each([
    ["FREQ=DAILY", "every day", "jeden Tag"],
    ["FREQ=DAILY;INTERVAL=3", "every 3 days", "alle 3 Tage"],
    ["FREQ=WEEKLY", "every week", "jede Woche"],
    ["FREQ=WEEKLY;BYDAY=MO", "every Monday", "jeden Montag"],
    ["FREQ=WEEKLY;BYDAY=MO,TH", "every Monday and Thursday", "jeden Montag und Donnerstag"],
    ["FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday", "jeden Werktag"],
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=SU", "every 2 weeks on Sunday", "alle 2 Wochen am Sonntag"],
    ["FREQ=MONTHLY;BYMONTHDAY=15", "every month on the 15th", "jeden Monat am 15."],
    ["FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day", "jeden Monat am letzten Tag"],
    ["FREQ=MONTHLY;BYDAY=-1FR", "every month on the last Friday", "jeden Monat am letzten Freitag"],
    ["FREQ=MONTHLY;INTERVAL=3;BYDAY=2TU", "every 3 months on the second Tuesday", "alle 3 Monate am zweiten Dienstag"],
    [
      "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
      "every month on the last weekday",
      "jeden Monat am letzten Werktag",
    ],
    ["FREQ=YEARLY", "every year", "jedes Jahr"],
    ["FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24", "every year on 24 December", "jedes Jahr am 24. Dezember"],
    [
      "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH",
      "every year on the fourth Thursday in November",
      "jedes Jahr am vierten Donnerstag im November",
    ],
  ])("%s: %s, %s", (rule, english, german) => {
    expect(describeRepeat(rule, "en-GB")).toBe(english);
    expect(describeRepeat(rule, "de-DE")).toBe(german);
  });

  it("follows the locale's order of day and month, and says when it counts from completion", () => {
    expect(describeRepeat("FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24", "en-US")).toBe("every year on December 24");
    expect(describeRepeat("FREQ=DAILY;INTERVAL=3", "en", { fromCompletion: true })).toBe(
      "every 3 days after it is done",
    );
    expect(describeRepeat("FREQ=DAILY;INTERVAL=3", "de", { fromCompletion: true })).toBe("alle 3 Tage nach Erledigung");
  });

  it("appends what it cannot say as written", () => {
    expect(describeRepeat("FREQ=MONTHLY;BYSETPOS=2;BYMONTHDAY=1,15,28", "en")).toBe(
      "every month (BYSETPOS=2;BYMONTHDAY=1,15,28)",
    );
  });
});

describe("the repeat choices of a task's page", () => {
  it("makes each from the deadline", () => {
    // 7 December 2026 is a Monday.
    expect(presetRules("2026-12-07T09:00")).toEqual({
      daily: "FREQ=DAILY",
      weekdays: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
      weekly: "FREQ=WEEKLY;BYDAY=MO",
      monthly: "FREQ=MONTHLY;BYMONTHDAY=7",
      yearly: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=7",
    });
  });

  it.each([
    ["FREQ=WEEKLY;BYDAY=MO", "weekly"],
    ["FREQ=WEEKLY", "weekly"],
    ["freq=weekly;byday=mo;interval=1;wkst=MO", "weekly"],
    ["FREQ=WEEKLY;BYDAY=TU", "custom"],
    ["FREQ=MONTHLY", "monthly"],
    ["FREQ=YEARLY", "yearly"],
    ["FREQ=DAILY", "daily"],
    ["FREQ=DAILY;INTERVAL=2", "custom"],
    ["FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "weekdays"],
  ])("knows %s as %s for a Monday the 7th", (rule, preset) => {
    expect(presetOf(rule, "2026-12-07")).toBe(preset);
  });
});
