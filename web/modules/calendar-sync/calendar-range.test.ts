import { describe, expect, it } from "vitest";
import { addMonths, monthGrid, periodLabel, periodRange, readDate, shiftPeriod, weekDays } from "./calendar-range";

const consecutive = (days: string[]) =>
  days.every((day, index) => index === 0 || Date.parse(day) - Date.parse(days[index - 1]!) === 86_400_000);

describe("monthGrid", () => {
  it("lays March 2026, whose last Sunday Europe's clocks go forward, in five whole Monday weeks", () => {
    const weeks = monthGrid("2026-03-15");
    expect(weeks.map((week) => week[0])).toEqual(
      ["2026-02-23", "2026-03-02", "2026-03-09", "2026-03-16", "2026-03-23", "2026-03-30"].slice(0, weeks.length),
    );
    expect(weeks).toHaveLength(6);
    expect(weeks.flat()).toContain("2026-03-29");
    expect(consecutive(weeks.flat())).toBe(true);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it("spans October 2026, whose clocks go back, without losing or doubling a day", () => {
    const days = monthGrid("2026-10-01").flat();
    expect(days[0]).toBe("2026-09-28");
    expect(days.at(-1)).toBe("2026-11-01");
    expect(new Set(days).size).toBe(days.length);
    expect(consecutive(days)).toBe(true);
  });

  it("needs four rows for a February that starts on a Monday, six for a month that starts on a Sunday", () => {
    expect(monthGrid("2027-02-10")).toHaveLength(4);
    expect(monthGrid("2026-11-27")).toHaveLength(6);
  });

  it("holds the leap day and crosses the year's end", () => {
    expect(monthGrid("2028-02-01").flat()).toContain("2028-02-29");
    expect(monthGrid("2026-12-31").flat().at(-1)).toBe("2027-01-03");
  });
});

describe("weeks", () => {
  it("start on Monday and end on Sunday, across a year's end", () => {
    expect(weekDays("2026-12-31")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
    expect(weekDays("2026-11-29")[0]).toBe("2026-11-23");
    expect(weekDays("2026-11-30")[0]).toBe("2026-11-30");
  });

  it("step by seven days, a month by the same day or the month's last", () => {
    expect(shiftPeriod("week", "2026-12-28", 1)).toBe("2027-01-04");
    expect(shiftPeriod("agenda", "2026-01-02", -1)).toBe("2025-12-26");
    expect(shiftPeriod("month", "2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2027-01-15", -1)).toBe("2026-12-15");
  });

  it("name their period", () => {
    expect(periodLabel("month", "2026-12-05", "en-GB")).toBe("December 2026");
    expect(periodLabel("week", "2026-12-31", "en-GB")).toMatch(/28 Dec 2026\s?–\s?3 Jan 2027/);
    expect(periodRange("month", "2026-11-27")).toEqual({ from: "2026-10-26", to: "2026-12-06" });
  });
});

it("reads only real dates from the address", () => {
  expect(readDate("2028-02-29", "2026-11-27")).toBe("2028-02-29");
  expect(readDate("2027-02-29", "2026-11-27")).toBe("2026-11-27");
  expect(readDate("soon", "2026-11-27")).toBe("2026-11-27");
  expect(readDate(null, "2026-11-27")).toBe("2026-11-27");
});
