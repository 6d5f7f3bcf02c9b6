import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  forceSwitch,
  GROUP_SWITCH_DEBOUNCE_MS,
  type GroupSwitchState,
  initialSwitchState,
  orderGroups,
  requestSwitch,
  resolveCurrentGroup,
  settleSwitch,
} from "./group-switch.js";

const D = GROUP_SWITCH_DEBOUNCE_MS;

describe("group switch", () => {
  it("ignores a switch to the group already current", () => {
    const state = initialSwitchState("a");
    expect(requestSwitch(state, "a", 1_000)).toEqual({ state, outcome: "same" });
  });

  it("applies a lone switch at once", () => {
    const { state, outcome } = requestSwitch(initialSwitchState("a"), "b", 1_000);
    expect(outcome).toBe("switched");
    expect(state).toEqual({ current: "b", changedAt: 1_000, pending: null });
  });

  it("debounces switches within 300 ms of the previous change; the last one wins", () => {
    let state = requestSwitch(initialSwitchState("a"), "b", 1_000).state;
    const second = requestSwitch(state, "c", 1_100);
    expect(second.outcome).toBe("deferred");
    state = requestSwitch(second.state, "d", 1_200).state;
    expect(state.current).toBe("b");
    expect(state.pending).toEqual({ groupId: "d", dueAt: 1_200 + D });
    expect(settleSwitch(state, 1_200 + D - 1).switched).toBe(false);
    expect(settleSwitch(state, 1_200 + D)).toEqual({
      state: { current: "d", changedAt: 1_200 + D, pending: null },
      switched: true,
    });
  });

  it("cancels a pending switch when the user goes back to the current group", () => {
    let state = requestSwitch(initialSwitchState("a"), "b", 0).state;
    state = requestSwitch(state, "c", 100).state;
    const back = requestSwitch(state, "b", 150);
    expect(back.outcome).toBe("cancelled");
    expect(back.state.pending).toBeNull();
    expect(settleSwitch(back.state, 10_000).state.current).toBe("b");
  });

  it("switches at once 300 ms after the previous change", () => {
    const state = requestSwitch(initialSwitchState("a"), "b", 0).state;
    expect(requestSwitch(state, "c", D).outcome).toBe("switched");
  });

  it("forces a switch (the current group is gone) at once and drops a pending one", () => {
    let state = requestSwitch(initialSwitchState("a"), "b", 0).state;
    state = requestSwitch(state, "c", 10).state;
    expect(forceSwitch(state, "personal", 20)).toEqual({ current: "personal", changedAt: 20, pending: null });
  });

  /** Requests at increasing times, each settled when its timer would have fired. */
  function run(start: string, requests: { groupId: string; gap: number }[]) {
    let state: GroupSwitchState = initialSwitchState(start);
    let now = 0;
    const changes: { at: number; to: string }[] = [];
    const settleUntil = (until: number) => {
      if (state.pending && state.pending.dueAt <= until) {
        const at = state.pending.dueAt;
        const settled = settleSwitch(state, at);
        state = settled.state;
        if (settled.switched) changes.push({ at, to: state.current! });
      }
    };
    for (const { groupId, gap } of requests) {
      now += gap;
      settleUntil(now);
      const before = state.current;
      state = requestSwitch(state, groupId, now).state;
      if (state.current !== before) changes.push({ at: now, to: state.current! });
    }
    settleUntil(Number.POSITIVE_INFINITY);
    return { state, changes };
  }

  const requests = fc.array(
    fc.record({ groupId: fc.constantFrom("a", "b", "c", "d"), gap: fc.integer({ min: 0, max: 2 * D }) }),
    { maxLength: 30 },
  );

  it("always ends on the last group asked for", () => {
    fc.assert(
      fc.property(requests, (list) => {
        const { state } = run("a", list);
        expect(state.current).toBe(list.at(-1)?.groupId ?? "a");
        expect(state.pending).toBeNull();
      }),
    );
  });

  it("never changes the group twice within 300 ms, and never to the group already shown", () => {
    fc.assert(
      fc.property(requests, (list) => {
        const { changes } = run("a", list);
        let previous = { at: Number.NEGATIVE_INFINITY, to: "a" };
        for (const change of changes) {
          expect(change.at - previous.at).toBeGreaterThanOrEqual(D);
          expect(change.to).not.toBe(previous.to);
          previous = change;
        }
      }),
    );
  });
});

describe("current group", () => {
  const personal = { id: "p", name: "Ada's Task Manager", isPersonal: true };
  const family = { id: "f", name: "Family", isPersonal: false };
  const team = { id: "t", name: "Acme", isPersonal: false };

  it("defaults to the personal group, and falls back to it when the chosen group is gone", () => {
    expect(resolveCurrentGroup(null, [family, personal])).toBe(personal);
    expect(resolveCurrentGroup("f", [family, personal])).toBe(family);
    expect(resolveCurrentGroup("gone", [family, personal])).toBe(personal);
    expect(resolveCurrentGroup("gone", [])).toBeUndefined();
  });

  it("lists the personal group first, then the others by name", () => {
    expect(orderGroups([family, team, personal]).map((group) => group.id)).toEqual(["p", "t", "f"]);
  });
});
