import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CORE_ERROR_TOAST_POLICY,
  decideToast,
  ERROR_TOAST_POLICY,
  initialThrottleState,
  type ThrottlePolicy,
} from "./toast-throttle.js";

/** Feeds messages at the given times and returns which were shown. */
function run(policy: ThrottlePolicy, events: [number, string][]): string[] {
  let state = initialThrottleState(policy);
  const shown: string[] = [];
  for (const [at, message] of events) {
    const decision = decideToast(policy, state, message, at);
    state = decision.state;
    if (decision.show) shown.push(`${at}:${message}`);
  }
  return shown;
}

describe("error toasts (5 s gap doubling to 60 s, each message once per session)", () => {
  it("holds back a second error within 5 s of the first", () => {
    expect(
      run(ERROR_TOAST_POLICY, [
        [0, "a"],
        [4_999, "b"],
        [5_000, "c"],
      ]),
    ).toEqual(["0:a", "5000:c"]);
  });

  it("doubles the gap after each toast shown: 5, 10, 20, 40, then 60 s at most", () => {
    const times = [0, 5_000, 15_000, 35_000, 75_000, 135_000, 195_000];
    const events = times.map((at, i): [number, string] => [at, `m${i}`]);
    expect(run(ERROR_TOAST_POLICY, events)).toHaveLength(times.length);
    // One millisecond early at each step is held back.
    expect(
      run(ERROR_TOAST_POLICY, [
        [0, "a"],
        [5_000, "b"],
        [14_999, "c"],
      ]),
    ).toEqual(["0:a", "5000:b"]);
    expect(
      run(ERROR_TOAST_POLICY, [
        [0, "a"],
        [5_000, "b"],
        [15_000, "c"],
        [34_999, "d"],
      ]),
    ).toEqual(["0:a", "5000:b", "15000:c"]);
  });

  it("shows the same message only once per session, however much later", () => {
    expect(
      run(ERROR_TOAST_POLICY, [
        [0, "Failed to load tasks"],
        [3_600_000, "Failed to load tasks"],
      ]),
    ).toEqual(["0:Failed to load tasks"]);
  });

  it("starts again at 5 s after a quiet spell longer than 60 s", () => {
    const events: [number, string][] = [
      [0, "a"],
      [5_000, "b"],
      [15_000, "c"],
      [35_000, "d"],
      [96_000, "e"],
      [101_000, "f"],
    ];
    expect(run(ERROR_TOAST_POLICY, events)).toEqual(["0:a", "5000:b", "15000:c", "35000:d", "96000:e", "101000:f"]);
  });

  it("never shows two toasts closer than 5 s, nor one message twice (any sequence)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30_000 }), fc.constantFrom("a", "b", "c", "d", "e"))),
        (steps) => {
          let now = 0;
          const events = steps.map(([delta, message]): [number, string] => [(now += delta), message]);
          const shown = run(ERROR_TOAST_POLICY, events).map((entry) => entry.split(":") as [string, string]);
          const messages = shown.map(([, message]) => message);
          expect(new Set(messages).size).toBe(messages.length);
          for (let i = 1; i < shown.length; i += 1)
            expect(Number(shown[i]![0]) - Number(shown[i - 1]![0])).toBeGreaterThanOrEqual(5_000);
        },
      ),
    );
  });
});

describe("core error toasts (3 s gap growing 1.5x to 30 s, 3 s dedupe)", () => {
  it("grows the gap 3, 4.5, 6.75 s", () => {
    expect(
      run(CORE_ERROR_TOAST_POLICY, [
        [0, "a"],
        [3_000, "b"],
        [7_499, "c"],
        [7_500, "d"],
        [14_249, "e"],
        [14_250, "f"],
      ]),
    ).toEqual(["0:a", "3000:b", "7500:d", "14250:f"]);
  });

  it("caps the gap at 30 s", () => {
    let at = 0;
    const events: [number, string][] = [];
    for (let i = 0; i < 12; i += 1) {
      events.push([at, `m${i}`]);
      at += 30_000;
    }
    expect(run(CORE_ERROR_TOAST_POLICY, events)).toHaveLength(12);
  });

  it("drops the same message within 3 s but shows it again later", () => {
    expect(
      run(CORE_ERROR_TOAST_POLICY, [
        [0, "x"],
        [2_999, "x"],
        [40_000, "x"],
      ]),
    ).toEqual(["0:x", "40000:x"]);
  });
});
