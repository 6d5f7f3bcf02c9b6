import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isDeadline } from "../calendar.js";
import { parseQuickAdd, type QuickAddOptions, type QuickAddResult } from "./index.js";

const options: QuickAddOptions = {
  now: new Date("2026-03-04T14:00:00Z"),
  timeZone: "Europe/Berlin",
  categories: [
    { id: "home", name: "Home" },
    { id: "home-tasks", name: "Home tasks" },
  ],
};

/** Lines made of what people type: words, dates, times, priorities, categories, repeats, notes. */
const TOKENS = [
  ...["Call", "mum", "Buy", "milk", "report", "Sat", "nav", "Mayfair", "Jan", "sun", "cream", "1/2", "cup", "Re:"],
  ...["fri", "tomorrow", "next friday", "dec 24", "24/12", "24.12.", "in 3 days", "tonight", "sat", "by"],
  ...["5pm", "17:30", "at noon", "morning", "at 5", "in 2 hours"],
  ...["p1", "p3", "p10", "!!", "!", "Hi!"],
  ...["#Home", '#"Home tasks"', "#new", "#1"],
  ...["every monday", "daily", "every 2 weeks", "every! day", "after done", "every mon and thu"],
  ...[":", ",", "-", "."],
];
const typedLine = fc
  .array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 8 })
  .map((tokens) => tokens.join(" "));

function checkShape(text: string, result: QuickAddResult) {
  let previousEnd = 0;
  for (const part of result.parts) {
    expect(part.start).toBeGreaterThanOrEqual(previousEnd);
    expect(part.end).toBeGreaterThan(part.start);
    expect(part.end).toBeLessThanOrEqual(text.length);
    expect(part.text).toBe(text.slice(part.start, part.end));
    previousEnd = part.end;
  }
  if (text.trim()) expect(result.title).not.toBe("");
  expect(result.title).toBe(result.title.trim());
  expect(result.title).not.toMatch(/\s{2}/);
  if (result.deadline) {
    const { date, time } = result.deadline;
    expect(isDeadline(time ? `${date}T${time}` : date)).toBe(true);
  }
  if (result.recurrence) expect(result.deadline).not.toBeNull();
  expect(result.priority !== null).toBe(result.parts.some((part) => part.kind === "priority"));
  expect(result.notes !== null).toBe(result.parts.some((part) => part.kind === "notes"));
}

/** Letters and digits only: the title tidies spaces and separators around what was cut out. */
const bare = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, "");

describe("every line", () => {
  it("gives parts in order, inside the line, and a tidy title that is never empty", () => {
    fc.assert(
      fc.property(typedLine, (text) => {
        checkShape(text, parseQuickAdd(text, options));
      }),
    );
  });

  it("any text at all: never throws, and keeps the same shape", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), (text) => {
        checkShape(text, parseQuickAdd(text, options));
      }),
    );
  });

  it("any part passed back in `ignore` stays in the title, and nothing else is read inside it", () => {
    fc.assert(
      fc.property(typedLine, (text) => {
        for (const part of parseQuickAdd(text, options).parts) {
          const undone = parseQuickAdd(text, { ...options, ignore: [part] });
          checkShape(text, undone);
          expect(bare(undone.title)).toContain(bare(part.text));
          expect(undone.parts.filter((other) => other.start < part.end && part.start < other.end)).toEqual([]);
        }
      }),
      { numRuns: 60 },
    );
  });
});
