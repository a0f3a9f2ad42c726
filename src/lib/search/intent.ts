/**
 * What a query is after, read from the first page of results: a page whose title names everything asked
 * ("accessibility statement" → "Accessibility", "greek ii" → "Biblical Greek II") is the page meant, and goes first;
 * an index page (the programs list) goes after the specific pages under it that the results also hold, as the
 * visitor asking for "bachelor degree" wants a bachelor's degree, not the list of every program.
 */
import type { RawAnswer, RawHit } from './pool.ts';
import { words as wordsOf } from './query-rewrite.ts';

/** Crude stem, enough to match "statement" with "statements" and "refund" with "Refunds". */
const stem = (word: string) => word.slice(0, 6);

/** True when every word asked is in the title, or the whole title is in what was asked. */
function titleNames(title: string, asked: Set<string>): boolean {
  const titled = new Set(wordsOf(title).map(stem));
  if (asked.size === 0 || titled.size === 0) return false;
  return [...asked].every((w) => titled.has(w)) || [...titled].every((w) => asked.has(w) || w.length <= 2);
}

/** The results reordered: pages named by their titles first, index pages after their specific pages; otherwise as ranked. */
export function intentFirst(answer: RawAnswer, words: string[]): RawAnswer {
  const asked = new Set(words.filter((w) => /\p{L}/u.test(w)).map(stem));
  const urls = answer.results.map((r) => r.url);
  const isIndex = (hit: RawHit) => urls.some((u) => u !== hit.url && u.startsWith(hit.url));
  const tier = (hit: RawHit) => (titleNames(hit.title, asked) ? 0 : isIndex(hit) ? 2 : 1);
  const results = answer.results
    .map((hit, rank) => ({ hit, rank, tier: tier(hit) }))
    .sort((a, b) => a.tier - b.tier || a.rank - b.rank)
    .map((r) => r.hit);
  return { ...answer, results };
}
