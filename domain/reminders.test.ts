import { describe, expect, it } from "vitest";
import { reminderDueAt, reminderMessage, zonedTimeToInstant } from "./reminders.js";

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

describe("what a deadline reminder says", () => {
  const task = (deadline: string, deadlineTimeZone: string | null = "Europe/Berlin") => ({
    title: "Call the plumber",
    deadline,
    deadlineTimeZone,
  });
  // 17:45 in Berlin on 24 December 2026.
  const now = new Date("2026-12-24T16:45:00Z");

  it("writes the time on the recipient's clock", () => {
    expect(reminderMessage(task("2026-12-24T18:45"), now, "en-US")).toEqual({
      title: "Due at 6:45 PM: Call the plumber",
      body: "A task of yours has its deadline coming up.",
    });
    expect(reminderMessage(task("2026-12-24T18:45"), now, "en-GB").title).toBe("Due at 18:45: Call the plumber");
    expect(reminderMessage(task("2026-12-24T18:45"), now, "de").title).toBe("Due at 18:45: Call the plumber");
  });

  it("names the day when it is not today", () => {
    expect(reminderMessage(task("2026-12-25T00:30"), now, "en-US").title).toBe(
      "Due tomorrow at 12:30 AM: Call the plumber",
    );
    expect(reminderMessage(task("2026-12-24"), now, "en-GB").title).toBe("Due today: Call the plumber");
  });

  it("never calls a passed deadline coming up", () => {
    const late = reminderMessage(task("2026-12-24T17:30"), now, "en-US");
    expect(late).toEqual({
      title: "Was due at 5:30 PM: Call the plumber",
      body: "A task of yours is past its deadline.",
    });
    expect(late.body).not.toContain("coming up");
    expect(reminderMessage(task("2026-12-23T20:00"), now, "de").title).toBe(
      "Was due yesterday at 20:00: Call the plumber",
    );
    expect(reminderMessage(task("2026-12-23"), now, "en-GB")).toEqual({
      title: "Was due yesterday: Call the plumber",
      body: "A task of yours is past its deadline.",
    });
    // A date alone is not passed until its day is over there.
    expect(reminderMessage(task("2026-12-24"), now, "en-GB").body).toContain("coming up");
  });

  it("reads the deadline in its own zone", () => {
    // 16:45 UTC is 11:45 in New York: 18:45 there is still to come.
    expect(reminderMessage(task("2026-12-24T12:45", "America/New_York"), now, "en-US").title).toBe(
      "Due at 12:45 PM: Call the plumber",
    );
    expect(reminderMessage(task("2026-12-24T11:30", "America/New_York"), now, "en-US").title).toBe(
      "Was due at 11:30 AM: Call the plumber",
    );
  });
});
