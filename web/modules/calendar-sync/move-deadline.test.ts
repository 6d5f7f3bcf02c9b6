import { describe, expect, it } from "vitest";
import { zonedTimeToInstant } from "../../../domain/reminders";
import { inViewerZone } from "./calendar-item";
import { deadlineMovedTo, movedDeadline } from "./move-deadline";

describe("moving a deadline", () => {
  it("keeps the wall-clock time across the night the clocks go forward", () => {
    const moved = movedDeadline("2026-03-28T18:30", 1);
    expect(moved).toBe("2026-03-29T18:30");
    const before = zonedTimeToInstant({ year: 2026, month: 3, day: 28, hour: 18, minute: 30 }, "Europe/Berlin");
    const after = zonedTimeToInstant({ year: 2026, month: 3, day: 29, hour: 18, minute: 30 }, "Europe/Berlin");
    // A day on the calendar, 23 hours on the clock: the time of day is what was kept.
    expect(after.getTime() - before.getTime()).toBe(23 * 3_600_000);
    expect(inViewerZone(moved, "Europe/Berlin", "Europe/Berlin")).toEqual({ day: "2026-03-29", time: "18:30" });
  });

  it("keeps it across the night they go back, and a week back", () => {
    expect(movedDeadline("2026-11-01T09:00", -7)).toBe("2026-10-25T09:00");
    expect(deadlineMovedTo("2026-10-24T09:00", "2026-10-24", "2026-10-26")).toBe("2026-10-26T09:00");
  });

  it("moves a date alone across the year's end and onto a leap day", () => {
    expect(movedDeadline("2026-12-31", 1)).toBe("2027-01-01");
    expect(deadlineMovedTo("2028-02-28", "2028-02-28", "2028-02-29")).toBe("2028-02-29");
    expect(deadlineMovedTo("2028-03-06", "2028-03-06", "2028-02-28")).toBe("2028-02-28");
  });

  it("moves a task another zone shows on another date by the days dragged", () => {
    // 18:30 in New York is 00:30 the next day in Berlin: dragged from the 25th to the 27th there.
    expect(inViewerZone("2026-12-24T18:30", "America/New_York", "Europe/Berlin")).toEqual({
      day: "2026-12-25",
      time: "00:30",
    });
    expect(deadlineMovedTo("2026-12-24T18:30", "2026-12-25", "2026-12-27")).toBe("2026-12-26T18:30");
  });
});
