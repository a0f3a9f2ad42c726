/**
 * Dated regions: the parts of a prerendered page that are true only for a while ("next starts in Spring 2027",
 * the next three events). The build renders every state such a part can be in, each between two markers that
 * say when it holds; the server keeps the regions that hold at the time of the request and drops the rest
 * (src/lib/site/built-site.ts). So the page stays prerendered, indexed and cached, and is right on the day it
 * is read without a rebuild. src/components/Dated.astro writes the markers; src/lib/catalog/windows.ts works out
 * when each state holds.
 *
 * A marker is an HTML comment, so a page read without the server (a preview, a crawler of dist/) shows every
 * state rather than breaking: `<!--dated from=2026-11-05T20:00:00.000Z until=2027-01-19T00:00:00.000Z-->…
 * <!--/dated-->`. Either bound may be missing (open-ended). Regions may nest.
 */

/** When a state holds: from `from` (inclusive) until `until` (exclusive); a missing bound is open. */
export interface TimeWindow {
  from?: Date;
  until?: Date;
}

const OPEN = '<!--dated';
const CLOSE = '<!--/dated-->';
const MARKER = /<!--dated((?: (?:from|until)=[0-9TZ:.+-]+)*)-->|<!--\/dated-->/g;

/** The opening and closing markers of a region that holds in `window`. */
export function datedMarkers(window: TimeWindow): [open: string, close: string] {
  const from = window.from ? ` from=${window.from.toISOString()}` : '';
  const until = window.until ? ` until=${window.until.toISOString()}` : '';
  return [`${OPEN}${from}${until}-->`, CLOSE];
}

/** True when the text has dated regions. */
export const hasDated = (text: string) => text.includes(OPEN);

/** What a dated text reads at one instant, and the span around that instant over which it reads the same. */
export interface Resolved {
  text: string;
  /** The last change at or before the instant (undefined: none before it). */
  since?: Date;
  /** The next change after the instant (undefined: it never changes again). */
  until?: Date;
}

/**
 * The text as it reads at `now`: regions holding at `now` lose their markers, the others go with their content.
 * Markers that do not pair up are an error of the build, thrown so that the page is never served half-resolved.
 */
export function resolveDated(text: string, now: Date): Resolved {
  const at = now.getTime();
  let since = -Infinity;
  let until = Infinity;
  const resolved = keepRegions(text, (start, end) => {
    // The text changes when any region starts or stops holding, shown or not: a hidden parent may come back.
    for (const bound of [start, end]) {
      if (bound <= at) since = Math.max(since, bound);
      else until = Math.min(until, bound);
    }
    return start <= at && at < end;
  });
  return {
    text: resolved,
    ...(since === -Infinity ? {} : { since: new Date(since) }),
    ...(until === Infinity ? {} : { until: new Date(until) }),
  };
}

/** The text without any dated region: what holds at every time, for copies made once (llms-full.txt). */
export const withoutDated = (text: string): string => keepRegions(text, () => false);

/** The text with the markers gone, and the content of the regions `keep` refuses (and of all inside them). */
function keepRegions(text: string, keep: (start: number, end: number) => boolean): string {
  const out: string[] = [];
  // Per open region: whether it, and every region around it, is kept.
  const kept: boolean[] = [];
  let last = 0;
  for (const m of text.matchAll(MARKER)) {
    const shown = kept.length === 0 || kept.at(-1)!;
    if (shown) out.push(text.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[0] === CLOSE) {
      if (kept.pop() === undefined) throw new Error(`dated: a closing marker without its opening at ${m.index}`);
      continue;
    }
    const from = /from=(\S+)/.exec(m[1]!)?.[1];
    const to = /until=(\S+)/.exec(m[1]!)?.[1];
    const start = from ? Date.parse(from) : -Infinity;
    const end = to ? Date.parse(to) : Infinity;
    if (Number.isNaN(start) || Number.isNaN(end)) throw new Error(`dated: a bad instant in "${m[0]}"`);
    kept.push(keep(start, end) && shown);
  }
  if (kept.length > 0) throw new Error('dated: an opening marker without its closing');
  out.push(text.slice(last));
  return out.join('');
}
