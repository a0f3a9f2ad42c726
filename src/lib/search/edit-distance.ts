/** The rows of the table, reused across calls (a corrector makes thousands), grown for a longer word. */
let rows = [new Uint16Array(64), new Uint16Array(64), new Uint16Array(64)];

/**
 * Optimal string alignment distance (restricted Damerau–Levenshtein): insertions, deletions, substitutions, and a
 * swap of two neighbouring letters, each one edit. A swap is the commonest slip of a typist ("recieve", "theolgoy"),
 * which Levenshtein distance counts as two. Each substring is edited once, as a spelling corrector needs; no
 * alphabet-sized table as in full Damerau–Levenshtein.
 *
 * Bounded: once every cell of a row exceeds `max`, the answer is `max + 1` without finishing (a corrector compares a
 * word with thousands and keeps only those within a few edits). Words are compared by UTF-16 code unit, as the
 * index's words are letters of the Basic Multilingual Plane.
 * @example osaDistance('recieve', 'receive') === 1; osaDistance('theology', 'biology', 1) === 2
 */
export function osaDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  if (rows[0].length <= n) rows = rows.map(() => new Uint16Array(2 * (n + 1)));
  // Two rows back (for a swap), the previous and the current.
  let [before, previous, current] = rows;
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[n], max + 1);
}
