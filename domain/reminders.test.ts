import { describe, expect, it } from "vitest";
import { reminderDueAt, zonedTimeToInstant } from "./reminders.js";

describe("when a deadline's reminder is due", () => {
  it("comes the lead time before a deadline with a time, in the deadline's zone", () => {
    expect(reminderDueAt("2026-12-24T18:30", "Europe/Berlin", 60)?.toISOString()).toBe("2026-12-24T16:30:00.000Z");
    expect(reminderDueAt("2026-12-24T18:30", "America/New_York", 30)?.toISOString()).toBe("2026-12-24T23:00:00.000Z");
    expect(reminderDueAt("2026-12-24T18:30", null, 0)?.toISOString()).toBe("2026-12-24T18:30:00.000Z");
  });

  it("comes at 09:00 on the day of a date-only deadline", () => {
    expect(reminderDueAt("2026-12-24", "Asia/Tokyo", 60)?.toISOString()).toBe("2026-12-24T00:00:00.000Z");
  });

  it("follows daylight saving time", () => {
    // Berlin is UTC+2 in summer, UTC+1 in winter; 29 March 2026 springs forward at 02:00.
    expect(
      zonedTimeToInstant({ year: 2026, month: 7, day: 1, hour: 12, minute: 0 }, "Europe/Berlin").toISOString(),
    ).toBe("2026-07-01T10:00:00.000Z");
    expect(
      zonedTimeToInstant({ year: 2026, month: 3, day: 29, hour: 3, minute: 0 }, "Europe/Berlin").toISOString(),
    ).toBe("2026-03-29T01:00:00.000Z");
  });

  it("is null for a deadline that does not parse", () => {
    expect(reminderDueAt("next tuesday", "UTC", 60)).toBeNull();
  });
});
