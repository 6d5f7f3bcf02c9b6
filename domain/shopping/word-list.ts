/**
 * Word lists written as one text ("apple, banana, cherry tomatoes"), so the seeds and the unit
 * tables stay a few lines per aisle instead of one line per word under the formatter.
 */

const SEPARATOR = /\s*,\s*/;

/** The comma-separated entries of a text, trimmed, empty ones dropped. */
export function listOf(text: string): string[] {
  return text
    .trim()
    .split(SEPARATOR)
    .filter((entry) => entry !== "");
}

/** "leaves leaf, loaves loaf" → [["leaves", "leaf"], ["loaves", "loaf"]]. */
export function pairsOf(text: string): [string, string][] {
  return listOf(text).map((pair) => {
    const [from, to] = pair.split(" ");
    if (from === undefined || to === undefined) throw new Error(`not a pair: ${pair}`);
    return [from, to];
  });
}
