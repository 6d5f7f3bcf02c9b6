/** Notes: what follows " : " (a colon with a space on both sides) is the task's notes, not its title. */
import type { Span } from "./types.js";

/**
 * The colon needs a space before it, which "Re: invoice", "Note: call back" and "10:30" lack, so
 * they stay whole; text must come before it and after it.
 */
const SEPARATOR = /\S\s+(:)\s+\S/u;

/** Where the notes begin (the colon, as the part to highlight) and their text, or null. */
export function findNotes(masked: string, original: string): { part: Span; notes: string } | null {
  const match = SEPARATOR.exec(masked);
  if (!match) return null;
  const colon = match.index + match[0].indexOf(":");
  const end = original.trimEnd().length;
  return { part: { start: colon, end }, notes: original.slice(colon + 1, end).trim() };
}
