import type { Suggestion } from "./list.js";

/**
 * shopping-suggestions (docs/shopping.md), each with its reason in words: items due again by
 * their usual interval, items often bought together with what is on the list, and ingredients
 * of planned meals the list lacks. A dismissed item is not offered again until it is bought again.
 */

export interface Purchase {
  key: string;
  name: string;
  /** ISO 8601 */
  at: string;
}

export interface SuggestionInput {
  purchases: readonly Purchase[];
  /** Keys of the open items on the list now. */
  onList: ReadonlySet<string>;
  /** Key → when it was dismissed (ISO). */
  dismissed: ReadonlyMap<string, string>;
  /** Ingredients of the planned meals, by key. */
  mealNeeds?: readonly { key: string; name: string; meal: string }[];
  now: Date;
}

const DAY_MS = 86_400_000;
/** Bought on this many days at least before an interval is trusted. */
const MIN_DAYS_FOR_INTERVAL = 3;
/** Due once this share of the usual interval has passed. */
const DUE_SHARE = 0.9;
/** "Together": on at least this many shopping days with the listed item, and on half of them. */
const MIN_TOGETHER_DAYS = 3;
const TOGETHER_SHARE = 0.5;
const MAX_SUGGESTIONS = 12;

const dayOf = (at: string) => at.slice(0, 10);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const days = (count: number) => (count === 1 ? "1 day" : `${count} days`);

export function suggestItems(input: SuggestionInput): Suggestion[] {
  const byKey = new Map<string, { name: string; days: string[]; last: string }>();
  const keysOnDay = new Map<string, Set<string>>();
  for (const purchase of input.purchases) {
    const day = dayOf(purchase.at);
    const entry = byKey.get(purchase.key) ?? { name: purchase.name, days: [], last: purchase.at };
    if (!entry.days.includes(day)) entry.days.push(day);
    if (purchase.at >= entry.last) {
      entry.last = purchase.at;
      entry.name = purchase.name;
    }
    byKey.set(purchase.key, entry);
    const onDay = keysOnDay.get(day) ?? new Set<string>();
    onDay.add(purchase.key);
    keysOnDay.set(day, onDay);
  }
  const offered = new Set<string>();
  const open = (key: string) => {
    if (input.onList.has(key) || offered.has(key)) return false;
    const dismissed = input.dismissed.get(key);
    const last = byKey.get(key)?.last;
    // Waved away, and not bought since: not again.
    return !(dismissed && (!last || last <= dismissed));
  };
  const suggestions: Suggestion[] = [];
  const add = (suggestion: Suggestion) => {
    offered.add(suggestion.key);
    suggestions.push(suggestion);
  };

  for (const need of input.mealNeeds ?? []) {
    if (open(need.key)) add({ key: need.key, name: need.name, reason: "meal", detail: `For ${need.meal}` });
  }

  const due: { suggestion: Suggestion; overdue: number }[] = [];
  for (const [key, entry] of byKey) {
    if (entry.days.length < MIN_DAYS_FOR_INTERVAL || !open(key)) continue;
    const sorted = [...entry.days].sort();
    const gaps = sorted.slice(1).map((day, index) => (Date.parse(day) - Date.parse(sorted[index]!)) / DAY_MS);
    const usual = Math.max(1, Math.round(median(gaps)));
    const since = Math.floor((input.now.getTime() - Date.parse(entry.last)) / DAY_MS);
    if (since < usual * DUE_SHARE) continue;
    due.push({
      overdue: since / usual,
      suggestion: {
        key,
        name: entry.name,
        reason: "due",
        detail: `You buy it about every ${days(usual)}; last ${days(since)} ago`,
      },
    });
  }
  for (const { suggestion } of due.sort((a, b) => b.overdue - a.overdue)) add(suggestion);

  for (const listed of input.onList) {
    const listedDays = byKey.get(listed)?.days ?? [];
    if (listedDays.length < MIN_TOGETHER_DAYS) continue;
    const counts = new Map<string, number>();
    for (const day of listedDays) {
      for (const other of keysOnDay.get(day) ?? [])
        if (other !== listed) counts.set(other, (counts.get(other) ?? 0) + 1);
    }
    const together = [...counts]
      .filter(([, count]) => count >= MIN_TOGETHER_DAYS && count / listedDays.length >= TOGETHER_SHARE)
      .sort((a, b) => b[1] - a[1]);
    for (const [key] of together) {
      if (!open(key)) continue;
      add({
        key,
        name: byKey.get(key)!.name,
        reason: "together",
        detail: `Often bought with ${byKey.get(listed)!.name}`,
      });
    }
  }
  return suggestions.slice(0, MAX_SUGGESTIONS);
}
