import { describe, expect, it } from "vitest";
import { mayPrompt, NO_PROMPTS, pushDisplay, pushSetupDelay, recordPrompt } from "./push-prompt.js";

const DAY = 24 * 3600_000;

describe("spacing our suggestion to turn on notifications", () => {
  it("allows the first at once, the second after more than 3 days, later ones after more than 7", () => {
    const start = Date.UTC(2026, 10, 1);
    expect(mayPrompt(NO_PROMPTS, start)).toBe(true);
    const once = recordPrompt(NO_PROMPTS, start);
    expect(mayPrompt(once, start + 3 * DAY)).toBe(false);
    expect(mayPrompt(once, start + 3 * DAY + 1)).toBe(true);
    const twice = recordPrompt(once, start + 4 * DAY);
    expect(mayPrompt(twice, start + 4 * DAY + 6 * DAY)).toBe(false);
    expect(mayPrompt(twice, start + 4 * DAY + 7 * DAY)).toBe(false);
    expect(mayPrompt(twice, start + 4 * DAY + 7 * DAY + 1)).toBe(true);
    const thrice = recordPrompt(twice, start + 20 * DAY);
    expect(mayPrompt(thrice, start + 24 * DAY)).toBe(false);
    expect(mayPrompt(thrice, start + 28 * DAY)).toBe(true);
  });
});

describe("push setup retries", () => {
  it("wait 1 s, growing by half each time, never more than 10 s", () => {
    expect([0, 1, 2, 3, 4, 10].map(pushSetupDelay)).toEqual([1000, 1500, 2250, 3375, 5062.5, 10_000]);
  });
});

describe("what a push shows", () => {
  it("falls back to fixed texts for a push without its own", () => {
    expect(pushDisplay({ title: "Ada completed a task", body: "Buy milk" })).toEqual({
      title: "Ada completed a task",
      body: "Buy milk",
    });
    expect(pushDisplay({ title: "", body: "x" }).title).toBe("New notification");
    expect(pushDisplay({ type: "sync" })).toEqual({ title: "Data Updated", body: "Your data has been updated" });
  });
});
