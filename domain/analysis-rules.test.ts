import { describe, expect, it } from "vitest";
import {
  type AnalysisTask,
  busiestDays,
  completionRate,
  deadlinePassesAt,
  estimateAccuracy,
  loadSuggestions,
  memberOf,
  minutesBetween,
  overdueTrend,
  periodEnding,
  similarTasks,
  taskAdvice,
  taskSuggestions,
  timePerCategory,
  titleSimilarity,
  unevenLoad,
  weekdayIn,
} from "./analysis-rules.js";

const NOW = new Date("2026-11-26T12:00:00Z");

function task(id: string, extra: Partial<AnalysisTask> = {}): AnalysisTask {
  return {
    id,
    title: id,
    category: "other",
    ownerId: "ada",
    completed: false,
    completedAt: null,
    completedBy: null,
    createdAt: "2026-10-01T08:00:00Z",
    updatedAt: "2026-11-25T08:00:00Z",
    deadline: null,
    deadlineTimeZone: null,
    ...extra,
  };
}

describe("completion rate", () => {
  it("counts the tasks on the list during the period and the share completed in it", () => {
    const period = periodEnding(NOW, 4);
    const rate = completionRate(
      [
        task("done-in", { completed: true, completedAt: "2026-11-20T10:00:00Z" }),
        task("done-before", { completed: true, completedAt: "2026-10-02T10:00:00Z" }),
        task("open"),
        task("open-too"),
        task("created-after", { createdAt: "2026-11-27T10:00:00Z" }),
      ],
      period,
    );
    expect(rate).toEqual({ completed: 1, total: 3, rate: 1 / 3 });
    expect(completionRate([], period)).toEqual({ completed: 0, total: 0, rate: null });
  });
});

