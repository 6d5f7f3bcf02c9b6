import { useSyncExternalStore } from "react";
import {
  forceSwitch,
  type GroupSwitchState,
  initialSwitchState,
  requestSwitch,
  settleSwitch,
} from "../../domain/group-switch";

/** This device's choice of group (per device, not synced); cleared with the rest at sign-out. */
export const CURRENT_GROUP_STORAGE_KEY = "currentGroupId";

function readStored(): string | null {
  try {
    return localStorage.getItem(CURRENT_GROUP_STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(groupId: string | null): void {
  try {
    if (groupId === null) localStorage.removeItem(CURRENT_GROUP_STORAGE_KEY);
    else localStorage.setItem(CURRENT_GROUP_STORAGE_KEY, groupId);
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page load only.
  }
}

let state: GroupSwitchState = initialSwitchState(readStored());
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: GroupSwitchState): void {
  const changed = next.current !== state.current;
  state = next;
  if (timer !== undefined && !next.pending) {
    clearTimeout(timer);
    timer = undefined;
  }
  if (!changed) return;
  store(next.current);
  for (const listener of listeners) listener();
}

function schedule(): void {
  if (timer !== undefined) clearTimeout(timer);
  if (!state.pending) return;
  timer = setTimeout(
    () => {
      timer = undefined;
      set(settleSwitch(state, Date.now()).state);
    },
    Math.max(0, state.pending.dueAt - Date.now()),
  );
}

/**
 * The user picked a group: applied at once, or after the debounce when switches come in quick
 * succession (domain/group-switch.ts); picking the group already shown does nothing.
 */
export function chooseGroup(groupId: string): void {
  set(requestSwitch(state, groupId, Date.now()).state);
  schedule();
}

/** The current group is gone (removed, deleted) or was just made: show `groupId` now. */
export function forceGroup(groupId: string): void {
  set(forceSwitch(state, groupId, Date.now()));
}

// Another tab of this device chose a group: follow it.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== CURRENT_GROUP_STORAGE_KEY && event.key !== null) return;
    const stored = readStored();
    if (stored !== null && stored !== state.current) set(forceSwitch(state, stored, Date.now()));
  });
}

/** The chosen id outside React (event handlers). */
export function getChosenGroupId(): string | null {
  return state.current;
}

/** The id of the group chosen on this device (possibly one the user no longer belongs to; see useCurrentGroup). */
export function useChosenGroupId(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state.current,
  );
}
