/**
 * Repeats: the first repeat phrase of a line ("every mon and thu", "jeden Montag") as a rule.
 * "every!" (Todoist's syntax), or "after completion" / "after done" right after the phrase,
 * counts the next occurrence from the day the task is done.
 */
import { german } from "./recurrence-de.js";
import { english } from "./recurrence-en.js";
import type { Form, Grammar } from "./recurrence-grammar.js";
import type { RepeatRule } from "./rule.js";
import { overlaps } from "./spans.js";
import type { Span } from "./types.js";

/** What may follow a repeat: the end, a space, or punctuation. */
const BOUNDARY = /^(?:$|[\s,.;!?)])/u;

export interface RecurrenceFound {
  rule: RepeatRule;
  fromCompletion: boolean;
  part: Span;
}

interface Candidate {
  start: number;
  formsAt: number;
  forms: Form[];
  fromCompletion: boolean;
  grammar: Grammar;
  /** A word that repeats on its own: only at the end of the line, or before a time there. */
  alone: boolean;
}

function longestForm(forms: Form[], text: string, at: number): { rule: RepeatRule; end: number } | null {
  let best: { rule: RepeatRule; end: number } | null = null;
  for (const { pattern, build } of forms) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match || !BOUNDARY.test(text.slice(at + match[0].length))) continue;
    const rule = build(match.groups ?? {});
    const end = at + match[0].length;
    if (rule && rule.interval >= 1 && rule.interval <= 999 && (!best || end > best.end)) best = { rule, end };
  }
  return best;
}

/** The end of an "after completion" right after `end`, or null. */
function completionSuffix(grammar: Grammar, text: string, end: number): number | null {
  grammar.completion.lastIndex = end;
  const match = grammar.completion.exec(text);
  return match && BOUNDARY.test(text.slice(end + match[0].length)) ? end + match[0].length : null;
}

function candidatesOf(grammar: Grammar, text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const match of text.matchAll(grammar.every)) {
    const start = match.index + match[1]!.length;
    const formsAt = match.index + match[0].length;
    found.push({ start, formsAt, forms: grammar.afterEvery, fromCompletion: match[3] === "!", grammar, alone: false });
  }
  for (const match of text.matchAll(grammar.aloneStart)) {
    const start = match.index + match[1]!.length;
    found.push({ start, formsAt: start, forms: grammar.alone, fromCompletion: false, grammar, alone: true });
  }
  return found;
}

/**
 * The first repeat phrase of the text, in German for a "de…" locale and in English otherwise; or
 * null. `taken` are the spans other readers took (blank in the text): no phrase reaches over one.
 */
export function findRecurrence(masked: string, locale: string, taken: readonly Span[]): RecurrenceFound | null {
  const grammar = locale.toLowerCase().startsWith("de") ? german : english;
  const candidates = candidatesOf(grammar, masked).sort((a, b) => a.start - b.start);
  const crossesTaken = (start: number, end: number) => taken.some((span) => overlaps(span, { start, end }));
  for (const candidate of candidates) {
    const found = longestForm(candidate.forms, masked, candidate.formsAt);
    if (!found || crossesTaken(candidate.start, found.end)) continue;
    let suffixEnd = completionSuffix(candidate.grammar, masked, found.end);
    if (suffixEnd !== null && crossesTaken(found.end, suffixEnd)) suffixEnd = null;
    const end = suffixEnd ?? found.end;
    if (candidate.alone && !candidate.grammar.lineEndOrTime.test(masked.slice(end))) continue;
    return {
      rule: found.rule,
      fromCompletion: candidate.fromCompletion || suffixEnd !== null,
      part: { start: candidate.start, end },
    };
  }
  return null;
}
