/**
 * Asking for notification permission. The browser is asked only while its permission is
 * "default"; our own suggestion to turn notifications on is spaced out: the first is always
 * allowed, the next needs more than 3 days since the last, and after two, more than 7 days.
 */
export const PUSH_PROMPT_STORAGE_KEY = "pushPromptHistory";

const DAY_MS = 24 * 3600_000;

export interface PromptHistory {
  /** How many times we suggested it on this device. */
  count: number;
  /** When we last did (ms since the epoch), or null. */
  lastAt: number | null;
}

export const NO_PROMPTS: PromptHistory = { count: 0, lastAt: null };

export function mayPrompt(history: PromptHistory, now: number): boolean {
  if (history.count === 0 || history.lastAt === null) return true;
  const waitDays = history.count >= 2 ? 7 : 3;
  return now - history.lastAt > waitDays * DAY_MS;
}

export function recordPrompt(history: PromptHistory, now: number): PromptHistory {
  return { count: history.count + 1, lastAt: now };
}

/** Push setup tries up to 5 times, waiting 1 s × 1.5 per attempt, at most 10 s. */
export const PUSH_SETUP = { attempts: 5, baseDelayMs: 1_000, factor: 1.5, maxDelayMs: 10_000 } as const;

export function pushSetupDelay(attempt: number): number {
  return Math.min(PUSH_SETUP.maxDelayMs, PUSH_SETUP.baseDelayMs * PUSH_SETUP.factor ** attempt);
}

/** What the service worker shows for a push ("New notification" untitled; "Data Updated" for sync). */
export function pushDisplay(payload: { type?: unknown; title?: unknown; body?: unknown }): {
  title: string;
  body: string;
} {
  if (payload.type === "sync") return { title: "Data Updated", body: "Your data has been updated" };
  const title = typeof payload.title === "string" && payload.title ? payload.title : "New notification";
  return { title, body: typeof payload.body === "string" ? payload.body : "" };
}
