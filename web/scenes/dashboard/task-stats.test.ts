import { describe, expect, it } from "vitest";
import type { Task } from "../../../domain/tasks";
import {
  dueToday,
  filterSearch,
  matchesTaskFilter,
  NO_FILTER,
  overdue,
  parseTaskFilter,
  startOfWeek,
  taskStats,
} from "./task-stats";

let counter = 0;
function task(fields: Partial<Task>): Task {
  counter += 1;
  return {
    id: `abcdefgh-task${String(counter).padStart(6, "0")}`,
    groupId: "group-a",
    title: `Task ${counter}`,
    completed: false,
    completedAt: null,
    deadline: null,
    deadlineTimeZone: null,
    repeat: null,
    priority: "medium",
    category: "work",
    ownerId: "ann",
    locked: false,
    sharedWithGroups: [],
    notes: "",
    subtasks: [],
    subtasksTotal: 0,
    subtasksCompleted: 0,
    order: counter,
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    abilities: { edit: true, delete: true, lock: true, share: true },
    ...fields,
  };
}

// 23:30 UTC on Tuesday 10 March 2026: already Wednesday 08:30 in Tokyo, still Tuesday 19:30 in New York (summer time).
const NOW = new Date("2026-03-10T23:30:00Z");

describe("due today and overdue, in the deadline's own time zone", () => {
  it("reads a date-only deadline in its zone", () => {
    const tokyo = { completed: false, deadlineTimeZone: "Asia/Tokyo" };
    const newYork = { completed: false, deadlineTimeZone: "America/New_York" };
    expect(dueToday({ ...tokyo, deadline: "2026-03-11" }, NOW)).toBe(true);
    expect(dueToday({ ...newYork, deadline: "2026-03-11" }, NOW)).toBe(false);
    expect(overdue({ ...tokyo, deadline: "2026-03-10" }, NOW)).toBe(true);
    expect(overdue({ ...newYork, deadline: "2026-03-10" }, NOW)).toBe(false);
    expect(dueToday({ ...newYork, deadline: "2026-03-10" }, NOW)).toBe(true);
  });

  it("counts a deadline with a time as overdue once that minute has passed there, not as due today too", () => {
    const newYork = { completed: false, deadlineTimeZone: "America/New_York" };
    expect(dueToday({ ...newYork, deadline: "2026-03-10T20:00" }, NOW)).toBe(true);
    expect(overdue({ ...newYork, deadline: "2026-03-10T20:00" }, NOW)).toBe(false);
    expect(overdue({ ...newYork, deadline: "2026-03-10T19:00" }, NOW)).toBe(true);
    expect(dueToday({ ...newYork, deadline: "2026-03-10T19:00" }, NOW)).toBe(false);
  });

  it("never counts completed tasks or tasks without a deadline", () => {
    const past = { deadline: "2026-01-01", deadlineTimeZone: "UTC" };
    expect(overdue({ ...past, completed: true }, NOW)).toBe(false);
    expect(dueToday({ deadline: null, deadlineTimeZone: null, completed: false }, NOW)).toBe(false);
  });
});

describe("start of the week", () => {
  it("goes back to the locale's first day, at midnight", () => {
    const wednesday = new Date(2026, 2, 11, 15, 20);
    expect(startOfWeek(wednesday, 1)).toEqual(new Date(2026, 2, 9));
    expect(startOfWeek(wednesday, 7)).toEqual(new Date(2026, 2, 8));
    expect(startOfWeek(new Date(2026, 2, 15, 9), 1)).toEqual(new Date(2026, 2, 9));
    expect(startOfWeek(new Date(2026, 2, 9, 0, 0), 1)).toEqual(new Date(2026, 2, 9));
  });
});

describe("dashboard numbers", () => {
  const weekStart = new Date("2026-03-09T00:00:00Z");
  const tasks = [
    task({ deadline: "2026-03-09", deadlineTimeZone: "UTC", category: "work" }),
    task({ deadline: "2026-03-10", deadlineTimeZone: "UTC", category: "shopping", ownerId: "bob" }),
    task({ category: "shopping", ownerId: "bob" }),
    task({ completed: true, completedAt: "2026-03-10T08:00:00Z", category: "work" }),
    task({ completed: true, completedAt: "2026-03-02T08:00:00Z", category: "work" }),
  ];

  it("counts open, due today, overdue and completed this week", () => {
    const stats = taskStats(tasks, NOW, weekStart);
    expect(stats).toMatchObject({ open: 3, dueToday: 1, overdue: 1, completedThisWeek: 1 });
  });

  it("counts open tasks by category and by owner, most first", () => {
    const stats = taskStats(tasks, NOW, weekStart);
    expect(stats.byCategory).toEqual([
      { id: "shopping", count: 2 },
      { id: "work", count: 1 },
    ]);
    expect(stats.byOwner).toEqual([
      { id: "bob", count: 2 },
      { id: "ann", count: 1 },
    ]);
  });

  it("counts a task seen through two groups once", () => {
    const shared = task({ sharedWithGroups: ["group-b"] });
    expect(taskStats([shared, shared], NOW, weekStart).open).toBe(1);
  });
});

describe("list filters", () => {
  it("round-trips through the URL and ignores what it does not know", () => {
    const filter = { ...NO_FILTER, group: "g1", status: "open" as const, due: "overdue" as const, category: "work" };
    expect(parseTaskFilter(new URLSearchParams(filterSearch(filter)))).toEqual(filter);
    expect(parseTaskFilter(new URLSearchParams("status=bogus&due=later"), "open")).toEqual({
      ...NO_FILTER,
      status: "open",
    });
    expect(filterSearch(NO_FILTER)).toBe("");
  });

  it("matches a group's own tasks and those shared with it", () => {
    const own = task({ groupId: "g1" });
    const sharedIn = task({ groupId: "g2", sharedWithGroups: ["g1"] });
    const elsewhere = task({ groupId: "g3" });
    const filter = { ...NO_FILTER, group: "g1" };
    const week = new Date("2026-03-09T00:00:00Z");
    expect([own, sharedIn, elsewhere].filter((item) => matchesTaskFilter(item, filter, NOW, week))).toEqual([
      own,
      sharedIn,
    ]);
  });
});
