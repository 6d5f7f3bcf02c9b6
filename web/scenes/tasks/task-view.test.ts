import { describe, expect, it } from "vitest";
import {
  formatDeadline,
  homeGroupOf,
  isOverdue,
  matchesFilter,
  moveTask,
  offeredCategories,
  orderBetween,
  sortTasks,
  wallClock,
} from "./task-view";
import { task } from "../../test-support/task";

describe("sorting and filtering", () => {
  const tasks = [
    task("a", { order: 2, priority: "low", deadline: "2026-03-01" }),
    task("b", { order: 1, priority: "high" }),
    task("c", { order: 3, priority: "high", deadline: "2026-02-01T09:00" }),
    task("d", { order: 1, priority: "medium", deadline: "2026-02-01", createdAt: "2026-01-02T00:00:00.000Z" }),
  ];

  it("sorts by manual order (ties: older first), priority or deadline (none last)", () => {
    expect(sortTasks(tasks, "manual").map((t) => t.id)).toEqual(["b", "d", "a", "c"]);
    expect(sortTasks(tasks, "priority").map((t) => t.id)).toEqual(["b", "c", "d", "a"]);
    expect(sortTasks(tasks, "deadline").map((t) => t.id)).toEqual(["d", "c", "a", "b"]);
  });

  it("filters by category and by words in title or notes", () => {
    const milk = task("m", { title: "Buy milk", notes: "oat, not cow", category: "shopping" });
    expect(matchesFilter(milk, { category: "shopping", text: "", showCompleted: true })).toBe(true);
    expect(matchesFilter(milk, { category: "work", text: "", showCompleted: true })).toBe(false);
    expect(matchesFilter(milk, { category: null, text: "BUY oat", showCompleted: true })).toBe(true);
    expect(matchesFilter(milk, { category: null, text: "buy bread", showCompleted: true })).toBe(false);
  });
});

