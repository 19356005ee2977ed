/** "Did you mean" hints for misspelt keys and names. */

/** Edit distance (insertions, deletions, substitutions) between two strings. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The candidate closest to `word` (ignoring case), if it is close enough to be a likely typo: at most one
 * edit in three characters, and at least one edit allowed. Ties go to the earlier candidate.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  if (best === undefined) return undefined;
  return bestDistance <= Math.max(1, Math.floor(Math.max(word.length, best.length) / 3)) ? best : undefined;
}

/** `a`, `b` or `c` (or `and`), each item in backticks. */
export function listOf(items: readonly string[], conjunction: 'or' | 'and' = 'or'): string {
  const q = items.map((i) => `\`${i}\``);
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} ${conjunction} ${q[q.length - 1]}`;
}
