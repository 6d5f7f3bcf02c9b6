import { describe, expect, it } from "vitest";
import { leastDone, nextInTurn, startOfUtcWeek } from "./delegation-rules";

describe("rotation", () => {
  it("in turn: the member after the last assignee, round again after the last, the first when nobody had it", () => {
    const order = ["bob", "cleo", "ada"];
    expect(nextInTurn(order, null)).toBe("bob");
    expect(nextInTurn(order, "bob")).toBe("cleo");
    expect(nextInTurn(order, "ada")).toBe("bob");
    // Someone no longer in the rotation had it: start from the top.
    expect(nextInTurn(order, "eve")).toBe("bob");
    expect(nextInTurn([], "bob")).toBeNull();
  });

  it("least done: the fewest done this week; a tie goes to the next in turn", () => {
    const order = ["bob", "cleo", "ada"];
    expect(
      leastDone(
        order,
        new Map([
          ["bob", 3],
          ["cleo", 1],
          ["ada", 2],
        ]),
        null,
      ),
    ).toBe("cleo");
    // Nobody did anything: they take turns.
    expect(leastDone(order, new Map(), "bob")).toBe("cleo");
    expect(leastDone(order, new Map(), "ada")).toBe("bob");
    // Bob and Ada tie at 1 after Cleo: Ada comes first in turn after Cleo.
    expect(
      leastDone(
        order,
        new Map([
          ["bob", 1],
          ["cleo", 2],
          ["ada", 1],
        ]),
        "cleo",
      ),
    ).toBe("ada");
    expect(leastDone([], new Map(), null)).toBeNull();
  });

  it("this week starts on Monday 00:00 UTC", () => {
    expect(startOfUtcWeek(new Date("2026-11-26T21:00:00Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(startOfUtcWeek(new Date("2026-11-23T00:00:00Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(startOfUtcWeek(new Date("2026-11-29T23:59:59Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });
});
