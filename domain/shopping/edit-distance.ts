/**
 * Damerau–Levenshtein distance (optimal string alignment: an adjacent swap counts as one edit),
 * cut off at a limit: spelling slips are one or two edits, so anything further is "too far" and
 * the work stops as soon as a whole row exceeds the limit.
 */

const MAX_LENGTH = 64;
// Three reused rows: a lookup allocates nothing.
let beforePrevious = new Int32Array(MAX_LENGTH + 1);
let previous = new Int32Array(MAX_LENGTH + 1);
let current = new Int32Array(MAX_LENGTH + 1);

/** The distance between a and b if it is at most limit, else limit + 1. */
export function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a.length > MAX_LENGTH || b.length > MAX_LENGTH) return a === b ? 0 : limit + 1;
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, beforePrevious[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return Math.min(previous[b.length]!, limit + 1);
}
