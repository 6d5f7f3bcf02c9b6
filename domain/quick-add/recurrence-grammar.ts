/** The building blocks of a language's repeat phrases: forms that read a rule, and the words around them. */
import { daysInMonth } from "./civil-date.js";
import type { RepeatRule, Weekday } from "./rule.js";

/** No letter or digit follows: "mon" is not the start of "month". */
export const END = "(?![\\p{L}\\p{N}])";

export type Groups = Record<string, string | undefined>;

export interface Form {
  pattern: RegExp;
  build: (groups: Groups) => RepeatRule | null;
}

/** A form read at one place (sticky), case-insensitive, ending at a word's end. */
export function form(source: string, build: Form["build"]): Form {
  return { pattern: new RegExp(`(?:${source})${END}`, "iuy"), build };
}

export interface Grammar {
  /** "every", "each" (groups: 1 what precedes, 2 the word, 3 a "!" that counts from completion). */
  every: RegExp;
  /** What may follow `every`. */
  afterEvery: Form[];
  /** Where a word that repeats on its own ("daily") may start (group 1: what precedes). */
  aloneStart: RegExp;
  alone: Form[];
  /** "after completion", read right after a phrase (sticky). */
  completion: RegExp;
  /** What may follow a word that repeats on its own: "Prepare weekly report" is no repeat. */
  lineEndOrTime: RegExp;
}

/** The days of a list ("mon, wed and fri"), each once, through the language's day names. */
export function weekdaysIn(
  list: string,
  dayName: RegExp,
  weekdayOf: (word: string) => Weekday,
): { weekday: Weekday }[] {
  const found = [...list.matchAll(new RegExp(dayName.source, "giu"))].map((match) => weekdayOf(match[0]));
  return [...new Set(found)].map((day) => ({ weekday: day }));
}

/** A day of the year that exists in some year (29 February does; 30 February does not). */
export function dayOfYear(month: number, day: number): RepeatRule | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(2000, month)) return null;
  return { frequency: "YEARLY", interval: 1, byMonth: month, byMonthDay: day };
}

export const WORKDAYS: { weekday: Weekday }[] = [1, 2, 3, 4, 5].map((day) => ({ weekday: day as Weekday }));
export const WEEKEND: { weekday: Weekday }[] = [{ weekday: 6 }, { weekday: 0 }];
