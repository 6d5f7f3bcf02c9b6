import { describe, expect, it } from "vitest";
import {
  FALLBACK_TIME_LOCALE,
  formatCalendarDate,
  formatClockTime,
  formatDateTime,
  formatTimeOfDay,
  hourCycleOf,
  timeLocale,
  uses12HourClock,
} from "./time-format.js";

describe("times in the user's locale", () => {
  it("writes a wall-clock time on the locale's clock", () => {
    expect(formatClockTime("18:45", "en-US")).toBe("6:45 PM");
    expect(formatClockTime("18:45", "en-GB")).toBe("18:45");
    expect(formatClockTime("18:45", "de")).toBe("18:45");
    expect(formatClockTime("00:05", "en-US")).toBe("12:05 AM");
    expect(formatClockTime("00:05", "de-DE")).toBe("00:05");
  });

  it("says which clock a locale uses, and a tag may ask for the other one", () => {
    expect(uses12HourClock("en-US")).toBe(true);
    expect(uses12HourClock("en-GB")).toBe(false);
    expect(uses12HourClock("de")).toBe(false);
    expect(hourCycleOf("en-US-u-hc-h23")).toBe("h23");
    expect(formatClockTime("18:45", "en-US-u-hc-h23")).toBe("18:45");
  });

  it("writes the same clock for an instant, in the zone asked for", () => {
    const at = "2026-11-27T17:45:00Z";
    expect(formatTimeOfDay(at, "en-US", "Europe/Berlin")).toBe("6:45 PM");
    expect(formatTimeOfDay(at, "de", "Europe/Berlin")).toBe("18:45");
    expect(formatDateTime(at, "en-US", "Europe/Berlin")).toBe("Nov 27, 2026, 6:45 PM");
    expect(formatDateTime(at, "en-GB", "Europe/Berlin")).toBe("27 Nov 2026, 18:45");
  });

  it("has no narrow spaces, whatever the ICU version puts before AM/PM", () => {
    for (const text of [formatClockTime("18:45", "en-US"), formatDateTime(Date.UTC(2026, 0, 1, 18), "en-US", "UTC")])
      expect(text).not.toMatch(/[\u202f\u2009]/);
  });

  it("writes a calendar date as a short day, with the year when asked", () => {
    expect(formatCalendarDate("2026-11-27", "en-US")).toBe("Fri, Nov 27");
    // ICU versions differ on the comma after the weekday in British English.
    expect(formatCalendarDate("2026-11-27", "en-GB")).toMatch(/^Fri,? 27 Nov$/);
    expect(formatCalendarDate("2027-01-05", "en-GB", { withYear: true })).toMatch(/^Tue,? 5 Jan 2027$/);
  });

  it("falls back to a 24-hour clock without a locale or with one Intl cannot read", () => {
    expect(timeLocale(null)).toBe(FALLBACK_TIME_LOCALE);
    expect(timeLocale("not a locale!")).toBe(FALLBACK_TIME_LOCALE);
    expect(formatClockTime("18:45", null)).toBe("18:45");
    expect(formatClockTime("18:45", "??")).toBe("18:45");
  });
});
