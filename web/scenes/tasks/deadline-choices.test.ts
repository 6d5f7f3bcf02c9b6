import { describe, expect, it } from "vitest";
import { addDays, deadlineChoices, formatDay, withDate, withTime } from "./deadline-choices";

/** The choices as { key: date } for short expectations. */
function datesAt(now: string, timeZone: string): Record<string, string> {
  return Object.fromEntries(deadlineChoices(new Date(now), timeZone).map((choice) => [choice.key, choice.date]));
}

describe("deadline choices", () => {
  it("counts from today in the user's zone, not in UTC", () => {
    // Thursday 26 November 2026, 23:30 UTC: already Friday in Berlin, still Thursday afternoon in Los Angeles.
    const now = "2026-11-26T23:30:00Z";
    expect(datesAt(now, "America/Los_Angeles")).toEqual({
      today: "2026-11-26",
      tomorrow: "2026-11-27",
      "next-week": "2026-11-30",
      weekend: "2026-11-28",
    });
    expect(datesAt(now, "Europe/Berlin")).toEqual({
      today: "2026-11-27",
      tomorrow: "2026-11-28",
      "next-week": "2026-11-30",
      weekend: "2026-11-28",
    });
  });

  it("makes next week the next Monday: tomorrow on a Sunday, seven days on on a Monday", () => {
    expect(datesAt("2026-11-29T10:00:00Z", "UTC")["next-week"]).toBe("2026-11-30");
    expect(datesAt("2026-11-30T10:00:00Z", "UTC")["next-week"]).toBe("2026-12-07");
    expect(datesAt("2026-12-05T10:00:00Z", "UTC")["next-week"]).toBe("2026-12-07");
  });

  it("makes the weekend the coming Saturday, and the next one once the weekend has begun", () => {
    const friday = deadlineChoices(new Date("2026-11-27T10:00:00Z"), "UTC").find((c) => c.key === "weekend");
    expect(friday).toEqual({ key: "weekend", label: "This weekend", date: "2026-11-28" });
    const saturday = deadlineChoices(new Date("2026-11-28T10:00:00Z"), "UTC").find((c) => c.key === "weekend");
    expect(saturday).toEqual({ key: "weekend", label: "Next weekend", date: "2026-12-05" });
    const sunday = deadlineChoices(new Date("2026-11-29T10:00:00Z"), "UTC").find((c) => c.key === "weekend");
    expect(sunday).toEqual({ key: "weekend", label: "Next weekend", date: "2026-12-05" });
  });

  it("crosses month and year ends and leap days", () => {
    expect(datesAt("2026-04-30T12:00:00Z", "UTC").tomorrow).toBe("2026-05-01");
    // Thursday 31 December 2026.
    expect(datesAt("2026-12-31T12:00:00Z", "Europe/Paris")).toEqual({
      today: "2026-12-31",
      tomorrow: "2027-01-01",
      "next-week": "2027-01-04",
      weekend: "2027-01-02",
    });
    // New Year's Eve 23:30 in Paris is already 2027 in Auckland.
    expect(datesAt("2026-12-31T22:30:00Z", "Pacific/Auckland").today).toBe("2027-01-01");
    expect(datesAt("2028-02-28T12:00:00Z", "UTC").tomorrow).toBe("2028-02-29");
  });

  it("keeps to the calendar across a daylight-saving change", () => {
    // Saturday 7 March 2026, 23:30 in New York; clocks go forward that night, so the next day has
    // 23 hours and 24 hours from now is already Monday 00:30.
    expect(datesAt("2026-03-08T04:30:00Z", "America/New_York")).toEqual({
      today: "2026-03-07",
      tomorrow: "2026-03-08",
      "next-week": "2026-03-09",
      weekend: "2026-03-14",
    });
    // Sunday 25 October 2026, 00:30 in London, the night clocks go back.
    expect(datesAt("2026-10-24T23:30:00Z", "Europe/London")).toMatchObject({
      today: "2026-10-25",
      tomorrow: "2026-10-26",
      "next-week": "2026-10-26",
    });
  });

  it("adds days on the calendar", () => {
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
  });
});

describe("deadline values", () => {
  it("keeps the time of day when the date changes, and drops both for no date", () => {
    expect(withDate("2026-11-26T18:30", "2026-11-27")).toBe("2026-11-27T18:30");
    expect(withDate("2026-11-26", "2026-11-27")).toBe("2026-11-27");
    expect(withDate(null, "2026-11-27")).toBe("2026-11-27");
    expect(withDate("2026-11-26T18:30", null)).toBeNull();
  });

  it("adds, changes and removes the time of day", () => {
    expect(withTime("2026-11-27", "09:05")).toBe("2026-11-27T09:05");
    expect(withTime("2026-11-27T09:05", "18:00")).toBe("2026-11-27T18:00");
    expect(withTime("2026-11-27T09:05", null)).toBe("2026-11-27");
  });

  it("names a day as the locale writes it", () => {
    expect(formatDay("2026-11-27", "en-GB")).toBe("Fri 27 Nov");
    expect(formatDay("2026-11-27", "en-US")).toBe("Fri, Nov 27");
    expect(formatDay("2026-11-27", "de-DE")).toBe("Fr., 27. Nov.");
  });
});
