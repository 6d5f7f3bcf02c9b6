import { describe, expect, it } from "vitest";
import type { Task } from "../../../../domain/tasks.js";
import { parseDavPath } from "./paths.js";
import { defaultUid, priorityIn, readTodo, renderSubtask, renderTask } from "./vtodo.js";
import { deadlineIn, matchesEtag } from "./write.js";

const task: Task = {
  id: "abcdefgh-0123456789",
  groupId: "abcdefgh-group",
  title: "Buy milk",
  completed: false,
  completedAt: null,
  deadline: "2026-12-24",
  deadlineTimeZone: "Europe/Berlin",
  repeat: null,
  priority: "high",
  category: "shopping",
  ownerId: "u1",
  locked: false,
  sharedWithGroups: [],
  notes: "Two litres",
  subtasks: [],
  subtasksTotal: 0,
  subtasksCompleted: 0,
  order: 0,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-02T10:00:00.000Z",
  abilities: { edit: true, delete: true, lock: true, share: true },
};

const view = {
  uid: defaultUid(task.id),
  stored: null,
  categoryLabel: "Shopping",
  categoryLabels: new Set(["Shopping", "Work"]),
};

const calendar = (lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//T//EN", ...lines, "END:VCALENDAR", ""].join("\r\n");

describe("a task as VTODO", () => {
  it("writes a deadline before the year 1000 with four digits, as calendar apps read it", () => {
    expect(renderTask({ ...task, deadline: "0026-12-24" }, view)).toContain("DUE;VALUE=DATE:00261224\r\n");
    expect(renderTask({ ...task, deadline: "0026-12-24T18:30" }, view)).toContain(
      "DUE;TZID=Europe/Berlin:00261224T183000\r\n",
    );
  });

  it("writes a date-only deadline as VALUE=DATE and the fields the app has", () => {
    const text = renderTask(task, view);
    expect(text).toContain("DUE;VALUE=DATE:20261224");
    expect(text).toContain("SUMMARY:Buy milk");
    expect(text).toContain("DESCRIPTION:Two litres");
    expect(text).toContain("PRIORITY:1");
    expect(text).toContain("STATUS:NEEDS-ACTION");
    expect(text).toContain("CATEGORIES:Shopping");
    expect(text).toContain("DTSTAMP:20261102T100000Z");
    expect(text).not.toContain("VTIMEZONE");
    // The same state gives the same bytes (the ETag is their hash).
    expect(renderTask(task, view)).toBe(text);
  });

  it("writes a timed deadline with its zone's VTIMEZONE, a completion, and a repeat", () => {
    const text = renderTask(
      {
        ...task,
        deadline: "2026-12-24T18:30",
        completed: true,
        completedAt: "2026-12-20T08:00:00.000Z",
        repeat: { rule: "FREQ=WEEKLY;BYDAY=MO", fromCompletion: true },
        priority: "low",
      },
      view,
    );
    expect(text).toContain("DUE;TZID=Europe/Berlin:20261224T183000");
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin");
    expect(text).toContain("STATUS:COMPLETED");
    expect(text).toContain("COMPLETED:20261220T080000Z");
    expect(text).toContain("PERCENT-COMPLETE:100");
    expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO");
    expect(text).toContain("X-TANDEM-REPEAT-FROM-COMPLETION:TRUE");
    expect(text).toContain("PRIORITY:9");
  });

  it("keeps what the app sent that Tandem has no field for, with the app's own categories after ours", () => {
    const stored = calendar([
      "BEGIN:VTODO",
      "UID:from-the-app",
      "SUMMARY:Old title",
      "LOCATION:Corner shop",
      "X-APP:yes",
      "STATUS:IN-PROCESS",
      "CATEGORIES:Work,Errands",
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      "TRIGGER:-PT15M",
      "DESCRIPTION:Soon",
      "END:VALARM",
      "END:VTODO",
      "BEGIN:X-THING",
      "X-A:1",
      "END:X-THING",
    ]);
    const text = renderTask(task, { ...view, uid: "from-the-app", stored });
    expect(text).toContain("SUMMARY:Buy milk");
    expect(text).not.toContain("Old title");
    expect(text).toContain("LOCATION:Corner shop");
    expect(text).toContain("X-APP:yes");
    expect(text).toContain("STATUS:IN-PROCESS");
    expect(text).toContain("BEGIN:VALARM");
    expect(text).toContain("BEGIN:X-THING");
    expect(text).toContain("CATEGORIES:Shopping,Errands");
  });

  it("writes into the series' master and keeps an app's override of one occurrence as it is", () => {
    const stored = calendar([
      "BEGIN:VTODO",
      "UID:series",
      "RECURRENCE-ID;VALUE=DATE:20261231",
      "SUMMARY:Just this once",
      "END:VTODO",
      "BEGIN:VTODO",
      "UID:series",
      "SUMMARY:Master",
      "RRULE:FREQ=WEEKLY",
      "END:VTODO",
    ]);
    const text = renderTask(task, { ...view, uid: "series", stored });
    expect(text).toContain("SUMMARY:Just this once");
    expect(text).toContain("SUMMARY:Buy milk");
    expect(text).not.toContain("SUMMARY:Master");
    // Read back, the master is the task.
    expect(readTodo(text).summary).toBe("Buy milk");
  });

  it("writes a subtask as a child VTODO of its task", () => {
    const text = renderSubtask(
      task,
      { id: "s1", title: "Check the date", completed: false, createdAt: task.createdAt, completedAt: null },
      { uid: defaultUid(task.id, "s1"), parentUid: view.uid, stored: null },
    );
    expect(text).toContain(`UID:${task.id}.s1@tandem-task`);
    expect(text).toContain(`RELATED-TO;RELTYPE=PARENT:${task.id}@tandem-task`);
    expect(text).toContain("SUMMARY:Check the date");
  });
});

describe("a VTODO as a task", () => {
  const todo = (lines: string[]) => readTodo(calendar(["BEGIN:VTODO", "UID:u-1", ...lines, "END:VTODO"]));

  it("maps priority 1-4 to high, 5 (and 0 or none) to medium, 6-9 to low", () => {
    expect([0, 1, 4, 5, 6, 9].map(priorityIn)).toEqual(["medium", "high", "high", "medium", "low", "low"]);
    expect(priorityIn(null)).toBe("medium");
    expect(todo(["PRIORITY:3"]).priority).toBe("high");
  });

  it("reads completion from STATUS first, else COMPLETED or PERCENT-COMPLETE 100", () => {
    expect(todo(["STATUS:COMPLETED"]).completed).toBe(true);
    expect(todo(["STATUS:NEEDS-ACTION", "COMPLETED:20261201T100000Z"]).completed).toBe(false);
    expect(todo(["COMPLETED:20261201T100000Z"]).completed).toBe(true);
    expect(todo(["PERCENT-COMPLETE:100"]).completed).toBe(true);
    expect(todo([]).completed).toBe(false);
  });

  it("reads DUE as a date, a zoned time, a UTC time or a floating time, and puts it on the owner's clock", () => {
    expect(todo(["DUE;VALUE=DATE:20261224"]).due).toEqual({ kind: "date", date: "2026-12-24" });
    const zoned = todo(["DUE;TZID=America/New_York:20261224T090000"]).due!;
    expect(deadlineIn(zoned, "Europe/Berlin")).toBe("2026-12-24T15:00");
    expect(deadlineIn(todo(["DUE:20261224T090000Z"]).due!, "Europe/Berlin")).toBe("2026-12-24T10:00");
    expect(deadlineIn(todo(["DUE:20261224T090000"]).due!, "Europe/Berlin")).toBe("2026-12-24T09:00");
    // 02:30 on a spring-forward night does not exist: read with the offset before the gap (RFC 5545).
    expect(deadlineIn(todo(["DUE;TZID=Europe/Berlin:20260329T023000"]).due!, "UTC")).toBe("2026-03-29T01:30");
    // A zone no runtime knows (a Windows name): read on the owner's clock as it is.
    expect(deadlineIn(todo(["DUE;TZID=W. Europe Standard Time:20261224T090000"]).due!, "UTC")).toBe("2026-12-24T09:00");
  });

  it("reads the repeat, categories and the parent, and refuses what is not one VTODO", () => {
    const read = todo(["RRULE:FREQ=DAILY", "CATEGORIES:Work,Home", "RELATED-TO:parent-uid", "SUMMARY: Spaced "]);
    expect(read).toMatchObject({
      rrule: "FREQ=DAILY",
      categories: ["Work", "Home"],
      parentUid: "parent-uid",
      summary: "Spaced",
    });
    expect(todo(["RELATED-TO;RELTYPE=CHILD:child-uid"]).parentUid).toBeNull();
    expect(() => readTodo("not iCalendar")).toThrow();
    expect(() => readTodo(calendar(["BEGIN:VEVENT", "UID:e", "END:VEVENT"]))).toThrow();
    expect(() =>
      readTodo(calendar(["BEGIN:VTODO", "UID:a", "END:VTODO", "BEGIN:VTODO", "UID:b", "END:VTODO"])),
    ).toThrow();
    expect(() => todo(["DUE;VALUE=DATE:00010101"])).toThrow();
  });
});

describe("names and preconditions", () => {
  it("reads paths of any encoding and refuses control characters and extra depth", () => {
    expect(parseDavPath("/dav/calendars/g1/a%40b.ics")).toEqual({ kind: "object", groupId: "g1", name: "a@b.ics" });
    expect(parseDavPath("/dav/calendars/g1/a@b.ics")).toEqual({ kind: "object", groupId: "g1", name: "a@b.ics" });
    expect(parseDavPath("http://host/dav/calendars/g1/x%20y.ics")).toEqual({
      kind: "object",
      groupId: "g1",
      name: "x y.ics",
    });
    expect(parseDavPath("/dav/calendars/g1/")).toEqual({ kind: "calendar", groupId: "g1" });
    expect(parseDavPath("/dav")).toEqual({ kind: "root" });
    for (const bad of [
      "/dav/calendars/g1/a%00.ics",
      "/dav/calendars/g1/a%2Fb",
      "/dav/calendars/g1/x/y",
      "/dav/%zz",
      "/api/x",
    ])
      expect(parseDavPath(bad)).toEqual({ kind: "invalid" });
  });

  it("matches If-Match lists, weak tags and *", () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag("*", '"b"')).toBe(true);
    expect(matchesEtag("*", null)).toBe(false);
    expect(matchesEtag('"a"', '"b"')).toBe(false);
  });
});
