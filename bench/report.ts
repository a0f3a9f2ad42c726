/**
 * What `npm run bench` prints at the end: every figure a benchmark measured, beside the baseline it was compared
 * with in the same run and the ratio of the two. Benchmarks call figure() as they print; run.ts prints table().
 * A benchmark that cannot run here throws CannotRun (or anything else): run.ts prints why and goes on.
 */

/** Thrown when a benchmark's precondition is missing on this machine (no git history, no PostgreSQL…). */
export class CannotRun extends Error {}

export interface Figure {
  bench: string;
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
}

const figures: Figure[] = [];
let current = '';

/** run.ts: the benchmark file whose figures follow. */
export function startBench(name: string) {
  current = name;
}

/** Record one figure, with the same-run baseline it is compared with when there is one. */
export function figure(name: string, value: number, unit: string, baseline?: { name: string; value: number }) {
  figures.push({ bench: current, name, value, unit, baseline });
}

const num = (n: number) => (Math.abs(n) >= 100 ? Math.round(n).toString() : n.toFixed(1));

/** The closing table: one row per figure; ratio = figure / baseline (higher is better for req/s, worse for ms). */
export function table(outcomes: { bench: string; outcome: string }[]): string {
  const rows = figures.map((f) => [
    f.bench,
    f.name,
    `${num(f.value)} ${f.unit}`,
    f.baseline ? `${f.baseline.name}: ${num(f.baseline.value)} ${f.unit}` : '',
    f.baseline && f.baseline.value ? `${((f.value / f.baseline.value) * 100).toFixed(1)}%` : '',
  ]);
  const header = ['bench', 'figure', 'value', 'baseline (same run)', 'ratio'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(line),
    '',
    ...outcomes.map((o) => `${o.bench.padEnd(widths[0]!)}  ${o.outcome}`),
  ].join('\n');
}
