import rrulePackage from "rrule";
import { describe, expect, it } from "vitest";
import { addDays, formatDate, type CivilDate } from "./civil-date.js";
import { firstDay, toRRule, type RepeatRule } from "./rule.js";

const { RRule } = rrulePackage;

/** Every shape of rule the phrases make, and one of each edge (31st, 29 February, last Friday). */
const RULES: [string, RepeatRule][] = [
  ["FREQ=DAILY", { frequency: "DAILY", interval: 1 }],
  ["FREQ=DAILY;INTERVAL=3", { frequency: "DAILY", interval: 3 }],
  ["FREQ=WEEKLY", { frequency: "WEEKLY", interval: 1 }],
  ["FREQ=WEEKLY;INTERVAL=2", { frequency: "WEEKLY", interval: 2 }],
  ["FREQ=WEEKLY;BYDAY=MO", { frequency: "WEEKLY", interval: 1, byDay: [{ weekday: 1 }] }],
  ["FREQ=WEEKLY;BYDAY=MO,TH", { frequency: "WEEKLY", interval: 1, byDay: [{ weekday: 4 }, { weekday: 1 }] }],
  [
    "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    { frequency: "WEEKLY", interval: 1, byDay: [1, 2, 3, 4, 5].map((day) => ({ weekday: day as 1 })) },
  ],
  ["FREQ=WEEKLY;BYDAY=SA,SU", { frequency: "WEEKLY", interval: 1, byDay: [{ weekday: 6 }, { weekday: 0 }] }],
  ["FREQ=WEEKLY;INTERVAL=2;BYDAY=SU", { frequency: "WEEKLY", interval: 2, byDay: [{ weekday: 0 }] }],
  ["FREQ=MONTHLY", { frequency: "MONTHLY", interval: 1 }],
  ["FREQ=MONTHLY;BYMONTHDAY=15", { frequency: "MONTHLY", interval: 1, byMonthDay: 15 }],
  ["FREQ=MONTHLY;BYMONTHDAY=31", { frequency: "MONTHLY", interval: 1, byMonthDay: 31 }],
  ["FREQ=MONTHLY;BYMONTHDAY=-1", { frequency: "MONTHLY", interval: 1, byMonthDay: -1 }],
  ["FREQ=MONTHLY;BYDAY=-1FR", { frequency: "MONTHLY", interval: 1, byDay: [{ weekday: 5, nth: -1 }] }],
  ["FREQ=MONTHLY;BYDAY=1MO", { frequency: "MONTHLY", interval: 1, byDay: [{ weekday: 1, nth: 1 }] }],
  ["FREQ=MONTHLY;BYDAY=5WE", { frequency: "MONTHLY", interval: 1, byDay: [{ weekday: 3, nth: 5 }] }],
  ["FREQ=YEARLY", { frequency: "YEARLY", interval: 1 }],
  ["FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24", { frequency: "YEARLY", interval: 1, byMonth: 12, byMonthDay: 24 }],
  ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", { frequency: "YEARLY", interval: 1, byMonth: 2, byMonthDay: 29 }],
];

/** rrule counts in "floating" UTC dates: a calendar day is its midnight in UTC. */
function utc(date: CivilDate): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day));
}

function civil(date: Date): CivilDate {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The first day on or after `from` the rule's BY parts allow, as the rrule package computes it. */
function rruleFirstDay(rule: string, from: CivilDate): string | null {
  const options = RRule.parseString(rule);
  // The interval spaces later occurrences from the first; which day comes first is the BY parts'.
  const next = new RRule({ ...options, interval: 1, dtstart: utc(from) }).after(utc(from), true);
  return next ? formatDate(civil(next)) : null;
}

/** Every fifth day of 2026 to 2028, so each weekday, month end and leap day comes up. */
const FROM_DAYS = Array.from({ length: 220 }, (_, index) => addDays({ year: 2026, month: 1, day: 1 }, index * 5));

describe("the repeat rules", () => {
  it.each(RULES)("%s is written as RFC 5545 says, and rrule reads it back", (text, rule) => {
    expect(toRRule(rule)).toBe(text);
    expect(RRule.parseString(text).freq).toBe(RRule[rule.frequency]);
  });

  it.each(RULES)("%s: the first day on or after any day is the one rrule finds", (text, rule) => {
    for (const from of FROM_DAYS) {
      const ours = firstDay(rule, from, false);
      expect(ours && formatDate(ours), formatDate(from)).toBe(rruleFirstDay(text, from));
    }
  });

  it.each(RULES)("%s: a day whose time has passed is skipped", (text, rule) => {
    for (const from of FROM_DAYS) {
      const ours = firstDay(rule, from, true);
      expect(ours && formatDate(ours), formatDate(from)).toBe(rruleFirstDay(text, addDays(from, 1)));
    }
  });
});