describe("deadlines", () => {
  // 2026-06-10 23:30 in UTC is already 2026-06-11 01:30 in Berlin.
  const now = new Date("2026-06-10T23:30:00Z");

  it("reads the clock in the deadline's zone", () => {
    expect(wallClock(now, "Europe/Berlin")).toBe("2026-06-11T01:30");
    expect(wallClock(now, "America/New_York")).toBe("2026-06-10T19:30");
    expect(wallClock(now, "Not/AZone")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  });

  it("is overdue once the day (or the minute) has passed where it was set, never when completed", () => {
    expect(isOverdue({ deadline: "2026-06-10", deadlineTimeZone: "Europe/Berlin", completed: false }, now)).toBe(true);
    expect(isOverdue({ deadline: "2026-06-10", deadlineTimeZone: "America/New_York", completed: false }, now)).toBe(
      false,
    );
    expect(
      isOverdue({ deadline: "2026-06-10T19:00", deadlineTimeZone: "America/New_York", completed: false }, now),
    ).toBe(true);
    expect(
      isOverdue({ deadline: "2026-06-10T20:00", deadlineTimeZone: "America/New_York", completed: false }, now),
    ).toBe(false);
    expect(isOverdue({ deadline: "2026-06-01", deadlineTimeZone: "UTC", completed: true }, now)).toBe(false);
    expect(isOverdue({ deadline: null, deadlineTimeZone: null, completed: false }, now)).toBe(false);
  });

  it("names near days and writes the others as dates", () => {
    const zone = "UTC";
    expect(formatDeadline({ deadline: "2026-06-10", deadlineTimeZone: zone }, now, "en-GB")).toBe("Today");
    expect(formatDeadline({ deadline: "2026-06-11T08:15", deadlineTimeZone: zone }, now, "en-GB")).toBe(
      "Tomorrow 08:15",
    );
    expect(formatDeadline({ deadline: "2026-06-10T18:30", deadlineTimeZone: zone }, now, "en-US")).toMatch(
      /^Today 6:30\sPM$/,
    );
    expect(formatDeadline({ deadline: "2026-06-09", deadlineTimeZone: zone }, now, "en-GB")).toBe("Yesterday");
    // ICU versions differ on the comma after the weekday.
    expect(formatDeadline({ deadline: "2026-06-26", deadlineTimeZone: zone }, now, "en-GB")).toMatch(/^Fri,? 26 Jun$/);
    expect(formatDeadline({ deadline: "2027-01-05", deadlineTimeZone: zone }, now, "en-GB")).toMatch(
      /^Tue,? 5 Jan 2027$/,
    );
  });
});

describe("manual order", () => {
  it("puts a value between the neighbours, or says there is no room", () => {
    expect(orderBetween(undefined, undefined)).toBe(0);
    expect(orderBetween(undefined, 3)).toBe(2);
    expect(orderBetween(3, undefined)).toBe(4);
    expect(orderBetween(1, 2)).toBe(1.5);
    expect(orderBetween(1, 1)).toBeNull();
    expect(orderBetween(1, 1 + 1e-12)).toBeNull();
  });

  const list = [task("a", { order: 0 }), task("b", { order: 1 }), task("c", { order: 2 }), task("d", { order: 3 })];

  it("moves one task between its new neighbours", () => {
    expect(moveTask(list, 0, 2)).toEqual([{ id: "a", order: 2.5 }]);
    expect(moveTask(list, 3, 0)).toEqual([{ id: "d", order: -1 }]);
    expect(moveTask(list, 1, 3)).toEqual([{ id: "b", order: 4 }]);
    expect(moveTask(list, 2, 1)).toEqual([{ id: "c", order: 0.5 }]);
    expect(moveTask(list, 1, 1)).toEqual([]);
    expect(moveTask(list, 1, 9)).toEqual([]);
  });

  it("renumbers when the neighbours share one order (tasks shared from another group)", () => {
    const tied = [task("a", { order: 5 }), task("b", { order: 5 }), task("c", { order: 5 })];
    expect(moveTask(tied, 2, 1)).toEqual([
      { id: "a", order: 0 },
      { id: "c", order: 1 },
      { id: "b", order: 2 },
    ]);
  });
});

describe("the category choice when adding a task", () => {
  const category = (id: string, order: number, lastUsed: string | null = null) => ({ id, order, lastUsed });
  const categories = [
    category("work", 0, "2026-01-05T00:00:00Z"),
    category("personal", 1),
    category("shopping", 2, "2026-01-09T00:00:00Z"),
    category("group", 3, "2026-01-07T00:00:00Z"),
    category("other", 4),
    category("garden", 5, "2026-01-08T00:00:00Z"),
  ];

  it("offers the chosen ones first, then the recently used, then the rest in order", () => {
    const offered = offeredCategories(categories, ["other", "missing", "work", "other"], 2);
    expect(offered.first.map((c) => c.id)).toEqual(["other", "work"]);
    expect(offered.recent.map((c) => c.id)).toEqual(["shopping", "garden"]);
    expect(offered.rest.map((c) => c.id)).toEqual(["personal", "group"]);
  });
});

describe("homeGroupOf: the group a task's page sits under", () => {
  const family = { id: "family" };
  const personal = { id: "personal" };
  const team = { id: "team" };
  const groups = [personal, family, team];

  it("is the task's own group, whichever group is current", () => {
    const mine = { groupId: "personal", sharedWithGroups: ["family"] };
    expect(homeGroupOf(mine, groups, "family")).toBe(personal);
    expect(homeGroupOf(mine, groups, undefined)).toBe(personal);
  });

  it("is a group of the user's it is shared with when its own is not one of theirs, the current one first", () => {
    const sharedIn = { groupId: "someone-elses", sharedWithGroups: ["family", "team"] };
    expect(homeGroupOf(sharedIn, groups, "team")).toBe(team);
    expect(homeGroupOf(sharedIn, groups, "personal")).toBe(family);
    expect(homeGroupOf(sharedIn, [], "team")).toBeUndefined();
  });
});
