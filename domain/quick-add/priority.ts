/** Priority: "p1" (the top, as in Todoist) … "p4", or "!!!", "!!", "!" standing alone. */
import type { Priority } from "../task-rules.js";
import type { Span } from "./types.js";

const PRIORITY_OF: Record<string, Priority> = {
  p1: "high",
  p2: "medium",
  p3: "low",
  p4: "low",
  "!!!": "high",
  "!!": "medium",
  "!": "low",
};

/** Whole tokens only: "p10", "mp3", "Hi!" and "!important" hold none. */
const TOKEN = /(^|\s)(p[1-4]|!{1,3})(?=\s|$)/giu;

/** The first priority token of the text, or null (a second one stays in the title). */
export function findPriority(masked: string): { priority: Priority; part: Span } | null {
  TOKEN.lastIndex = 0;
  const match = TOKEN.exec(masked);
  if (!match) return null;
  const start = match.index + match[1]!.length;
  const token = match[2]!.toLowerCase();
  return { priority: PRIORITY_OF[token]!, part: { start, end: start + token.length } };
}
