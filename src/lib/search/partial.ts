import type { RawAnswer, RawHit, RawQuery } from './pool.ts';

/** Each word's list is read this deep (or to the requested window, if deeper). */
const DEPTH = 20;
/** At most this many words are searched alone (the longest, which tend to say most): a long query costs a few searches, not one per word. */
const MAX_WORDS = 6;

/**
 * The answer to a query whose words are never all on one page (Pagefind's AND found nothing): each word is
 * searched alone and the lists merged. A page scores the sum of its words' weights, where a word on fewer pages
 * weighs more (its inverse document frequency, from each list's total), plus a little for its rank in each list,
 * so pages holding the most, and the most telling, words come first. `total` counts the distinct pages found.
 * @example await rankPartial({ q: 'refunds wedding', limit: 10, offset: 0 }, ['refunds', 'wedding'], run)
 */
export async function rankPartial(
  query: RawQuery,
  words: string[],
  run: (q: RawQuery) => Promise<RawAnswer>,
): Promise<RawAnswer> {
  const depth = Math.max(DEPTH, query.offset + query.limit);
  const chosen = [...words].sort((a, b) => b.length - a.length).slice(0, MAX_WORDS);
  const lists = await Promise.all(
    chosen.map((q) => run({ q, type: query.type, limit: Math.min(depth, 50), offset: 0 })),
  );
  const pages = new Map<string, { hit: RawHit; score: number }>();
  for (const list of lists) {
    if (list.total === 0) continue;
    const weight = 1 / Math.log2(1 + list.total);
    list.results.forEach((hit, rank) => {
      const entry = pages.get(hit.url) ?? { hit, score: 0 };
      entry.score += weight * (1 + 0.5 / (1 + rank));
      pages.set(hit.url, entry);
    });
  }
  const ranked = [...pages.values()].sort((a, b) => b.score - a.score).map((e) => e.hit);
  return { total: ranked.length, results: ranked.slice(query.offset, query.offset + query.limit) };
}

/** Moves the pages of the course codes a query names to the top (the course page of "BIB 201" first). */
export function codesFirst(answer: RawAnswer, codes: string[]): RawAnswer {
  const urls = codes.map((c) => `/courses/${c}/`);
  const first = answer.results.filter((r) => urls.includes(r.url));
  if (first.length === 0) return answer;
  return { ...answer, results: [...first, ...answer.results.filter((r) => !urls.includes(r.url))] };
}
