/**
 * Toast throttling, as pure functions so the rules are tested without a browser.
 *
 * Error toasts: once a toast is shown, the next one must wait a gap that starts at 5 s and doubles
 * with every toast shown, up to 60 s; a message is shown at most once per session. After a quiet
 * spell longer than the largest gap the gap starts again at 5 s, so an error an hour later is not
 * held back by a burst long ago (docs/decisions.md).
 *
 * Core errors: the same scheme with a 3 s gap growing 1.5x up to 30 s, and the same message
 * deduplicated within 3 s instead of once per session.
 */
export interface ThrottlePolicy {
  initialGapMs: number;
  growth: number;
  maxGapMs: number;
  /** null: each message once per session; a number: the same message is dropped within this window. */
  dedupeWindowMs: number | null;
}

export const ERROR_TOAST_POLICY: ThrottlePolicy = {
  initialGapMs: 5_000,
  growth: 2,
  maxGapMs: 60_000,
  dedupeWindowMs: null,
};

export const CORE_ERROR_TOAST_POLICY: ThrottlePolicy = {
  initialGapMs: 3_000,
  growth: 1.5,
  maxGapMs: 30_000,
  dedupeWindowMs: 3_000,
};

export interface ThrottleState {
  lastShownAt: number | null;
  gapMs: number;
  /** message -> when it was last shown */
  shown: ReadonlyMap<string, number>;
}

export function initialThrottleState(policy: ThrottlePolicy): ThrottleState {
  return { lastShownAt: null, gapMs: policy.initialGapMs, shown: new Map() };
}

export interface ThrottleDecision {
  show: boolean;
  state: ThrottleState;
}

export function decideToast(
  policy: ThrottlePolicy,
  state: ThrottleState,
  message: string,
  now: number,
): ThrottleDecision {
  const previous = state.shown.get(message);
  if (previous !== undefined) {
    const duplicate = policy.dedupeWindowMs === null || now - previous < policy.dedupeWindowMs;
    if (duplicate) return { show: false, state };
  }

  const sinceLast = state.lastShownAt === null ? Infinity : now - state.lastShownAt;
  const freshStart = sinceLast > policy.maxGapMs;
  if (!freshStart && sinceLast < state.gapMs) return { show: false, state };

  const shown = new Map(state.shown);
  shown.set(message, now);
  const gapMs = freshStart ? policy.initialGapMs : Math.min(state.gapMs * policy.growth, policy.maxGapMs);
  return { show: true, state: { lastShownAt: now, gapMs, shown } };
}
