/**
 * When a piece of a page holds, for the dated regions of prerendered pages (src/lib/site/dated.ts): what is
 * "next" or "coming up" changes only at known instants (an event ends, a term starts), so between two of them
 * the answer is fixed, and the build can work out every answer and the span it holds for.
 */
import type { TimeWindow } from '../site/dated.ts';

/**
 * The windows in which `holds(t)` is true, for a state that changes only at `changes`: the state is the same from
 * one change (inclusive) to the next, and before the first. Adjacent windows are merged.
 * @example windowsOf([jan, jun], (t) => t < jun) // [{ until: jun }]
 */
export function windowsOf(changes: readonly Date[], holds: (t: Date) => boolean): TimeWindow[] {
  const instants = [...new Set(changes.map((d) => d.getTime()))].sort((a, b) => a - b);
  const windows: TimeWindow[] = [];
  let open: TimeWindow | undefined;
  // The span before the first change, then one span per change, each tested at its first instant.
  const starts: (number | undefined)[] = [undefined, ...instants];
  starts.forEach((start, i) => {
    const probe = new Date(start ?? (instants[0] ?? 0) - 1);
    const next = instants[i];
    if (holds(probe)) {
      open ??= start === undefined ? {} : { from: new Date(start) };
      if (next !== undefined) open.until = new Date(next);
      else delete open.until;
    } else if (open) {
      windows.push(open);
      open = undefined;
    }
  });
  if (open) windows.push(open);
  return windows;
}
