import { describe, expect, it } from "vitest";
import type { CachedTask } from "../../api/tasks";
import { zonedTimeToInstant } from "../../../domain/reminders";
import {
  type CalendarEvent,
  eventItems,
  inViewerZone,
  instantOf,
  itemsByDay,
  taskItem,
  upcomingItems,
} from "./calendar-item";

const task = (id: string, deadline: string | null, deadlineTimeZone: string | null = "Europe/London") =>
  ({ id, title: id, deadline, deadlineTimeZone }) as CachedTask;

describe("calendar items", () => {
  it("show a timed task at its time where the viewer is, a date alone on its date", () => {
    expect(inViewerZone("2026-07-01T09:00", "Europe/London", "Asia/Tokyo")).toEqual({
      day: "2026-07-01",
      time: "17:00",
    });
    expect(inViewerZone("2026-07-01", "Pacific/Kiritimati", "Pacific/Pago_Pago")).toEqual({
      day: "2026-07-01",
      time: null,
    });
    expect(taskItem(task("a", null), "UTC")).toBeNull();
  });

  it("reads a wall-clock time as the reminders do, around both daylight-saving changes", () => {
    const cases: [string, string][] = [
      ["2026-03-29T02:30", "Europe/Berlin"],
      ["2026-10-25T02:30", "Europe/Berlin"],
      ["2026-03-08T02:15", "America/New_York"],
      ["2026-11-01T01:30", "America/New_York"],
      ["2026-12-31T23:59", "Pacific/Auckland"],
      ["2028-02-29T12:00", "Asia/Kolkata"],
    ];
    for (const [wall, zone] of cases) {
      const [year, month, day, hour, minute] = wall.split(/[-T:]/).map(Number) as [
        number,
        number,
        number,
        number,
        number,
      ];
      expect(instantOf(wall, zone), `${wall} ${zone}`).toBe(
        zonedTimeToInstant({ year, month, day, hour, minute }, zone).getTime(),
      );
    }
  });

  it("orders a day's items all day first, then by time", () => {
    const items = [task("late", "2026-12-01T18:00"), task("allday", "2026-12-01"), task("early", "2026-12-01T08:00")]
      .map((one) => taskItem(one, "Europe/London")!)
      .filter(Boolean);
    expect(
      itemsByDay(items)
        .get("2026-12-01")
        ?.map((item) => item.key),
    ).toEqual(["task:allday", "task:early", "task:late"]);
  });

  it("put an event on every day it covers, an all-day end being the day after", () => {
    const event: CalendarEvent = {
      id: "e",
      calendarId: "c",
      calendarName: "Holidays",
      color: "#f00",
      title: "Trip",
      start: "2026-12-30",
      end: "2027-01-02",
      allDay: true,
      location: null,
    };
    expect(eventItems(event, "UTC").map((item) => item.day)).toEqual(["2026-12-30", "2026-12-31", "2027-01-01"]);
    const meeting = { ...event, allDay: false, start: "2026-12-30T23:30:00Z", end: "2026-12-31T00:30:00Z" };
    expect(eventItems(meeting, "UTC").map((item) => [item.day, item.time])).toEqual([
      ["2026-12-30", "23:30"],
      ["2026-12-31", null],
    ]);
  });

  describe("a repeating task's later dates", () => {
    const repeating = (deadline: string, rule: string, extra: Partial<CachedTask> = {}) =>
      ({ ...task("r", deadline, "Europe/Berlin"), repeat: { rule, fromCompletion: false }, ...extra }) as CachedTask;
    const days = (items: ReturnType<typeof upcomingItems>) =>
      items.map((item) => `${item.day} ${item.time ?? ""}`.trim());
    const december = { from: "2026-11-30", to: "2027-01-10" };

    it("follow the rule from the deadline, in the range, where the viewer is, each marked as upcoming", () => {
      const items = upcomingItems(
        repeating("2026-12-01T09:00", "FREQ=WEEKLY"),
        "America/New_York",
        december,
        "2026-11-27",
      );
      expect(days(items)).toEqual([
        "2026-12-08 03:00",
        "2026-12-15 03:00",
        "2026-12-22 03:00",
        "2026-12-29 03:00",
        "2027-01-05 03:00",
      ]);
      expect(items.every((item) => item.upcoming && item.task.id === "r")).toBe(true);
      expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
    });

    it("from an overdue task start after today, as its next copy will", () => {
      const items = upcomingItems(
        repeating("2026-11-02", "FREQ=DAILY;INTERVAL=7"),
        "Europe/Berlin",
        december,
        "2026-12-10",
      );
      expect(days(items)[0]).toBe("2026-12-14");
    });

    it("are none for a task done, without a repeat, or repeating from when it is done", () => {
      expect(
        upcomingItems(repeating("2026-12-01", "FREQ=DAILY", { completed: true }), "UTC", december, "2026-11-27"),
      ).toEqual([]);
      expect(upcomingItems(task("plain", "2026-12-01"), "UTC", december, "2026-11-27")).toEqual([]);
      const fromDone = {
        ...repeating("2026-12-01", "FREQ=DAILY"),
        repeat: { rule: "FREQ=DAILY", fromCompletion: true },
      };
      expect(upcomingItems(fromDone as CachedTask, "UTC", december, "2026-11-27")).toEqual([]);
    });

    it("stop at a bounded number per period", () => {
      const year = { from: "2026-12-01", to: "2027-12-31" };
      expect(upcomingItems(repeating("2026-12-01", "FREQ=DAILY"), "UTC", year, "2026-11-27")).toHaveLength(62);
    });
  });
});
