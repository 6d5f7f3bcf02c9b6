/** A pasted list: one task line per non-empty line, without its bullet or checkbox. */

/** "- ", "* ", "• ", "1. ", "2) ", "[ ] ", "[x] ", "- [ ] ": what lists put before an item. */
const BULLET = /^(?:[-*+•‣◦–—](?:\s+|$)|\d{1,3}[.)](?:\s+|$))?(?:\[[ xX]?\](?:\s+|$))?/u;

export function splitPastedLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n|\u2028|\u2029/u)
    .map((line) => line.trim().replace(BULLET, "").trim())
    .filter((line) => line.length > 0);
}
