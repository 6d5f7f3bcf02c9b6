/**
 * Kendall's rank correlation (tau-a) between two orders of the same keys: 1 when they agree on
 * every pair, -1 when one is the other reversed. Keys in only one of them are left out.
 */
export function kendallTau(a: readonly string[], b: readonly string[]): number {
  const rankInB = new Map(b.map((key, index) => [key, index]));
  const ranks = a.filter((key) => rankInB.has(key)).map((key) => rankInB.get(key)!);
  const n = ranks.length;
  if (n < 2) return 1;
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (ranks[i]! < ranks[j]!) concordant++;
      else discordant++;
    }
  }
  return (concordant - discordant) / ((n * (n - 1)) / 2);
}
