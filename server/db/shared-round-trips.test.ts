import { describe, expect, it } from "vitest";
import { SharedRoundTrips } from "./shared-round-trips.js";

describe("SharedRoundTrips", () => {
  it("sends what is asked while a statement is on its way together in the next, answering each in order", async () => {
    const sent: number[][] = [];
    const shared = new SharedRoundTrips<number, number>(async (items) => {
      sent.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items.map((item) => item * 10);
    });
    const answers = await Promise.all([1, 2, 3, 4].map((item) => shared.ask(item)));
    expect(answers).toEqual([10, 20, 30, 40]);
    expect(sent).toEqual([[1], [2, 3, 4]]);
  });

  it("fails every item of a statement that failed, and sends the next ones as before", async () => {
    let calls = 0;
    const shared = new SharedRoundTrips<string, string>(async (items) => {
      calls += 1;
      if (calls === 1) throw new Error("connection refused");
      return items.map((item) => item.toUpperCase());
    });
    const first = shared.ask("a");
    const waiting = [shared.ask("b"), shared.ask("c")];
    await expect(first).rejects.toThrow("connection refused");
    expect(await Promise.all(waiting)).toEqual(["B", "C"]);
  });
});
