import { describe, expect, it } from "vitest";
import { navCounts } from "./nav-counts";

const NOW = new Date("2026-03-10T12:00:00Z");

function task(id: string, changes: Partial<Parameters<typeof navCounts>[0][number]> = {}) {
  return {
    id,
    groupId: "home",
    sharedWithGroups: [],
    completed: false,
    deadline: null,
    deadlineTimeZone: "UTC",
    order: 0,
    createdAt: "2026-03-01T00:00:00Z",
    ...changes,
  };
}

describe("navCounts", () => {
  it("counts Today's open tasks (overdue or due today) once each, across groups", () => {
    const counts = navCounts(
      [
        task("overdue", { deadline: "2026-03-09" }),
        task("today", { deadline: "2026-03-10", groupId: "work" }),
        task("later-today", { deadline: "2026-03-10T18:00" }),
        task("tomorrow", { deadline: "2026-03-11" }),
        task("done", { deadline: "2026-03-10", completed: true }),
        task("undated"),
        // The same task listed again (it is also shared with another group).
        task("today", { deadline: "2026-03-10", groupId: "work" }),
      ],
      NOW,
    );
    expect(counts.today).toBe(3);
  });

  it("counts each group's open tasks, its own and those shared with it", () => {
    const counts = navCounts(
      [
        task("a"),
        task("b", { sharedWithGroups: ["work"] }),
        task("c", { groupId: "work" }),
        task("d", { groupId: "work", completed: true }),
        task("e", { groupId: "work", sharedWithGroups: ["work"] }),
      ],
      NOW,
    );
    expect(Object.fromEntries(counts.groups)).toEqual({ home: 2, work: 3 });
  });
});
