import { describe, expect, it } from "vitest";
import { splitPastedLines } from "./index.js";

describe("splitPastedLines", () => {
  it("gives one trimmed line per non-empty line, whatever the line ends", () => {
    expect(splitPastedLines("Buy milk\r\n\r\n  Call mum fri  \rPay rent p1\n\n")).toEqual([
      "Buy milk",
      "Call mum fri",
      "Pay rent p1",
    ]);
  });

  it.each([
    ["- Buy milk", "Buy milk"],
    ["* Buy milk", "Buy milk"],
    ["• Buy milk", "Buy milk"],
    ["+ Buy milk", "Buy milk"],
    ["1. Buy milk", "Buy milk"],
    ["12) Buy milk", "Buy milk"],
    ["[ ] Buy milk", "Buy milk"],
    ["[x] Buy milk", "Buy milk"],
    ["- [ ] Buy milk", "Buy milk"],
    ["  -   Buy milk tomorrow", "Buy milk tomorrow"],
  ])("takes the bullet off %j", (line, task) => {
    expect(splitPastedLines(line)).toEqual([task]);
  });

  it.each([
    ["-5 degrees: check heating", "-5 degrees: check heating"],
    ["1.5 kg flour", "1.5 kg flour"],
    ["2026 budget", "2026 budget"],
    ["*important* call", "*important* call"],
    ["#Home tidy up", "#Home tidy up"],
  ])("keeps %j, which is no bullet", (line, task) => {
    expect(splitPastedLines(line)).toEqual([task]);
  });

  it("drops lines that are only a bullet", () => {
    expect(splitPastedLines("- Buy milk\n-\n[ ]\n3.\n* Call mum")).toEqual(["Buy milk", "Call mum"]);
  });

  it("gives nothing for blank text", () => {
    expect(splitPastedLines(" \n\t\n")).toEqual([]);
  });
});
