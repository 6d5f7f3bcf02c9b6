import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  csvCell,
  csvText,
  entryProblem,
  firstOverlap,
  formatDuration,
  formatElapsed,
  mondayOf,
  parseDuration,
  secondsWithin,
  TIME_MESSAGES,
  weeksOf,
} from "./time-rules";

const HOUR = 3600_000;
const now = Date.parse("2026-11-26T12:00:00Z");

describe("entryProblem", () => {
  it("accepts a finished entry of up to 24 hours in the past", () => {
    expect(entryProblem({ startedAt: "2026-11-25T12:00:00Z", endedAt: "2026-11-26T12:00:00Z" }, now)).toBeNull();
  });

  it("refuses an end at or before the start, a future end and more than 24 hours", () => {
    expect(entryProblem({ startedAt: "2026-11-26T10:00:00Z", endedAt: "2026-11-26T10:00:00Z" }, now)).toBe(
      TIME_MESSAGES.endBeforeStart,
    );
    expect(entryProblem({ startedAt: "2026-11-26T10:00:00Z", endedAt: "2026-11-26T09:00:00Z" }, now)).toBe(
      TIME_MESSAGES.endBeforeStart,
    );
    expect(entryProblem({ startedAt: "2026-11-26T11:00:00Z", endedAt: "2026-11-26T12:10:00Z" }, now)).toBe(
      TIME_MESSAGES.inFuture,
    );
    expect(entryProblem({ startedAt: "2026-11-25T11:59:00Z", endedAt: "2026-11-26T12:00:00Z" }, now)).toBe(
      TIME_MESSAGES.tooLong,
    );
  });
});

describe("firstOverlap", () => {
  const others = [
    { id: "a", startedAt: "2026-11-26T08:00:00Z", endedAt: "2026-11-26T09:00:00Z" },
    { id: "run", startedAt: "2026-11-26T11:00:00Z", endedAt: null },
  ];

  it("lets entries touch end to start", () => {
    expect(firstOverlap({ startedAt: "2026-11-26T09:00:00Z", endedAt: "2026-11-26T10:00:00Z" }, others, now)).toBe(
      undefined,
    );
  });

  it("finds an entry that shares a moment, and counts a running timer until now", () => {
    expect(firstOverlap({ startedAt: "2026-11-26T08:59:00Z", endedAt: "2026-11-26T10:00:00Z" }, others, now)?.id).toBe(
      "a",
    );
    expect(firstOverlap({ startedAt: "2026-11-26T11:30:00Z", endedAt: "2026-11-26T11:40:00Z" }, others, now)?.id).toBe(
      "run",
    );
  });

  it("ignores the entry being edited", () => {
    expect(
      firstOverlap({ id: "a", startedAt: "2026-11-26T08:30:00Z", endedAt: "2026-11-26T09:30:00Z" }, others, now),
    ).toBe(undefined);
  });
});

describe("weeksOf", () => {
  it("makes the week of the spring change in Berlin 167 hours and of the autumn change 169", () => {
    const [spring] = weeksOf("2026-03-25", "2026-03-25", "Europe/Berlin");
    expect(spring!.week).toBe("2026-03-23");
    expect((spring!.end - spring!.start) / HOUR).toBe(167);
    expect(new Date(spring!.start).toISOString()).toBe("2026-03-22T23:00:00.000Z");
    const [autumn] = weeksOf("2026-10-25", "2026-10-25", "Europe/Berlin");
    expect(autumn!.week).toBe("2026-10-19");
    expect((autumn!.end - autumn!.start) / HOUR).toBe(169);
  });

  it("moves New York's change a different week than Berlin's", () => {
    const [newYork] = weeksOf("2026-03-08", "2026-03-08", "America/New_York");
    expect(newYork!.week).toBe("2026-03-02");
    expect((newYork!.end - newYork!.start) / HOUR).toBe(167);
    const [berlin] = weeksOf("2026-03-08", "2026-03-08", "Europe/Berlin");
    expect((berlin!.end - berlin!.start) / HOUR).toBe(168);
  });

  it("covers every date from..to with weeks that follow one another", () => {
    const weeks = weeksOf("2026-03-01", "2026-04-05", "America/New_York");
    expect(weeks.map((week) => week.week)).toEqual([
      "2026-02-23",
      "2026-03-02",
      "2026-03-09",
      "2026-03-16",
      "2026-03-23",
      "2026-03-30",
    ]);
    for (let index = 1; index < weeks.length; index += 1) expect(weeks[index]!.start).toBe(weeks[index - 1]!.end);
  });

  it("starts weeks on Monday", () => {
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });
});

describe("secondsWithin", () => {
  it("counts the part of an entry inside the window, and a running one until now", () => {
    const span = { startedAt: "2026-11-26T09:00:00Z", endedAt: "2026-11-26T11:00:00Z" };
    expect(secondsWithin(span, Date.parse("2026-11-26T10:00:00Z"), Date.parse("2026-11-27T00:00:00Z"), now)).toBe(3600);
    expect(secondsWithin({ startedAt: "2026-11-26T11:30:00Z", endedAt: null }, 0, Infinity, now)).toBe(1800);
    expect(secondsWithin(span, Date.parse("2026-11-27T00:00:00Z"), Infinity, now)).toBe(0);
  });
});

describe("durations", () => {
  it("formats hours and minutes, and a running timer's clock", () => {
    expect(formatDuration(0)).toBe("0m");
    expect(formatDuration(45 * 60 + 59)).toBe("45m");
    expect(formatDuration(65 * 60)).toBe("1h 05m");
    expect(formatElapsed(3 * 3600 + 7 * 60 + 9)).toBe("3:07:09");
  });

  it("reads what people type as minutes", () => {
    expect(parseDuration("90")).toBe(90);
    expect(parseDuration("1h 30m")).toBe(90);
    expect(parseDuration("1h30")).toBe(90);
    expect(parseDuration("2h")).toBe(120);
    expect(parseDuration("45m")).toBe(45);
    expect(parseDuration("1.5h")).toBe(90);
    expect(parseDuration(" 1H 5M ")).toBe(65);
    for (const bad of ["", "0", "h", "m", "abc", "1h 30x", "-5", "1001h"]) expect(parseDuration(bad)).toBeNull();
  });
});

describe("CSV", () => {
  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe('"\'\rcmd"');
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell("Plain, with comma")).toBe('"Plain, with comma"');
  });

  it("ends rows with CRLF and reads back as the cells given (RFC 4180)", () => {
    // A small RFC 4180 reader: enough to prove the writer's quoting round-trips.
    const parse = (text: string): string[][] => {
      const rows: string[][] = [];
      let row: string[] = [];
      let cell = "";
      let quoted = false;
      for (let index = 0; index < text.length; index += 1) {
        const char = text[index]!;
        if (quoted && char === '"' && text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else if (char === '"') {
          quoted = !quoted;
        } else if (quoted) {
          cell += char;
        } else if (char === ",") {
          row.push(cell);
          cell = "";
        } else if (char === "\r" && text[index + 1] === "\n") {
          row.push(cell);
          rows.push(row);
          row = [];
          cell = "";
          index += 1;
        } else {
          cell += char;
        }
      }
      return rows;
    };
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        (rows) => {
          const back = parse(csvText(rows));
          expect(back).toEqual(rows.map((row) => row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell))));
        },
      ),
    );
  });
});
