/** The title: the line without its understood parts, tidied where they were cut out. */
import type { Span } from "./types.js";

const CUT = "\u0000";

/**
 * `head` with each span cut out: a cut right before punctuation takes the space before it ("Buy
 * milk #Home, eggs" → "Buy milk, eggs"), a cut at either end takes the separators it leaves ("Call
 * mum - fri" → "Call mum"), and spaces collapse. Text the user typed elsewhere stays as typed.
 */
export function titleWithout(head: string, spans: readonly Span[]): string {
  let marked = "";
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start < at) continue;
    marked += `${head.slice(at, span.start)}${CUT}`;
    at = span.end;
  }
  marked += head.slice(at);
  return marked
    .replace(/^(?:[\s\0]*\0[\s,;:\u2013\u2014-]*)+/u, "")
    .replace(/(?:[\s,;\u2013\u2014-]*\0[\s\0]*)+$/u, "")
    .replace(/[\s\0]*\0(?=[,;.!?)\]])/gu, "")
    .replace(/[\s\0]*\0[\s\0]*/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
}

/** The whole line, spaces collapsed: the title when nothing else would be left. */
export function collapsed(text: string): string {
  return text.replace(/\s+/gu, " ").trim();
}
