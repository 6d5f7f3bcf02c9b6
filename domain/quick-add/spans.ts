/** Span helpers shared by the readers: masking what is taken, and telling a whole token from part of a word. */
import type { Span } from "./types.js";

/**
 * What stands in for a span the user asked to keep as text: a word character, so no reader sees
 * a token boundary inside it and no date merges across it.
 */
export const KEPT_FILL = "_";
/** What stands in for a span already understood: blank, so "fri !! 5pm" still reads as "fri 5pm". */
export const TAKEN_FILL = " ";

/** The text with the span's characters replaced, every offset unchanged. */
export function maskSpan(text: string, span: Span, fill: string): string {
  return text.slice(0, span.start) + fill.repeat(span.end - span.start) + text.slice(span.end);
}

export function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

const OPENING = /[\s([{"'“‘«]/u;
const CLOSING = /[\s)\]}"”»,;!?]/u;

/**
 * Whether `text[start, end)` stands on its own: not glued to letters, digits or a path on either
 * side. A full stop or colon after it counts as an end only before a space or the end, so
 * "monday.com" holds no Monday; an apostrophe only where no letter follows ("tomorrow's" is a word).
 */
export function isStandalone(text: string, start: number, end: number): boolean {
  if (start > 0 && !OPENING.test(text[start - 1]!)) return false;
  if (end >= text.length) return true;
  const after = text[end]!;
  const next = text[end + 1] ?? "";
  if (after === "'" || after === "’") return !/[\p{L}\p{N}]/u.test(next);
  if (after === "." || after === ":") return next === "" || /\s/u.test(next);
  return CLOSING.test(after);
}

/** Whether nothing but blanks (spans already taken) follows `end`: the token ends the line. */
export function endsLine(text: string, end: number): boolean {
  return /^[\s.!?]*$/.test(text.slice(end));
}

/** The word right before `start` (lower case, no trailing blanks), or "". */
export function wordBefore(text: string, start: number): { word: string; start: number } {
  const match = /(\S+)\s+$/u.exec(text.slice(0, start));
  if (!match) return { word: "", start };
  return { word: match[1]!.toLowerCase(), start: start - match[0].length };
}
