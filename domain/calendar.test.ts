import { describe, expect, it } from "vitest";
import { isCalendarDate, isClockTime, isDeadline, isTimestamp } from "./calendar";

/** Each check against a corpus of what it must accept and what it must refuse. */
const corpus: [string, (value: string) => boolean, { accepted: string[]; refused: string[] }][] = [
  [
    "isCalendarDate",
    isCalendarDate,
    {
      accepted: ["2026-02-28", "2028-02-29", "2000-02-29", "2026-12-31", "2026-04-30", "0001-01-01", "9999-12-31"],
      refused: [
        "2026-02-29", // not a leap year
        "1900-02-29", // divisible by 100, not by 400
        "2026-02-30",
        "2026-02-31", // Date.parse rolls it over to 3 March
        "2026-04-31",
        "2026-06-31",
        "2026-09-31",
        "2026-11-31",
        "2026-01-32",
        "2026-13-01",
        "2026-00-10",
        "2026-01-00",
        "2026-1-01",
        "2026-01-1",
        "26-01-01",
        "+02026-01-01",
        "2026/01/01",
        "2026-01-01 ",
        " 2026-01-01",
        "2026-01-01\n",
        "２０２６-01-01", // full-width digits
        "",
      ],
    },
  ],
  [
    "isClockTime",
    isClockTime,
    {
      accepted: ["00:00", "09:05", "12:30", "22:00", "23:59"],
      refused: ["24:00", "23:60", "25:00", "9:00", "09:5", "0900", "09:00:00", "-1:00", "09:00 ", "", "ab:cd"],
    },
  ],
  [
    "isDeadline",
    isDeadline,
    {
      accepted: ["2026-12-24", "2028-02-29", "2026-12-24T18:30", "2026-12-24T00:00", "2026-12-24T23:59"],
      refused: [
        "2026-02-29",
        "2026-02-31",
        "2026-02-31T10:00",
        "2026-13-01T10:00",
        "2026-12-24T24:00",
        "2026-12-24T23:60",
        "2026-12-24T18:30:00",
        "2026-12-24T18:30Z",
        "2026-12-24T",
        "2026-12-24T18:30T18:30",
        "2026-12-24 18:30",
        "T18:30",
        "",
      ],
    },
  ],
  [
    "isTimestamp",
    isTimestamp,
    {
      accepted: [
        "2026-11-24T07:48:57Z",
        "2026-11-24T07:48:57.123Z",
        "2026-11-24T07:48:57.123456789Z",
        "2028-02-29T23:59:59+14:00",
        "2026-11-24T07:48:57-05:30",
        "2026-11-24T07:48:57+23:59",
      ],
      refused: [
        "2026-02-29T10:00:00Z",
        "2026-02-31T10:00:00Z",
        "2026-13-01T10:00:00Z",
        "2026-00-10T10:00:00Z",
        "2026-11-24T24:00:00Z",
        "2026-11-24T23:60:00Z",
        "2026-11-24T23:59:60Z", // a leap second: JavaScript has no such instant
        "2026-11-24T10:00:00+25:00",
        "2026-11-24T10:00:00+01:60",
        "2026-11-24T10:00:00+0100",
        "2026-11-24T10:00:00+01",
        "2026-11-24T10:00:00", // no offset: which instant is it?
        "2026-11-24T10:00Z", // no seconds
        "2026-11-24T10:00:00.Z",
        "2026-11-24T10:00:00.1234567890Z",
        "2026-11-24 10:00:00Z",
        "2026-11-24t10:00:00z",
        "2026-11-24",
        "Tue, 24 Nov 2026 07:48:57 GMT", // Date.parse reads it
        "1764000000000",
        "",
      ],
    },
  ],
];

describe("strict dates and times", () => {
  for (const [name, check, { accepted, refused }] of corpus) {
    it(`${name} accepts real ones and refuses the rest`, () => {
      expect(accepted.filter((value) => !check(value))).toEqual([]);
      expect(refused.filter((value) => check(value))).toEqual([]);
    });
  }

  it("agrees with the calendar on every day of 400 years (one leap-year cycle)", () => {
    const start = Date.UTC(2000, 0, 1);
    let day = 0;
    for (let at = start; at < Date.UTC(2400, 0, 1); at += 86_400_000, day += 1) {
      const date = new Date(at).toISOString().slice(0, 10);
      if (!isCalendarDate(date)) throw new Error(`refused ${date}`);
    }
    // 146 097 days in 400 Gregorian years; a check that let in 31 February would not count them right.
    expect(day).toBe(146_097);
    let accepted = 0;
    for (let year = 2000; year < 2400; year += 1)
      for (let month = 1; month <= 12; month += 1)
        for (let dayOfMonth = 1; dayOfMonth <= 31; dayOfMonth += 1) {
          const date = `${year}-${String(month).padStart(2, "0")}-${String(dayOfMonth).padStart(2, "0")}`;
          if (isCalendarDate(date)) accepted += 1;
        }
    expect(accepted).toBe(146_097);
  });
});