describe("deadlines", () => {
  it("passes a dated deadline at the end of that day in its zone, a timed one at its time", () => {
    expect(new Date(deadlinePassesAt("2026-11-20", "Europe/Berlin")!).toISOString()).toBe("2026-11-20T23:00:00.000Z");
    expect(new Date(deadlinePassesAt("2026-12-31", null)!).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(new Date(deadlinePassesAt("2026-11-20T09:30", "America/New_York")!).toISOString()).toBe(
      "2026-11-20T14:30:00.000Z",
    );
    expect(deadlinePassesAt("soon", null)).toBeNull();
  });
});

describe("overdue trend", () => {
  it("counts, week by week, open tasks past their deadline at its end and the week's completions", () => {
    const period = periodEnding(NOW, 2);
    const trend = overdueTrend(
      [
        // Due in the first week, done in the second: overdue at the end of the first only.
        task("late", { deadline: "2026-11-14", completed: true, completedAt: "2026-11-22T10:00:00Z" }),
        // Due in the second week, still open.
        task("open-late", { deadline: "2026-11-21" }),
        task("future", { deadline: "2026-12-24" }),
      ],
      period,
      "UTC",
    );
    expect(trend).toEqual([
      { weekStart: "2026-11-12", overdue: 1, completed: 0 },
      { weekStart: "2026-11-19", overdue: 1, completed: 1 },
    ]);
  });

  it("labels weeks by their first day in the caller's zone", () => {
    const trend = overdueTrend([], periodEnding(new Date("2026-11-26T02:00:00Z"), 1), "America/Los_Angeles");
    expect(trend[0]!.weekStart).toBe("2026-11-18");
  });
});

describe("time and estimates", () => {
  const entry = (taskId: string, userId: string, startedAt: string, endedAt: string) => ({
    taskId,
    userId,
    startedAt: Date.parse(startedAt),
    minutes: minutesBetween(startedAt, endedAt),
  });
  const entries = [
    entry("a", "ada", "2026-11-23T09:00:00Z", "2026-11-23T10:30:00Z"),
    entry("b", "bob", "2026-11-24T23:30:00Z", "2026-11-25T00:00:00Z"),
    entry("c", "bob", "2026-11-24T10:00:00Z", "2026-11-24T10:20:00Z"),
  ];

  it("counts a stretch that ends before it starts as none", () => {
    expect(minutesBetween("2026-11-23T10:00:00Z", "2026-11-23T09:00:00Z")).toBe(0);
  });

  it("sums tracked minutes per category, most first", () => {
    const categories = new Map([
      ["a", "work"],
      ["b", "shopping"],
      ["c", "shopping"],
    ]);
    expect(timePerCategory(entries, categories)).toEqual([
      { categoryId: "work", minutes: 90 },
      { categoryId: "shopping", minutes: 50 },
    ]);
  });

  it("compares tracked time with estimates of the tasks completed in the period", () => {
    const done = (id: string) => task(id, { completed: true, completedAt: "2026-11-25T10:00:00Z" });
    const accuracy = estimateAccuracy(
      [done("a"), done("b"), done("c"), task("open")],
      new Map([
        ["a", 60],
        ["b", 100],
        ["c", 30],
        ["open", 10],
      ]),
      new Map([
        ["a", 90],
        ["b", 100],
        ["c", 30],
        ["open", 50],
      ]),
      periodEnding(NOW, 4),
    );
    expect(accuracy).toEqual({ tasks: 3, medianRatio: 1, accurateShare: 2 / 3 });
  });

  it("buckets completions and tracked time by weekday in the caller's zone", () => {
    // Tuesday 23:30 UTC is Wednesday in Berlin.
    expect(weekdayIn(new Date("2026-11-24T23:30:00Z").getTime(), "UTC")).toBe(2);
    expect(weekdayIn(new Date("2026-11-24T23:30:00Z").getTime(), "Europe/Berlin")).toBe(3);
    const days = busiestDays(
      [task("a", { completed: true, completedAt: "2026-11-22T12:00:00Z" })],
      entries,
      periodEnding(NOW, 4),
      "Europe/Berlin",
    );
    expect(days.map((day) => [day.weekday, day.completed, day.minutes])).toEqual([
      [1, 0, 90],
      [2, 0, 20],
      [3, 0, 30],
      [4, 0, 0],
      [5, 0, 0],
      [6, 0, 0],
      [7, 1, 0],
    ]);
  });
});

describe("members", () => {
  it("counts a completed task for who completed it, an open one for its owner", () => {
    expect(memberOf(task("a", { completed: true, completedBy: "bob" }))).toBe("bob");
    expect(memberOf(task("a", { completed: true }))).toBe("ada");
    expect(memberOf(task("a", { completedBy: "bob" }))).toBe("ada");
  });

  it("flags a member well above the group's mean, and says why", () => {
    const loads = [
      { memberId: "ada", name: "Ada", openTasks: 10, minutes: 60 },
      { memberId: "bob", name: "Bob", openTasks: 2, minutes: 60 },
      { memberId: "cy", name: "Cy", openTasks: 3, minutes: 400 },
    ];
    expect(unevenLoad(loads)).toEqual([
      { memberId: "ada", measure: "openTasks", value: 10, mean: 5 },
      { memberId: "cy", measure: "minutes", value: 400, mean: 520 / 3 },
    ]);
    expect(loadSuggestions(loads).map((suggestion) => suggestion.text)).toEqual([
      "Ada has 10 open tasks, 2.0× the group's mean of 5.0: share some with the others.",
      "Cy tracked 6 h 40 min in this period, 2.3× the group's mean of 2 h 53 min: balance the work.",
    ]);
  });

  it("flags no one for small differences or alone", () => {
    expect(unevenLoad([{ memberId: "ada", name: "Ada", openTasks: 40, minutes: 900 }])).toEqual([]);
    expect(
      unevenLoad([
        { memberId: "ada", name: "Ada", openTasks: 3, minutes: 50 },
        { memberId: "bob", name: "Bob", openTasks: 1, minutes: 10 },
      ]),
    ).toEqual([]);
  });
});

describe("task suggestions", () => {
  it("names overdue tasks, most overdue first, then stale ones", () => {
    const suggestions = taskSuggestions(
      [
        task("a", { title: "Pay rent", deadline: "2026-11-20" }),
        task("b", { title: "Fix bike", deadline: "2026-11-10" }),
        task("c", { title: "Sort photos", updatedAt: "2026-10-01T08:00:00Z" }),
        task("d", { title: "Done", completed: true, deadline: "2026-11-01" }),
        task("e", { title: "Fresh" }),
      ],
      NOW,
    );
    expect(suggestions.map((suggestion) => [suggestion.kind, suggestion.taskId])).toEqual([
      ["overdue", "b"],
      ["overdue", "a"],
      ["stale", "c"],
    ]);
    expect(suggestions[1]!.text).toBe(
      "“Pay rent” is 5 days overdue: pick a new date you can keep, or split it into smaller steps.",
    );
    expect(suggestions[2]!.text).toContain("has not changed in 56 days");
  });
});

describe("similar tasks", () => {
  it("scores titles by the words they share", () => {
    expect(titleSimilarity("Mow the lawn", "mow lawn")).toBe(1);
    expect(titleSimilarity("Mow the lawn", "Water the plants")).toBe(0);
    expect(titleSimilarity("Clean kitchen", "Clean bathroom")).toBe(1 / 3);
  });

  it("picks finished tasks with time that are alike, most alike first", () => {
    const found = similarTasks({ id: "t", title: "Clean the kitchen", category: "personal" }, [
      { id: "t", title: "Clean the kitchen", category: "personal", minutes: 30 },
      { id: "1", title: "Clean bathroom", category: "personal", minutes: 20 },
      { id: "2", title: "Kitchen clean", category: "work", minutes: 40 },
      { id: "3", title: "Clean car", category: "work", minutes: 0 },
      { id: "4", title: "Buy milk", category: "personal", minutes: 5 },
    ]);
    expect(found.map((candidate) => candidate.id)).toEqual(["2", "1"]);
  });

  it("advises from postponements and similar tasks' time", () => {
    const facts = { postponements: 0, estimateMinutes: null, medianMinutesOfSimilar: null, trackedMinutes: 0 };
    expect(taskAdvice(facts)).toBeNull();
    expect(taskAdvice({ ...facts, postponements: 3 })).toContain("Postponed 3 times");
    expect(taskAdvice({ ...facts, estimateMinutes: 20, medianMinutesOfSimilar: 45 })).toBe(
      "Similar tasks took about 45 min, more than the estimate of 20 min: plan more time.",
    );
    expect(taskAdvice({ ...facts, medianMinutesOfSimilar: 75 })).toBe(
      "Similar tasks took about 1 h 15 min: plan that much time for it.",
    );
  });
});
