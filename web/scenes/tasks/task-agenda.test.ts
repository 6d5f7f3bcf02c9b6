import { describe, expect, it } from "vitest";
import { addDaysToDate, todayAgenda, todayCount, upcomingAgenda } from "./task-agenda";
import { task } from "../../test-support/task";

// Thursday 2026-11-26, 15:00 in Berlin.
const now = new Date("2026-11-26T14:00:00Z");
const zone = "Europe/Berlin";
const berlin = { deadlineTimeZone: zone };

const tasks = [
  task("late-date", { ...berlin, deadline: "2026-11-25" }),
  task("late-time", { ...berlin, deadline: "2026-11-26T09:00" }),
  task("today-date", { ...berlin, deadline: "2026-11-26" }),
  task("today-evening", { ...berlin, deadline: "2026-11-26T19:00" }),
  task("done-today", { ...berlin, deadline: "2026-11-26", completed: true }),
  task("tomorrow", { ...berlin, deadline: "2026-11-27T08:00" }),
  task("in-13-days", { ...berlin, deadline: "2026-12-09" }),
  task("in-14-days", { ...berlin, deadline: "2026-12-10" }),
  task("no-deadline", {}),
];
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe("Today", () => {
  it("holds the open tasks past their deadline, then those due later today, earliest first", () => {
    const agenda = todayAgenda(tasks, now);
    expect(ids(agenda.overdue)).toEqual(["late-date", "late-time"]);
    expect(ids(agenda.today)).toEqual(["today-date", "today-evening"]);
    expect(todayCount(tasks, now)).toBe(4);
  });
});

describe("Upcoming", () => {
  it("lists 14 days from today, empty ones too, each task on its deadline's date", () => {
    const agenda = upcomingAgenda(tasks, now, zone);
    expect(ids(agenda.overdue)).toEqual(["late-date", "late-time"]);
    expect(agenda.days).toHaveLength(14);
    expect(agenda.days[0]).toMatchObject({ date: "2026-11-26", offset: 0 });
    expect(ids(agenda.days[0]!.tasks)).toEqual(["today-date", "today-evening"]);
    expect(ids(agenda.days[1]!.tasks)).toEqual(["tomorrow"]);
    expect(agenda.days[2]!.tasks).toEqual([]);
    expect(agenda.days[13]).toMatchObject({ date: "2026-12-09" });
    expect(ids(agenda.days[13]!.tasks)).toEqual(["in-13-days"]);
    expect(agenda.days.flatMap((day) => ids(day.tasks))).not.toContain("in-14-days");
  });

  it("counts days from today where the user is: late evening in Auckland is already tomorrow", () => {
    expect(upcomingAgenda([], new Date("2026-11-26T12:00:00Z"), "Pacific/Auckland").days[0]!.date).toBe("2026-11-27");
  });

  it("adds days on the calendar across month, year and daylight-saving changes", () => {
    expect(addDaysToDate("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDaysToDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToDate("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDaysToDate("2026-03-28", 2)).toBe("2026-03-30");
  });
});
