/**
 * What the user decided about each proposal, kept on this device so a card approved before a
 * reload is not offered again. Keyed by message id and the action's place in it.
 */
export type Decision = "approved" | "rejected" | "failed";

const STORAGE_KEY = "assistantDecisions";
/** Enough for the 50 messages a conversation keeps, several proposals each. */
const KEPT = 500;

export function decisionKey(messageId: string, index: number): string {
  return `${messageId}#${index}`;
}

export function readDecisions(): Record<string, Decision> {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}") as unknown;
    return stored && typeof stored === "object" ? (stored as Record<string, Decision>) : {};
  } catch {
    return {};
  }
}

export function writeDecisions(decisions: Record<string, Decision>): void {
  const entries = Object.entries(decisions).slice(-KEPT);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage full or blocked: the decisions hold for this page only.
  }
}
