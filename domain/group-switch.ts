/** Switching to the group already shown is ignored; switches within this are debounced. */
export const GROUP_SWITCH_DEBOUNCE_MS = 300;

/**
 * The group switch rule, as a pure state machine the web app drives with a clock.
 *
 * - A switch to the group already current is ignored.
 * - A switch at least GROUP_SWITCH_DEBOUNCE_MS after the previous change applies at once, so a
 *   single click never waits.
 * - Switches closer together than that are debounced: they wait until that long has passed
 *   without another request, and the last one wins (going back to the current group cancels).
 *
 * The specification also ignores switches to or from the personal group. That would make the
 * personal group unreachable once another group is chosen, so it is not followed (docs/decisions.md).
 */
export interface GroupSwitchState {
  /** The group shown now; null before any group is known. */
  current: string | null;
  /** When `current` last changed (ms clock); -Infinity if it never did. */
  changedAt: number;
  /** A debounced switch waiting to apply. */
  pending: { groupId: string; dueAt: number } | null;
}

export type SwitchOutcome = "same" | "switched" | "deferred" | "cancelled";

export function initialSwitchState(current: string | null = null): GroupSwitchState {
  return { current, changedAt: Number.NEGATIVE_INFINITY, pending: null };
}

/** A request to show `groupId` at time `now`. */
export function requestSwitch(
  state: GroupSwitchState,
  groupId: string,
  now: number,
  debounceMs = GROUP_SWITCH_DEBOUNCE_MS,
): { state: GroupSwitchState; outcome: SwitchOutcome } {
  if (groupId === state.current) {
    if (!state.pending) return { state, outcome: "same" };
    return { state: { ...state, pending: null }, outcome: "cancelled" };
  }
  if (!state.pending && now - state.changedAt >= debounceMs) {
    return { state: { current: groupId, changedAt: now, pending: null }, outcome: "switched" };
  }
  return { state: { ...state, pending: { groupId, dueAt: now + debounceMs } }, outcome: "deferred" };
}

/** Applies a pending switch whose time has come; call it when the timer set for `pending.dueAt` fires. */
export function settleSwitch(state: GroupSwitchState, now: number): { state: GroupSwitchState; switched: boolean } {
  if (!state.pending || now < state.pending.dueAt) return { state, switched: false };
  return { state: { current: state.pending.groupId, changedAt: now, pending: null }, switched: true };
}

/**
 * Not a user's choice but a fact: the current group is gone (deleted, or the user removed), or
 * the app learned which groups exist. Applies at once and drops any pending switch.
 */
export function forceSwitch(state: GroupSwitchState, groupId: string, now: number): GroupSwitchState {
  if (groupId === state.current && !state.pending) return state;
  return { current: groupId, changedAt: now, pending: null };
}

interface GroupLike {
  id: string;
  isPersonal: boolean;
  name: string;
}

/**
 * The group to show: the one chosen on this device while the user still belongs to it, otherwise
 * their personal group (the default, and where a removed or deleted group falls back to).
 */
export function resolveCurrentGroup<G extends GroupLike>(chosenId: string | null, groups: readonly G[]): G | undefined {
  return (
    (chosenId === null ? undefined : groups.find((group) => group.id === chosenId)) ??
    groups.find((group) => group.isPersonal) ??
    groups[0]
  );
}

/** Menus and lists: the personal group first, then the others by name. */
export function orderGroups<G extends GroupLike>(groups: readonly G[]): G[] {
  return [...groups].sort(
    (a, b) => Number(b.isPersonal) - Number(a.isPersonal) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
}
