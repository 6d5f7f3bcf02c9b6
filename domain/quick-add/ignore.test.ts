import { describe, expect, it } from "vitest";
import { parseQuickAdd, type PartKind, type QuickAddOptions, type Span } from "./index.js";

/** Wednesday 4 March 2026, 15:00 in Berlin. */
const options: QuickAddOptions = {
  now: new Date("2026-03-04T14:00:00Z"),
  timeZone: "Europe/Berlin",
  categories: [{ id: "home", name: "Home" }],
};

function part(text: string, kind: PartKind) {
  const found = parseQuickAdd(text, options).parts.find((candidate) => candidate.kind === kind);
  if (!found) throw new Error(`no ${kind} part in ${text}`);
  return found;
}

function again(text: string, ignore: (PartKind | Span)[]) {
  return parseQuickAdd(text, { ...options, ignore });
}

describe("undoing a part: passing it back in `ignore` leaves it in the title", () => {
  const line = "Call mum fri 5pm !! #Home : ask about the weekend";

  it("the day: the time alone is then the next 5pm", () => {
    const result = again(line, [part(line, "date")]);
    expect(result.title).toBe("Call mum fri");
    expect(result.deadline).toEqual({ date: "2026-03-04", time: "17:00" });
    expect(result.parts.map((found) => found.kind)).toEqual(["time", "priority", "category", "notes"]);
  });

  it("the time: the day stays, without a time", () => {
    const result = again(line, [part(line, "time")]);
    expect(result.title).toBe("Call mum 5pm");
    expect(result.deadline).toEqual({ date: "2026-03-06", time: null });
  });

  it("the priority, the category and the notes", () => {
    expect(again(line, [part(line, "priority")])).toMatchObject({ title: "Call mum !!", priority: null });
    expect(again(line, [part(line, "category")])).toMatchObject({
      title: "Call mum #Home",
      categoryId: null,
      categoryName: null,
    });
    expect(again(line, [part(line, "notes")])).toMatchObject({
      title: "Call mum : ask about the weekend",
      notes: null,
      deadline: { date: "2026-03-06", time: "17:00" },
    });
  });

  it("the repeat: its weekday is not read as a date either", () => {
    const text = "Bins out every monday 7am";
    const result = again(text, [part(text, "recurrence")]);
    expect(result.title).toBe("Bins out every monday");
    expect(result.recurrence).toBeNull();
    expect(result.deadline).toEqual({ date: "2026-03-05", time: "07:00" });
  });

  it("a second part of the same kind is then understood in its place", () => {
    const text = "Fix p1 tap p3";
    expect(again(text, [part(text, "priority")])).toMatchObject({ title: "Fix p1 tap", priority: "low" });
  });

  it("a span that no longer fits the text is ignored", () => {
    expect(again("Call 5pm", [{ start: 40, end: 50 }]).deadline).toEqual({ date: "2026-03-04", time: "17:00" });
    expect(again("Call 5pm", [{ start: 6, end: 2 }]).deadline).toEqual({ date: "2026-03-04", time: "17:00" });
  });

  it("a span that covers part of a phrase keeps the whole phrase as text", () => {
    expect(again("Call 5pm", [{ start: 6, end: 7 }])).toMatchObject({ title: "Call 5pm", deadline: null });
  });
});

describe("ignoring a kind of part", () => {
  it("skips it everywhere", () => {
    const result = again("Pay rent p1 !! fri #Home", ["priority", "category"]);
    expect(result).toMatchObject({ title: "Pay rent p1 !! #Home", priority: null, categoryId: null });
    expect(result.deadline).toEqual({ date: "2026-03-06", time: null });
  });

  it("dates: a time said with a day still counts alone", () => {
    expect(again("Call fri 5pm", ["date"])).toMatchObject({
      title: "Call fri",
      deadline: { date: "2026-03-04", time: "17:00" },
    });
  });

  it("times: a day that says its own time keeps only its day", () => {
    expect(again("Party tonight", ["time"])).toMatchObject({
      title: "Party",
      deadline: { date: "2026-03-04", time: null },
    });
  });

  it("repeats, and notes", () => {
    expect(again("Gym every monday", ["recurrence"])).toMatchObject({ title: "Gym every monday", deadline: null });
    expect(again("Call : fri", ["notes"])).toMatchObject({
      title: "Call :",
      notes: null,
      deadline: { date: "2026-03-06" },
    });
  });
});
