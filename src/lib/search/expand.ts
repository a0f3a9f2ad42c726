/**
 * A semantic signal where words fail: when a word of a query is on no page of the site, the query is searched
 * again with that word replaced by the site words nearest to it in meaning (word vectors, built for the site's
 * vocabulary: word-vectors.ts).
 *
 * No page holds every word of such a query, so no page matches it exactly: what Pagefind answers is a loose match
 * (a shorter prefix of the word, or, for several words, the pages holding some of them, which have lost that
 * word). The neighbours' pages go first, then those. A query whose words are all on the site is never expanded:
 * its own words found what there is (expanding words that find few pages, or none within a type filter, added
 * noise to the chat's retrieval and half again to the worker CPU of the benchmark's mix).
 */
import { rankPartial } from './partial.ts';
import type { RawAnswer, RawHit, RawQuery } from './pool.ts';
import type { Vocabulary } from './vocabulary.ts';
import type { WordVectors } from './word-vectors.ts';

/** Neighbours tried per word, and how near in meaning they must be (cosine similarity of the vectors). */
export const NEIGHBOURS_PER_WORD = 3;
export const MIN_SIMILARITY = 0.5;
/** At most this many extra searches per query (each costs a worker search): the best-weighted alternatives. */
export const MAX_EXPANSIONS = 3;
/** Each alternative's list is read this deep (or to the requested window, if deeper). */
const DEPTH = 20;
/**
 * An alternative matching more than this share of the pages says nothing (Pagefind matches word starts, so a short
 * neighbour such as "ins" finds every page with "institute"): its pages are not added.
 */
const MAX_PAGE_SHARE = 0.2;

/** A query with its words on no page replaced by neighbours, and how much its pages count (the similarities, multiplied). */
export interface Expansion {
  words: string[];
  weight: number;
}

/**
 * A word the site has no page for: no indexed word shares its first 60% (at least 4 letters). Pagefind matches the
 * stem of a word as a prefix ("beginners" finds "beginning", "morality" finds "moral"), but for a word with no such
 * match it falls back to ever shorter prefixes ("therapist" finds every page with "the"), so its own answer to
 * such a word is no match at all.
 * @example unknownTo(vocabulary)('therapist') === true; unknownTo(vocabulary)('beginners') === false
 */
export const unknownTo = (vocabulary: Vocabulary | undefined) => (word: string) =>
  vocabulary !== undefined &&
  /^\p{L}+$/u.test(word) &&
  !vocabulary.hasPrefix(word.slice(0, Math.max(4, Math.ceil(word.length * 0.6))));

/**
 * True when `word` has neighbours near enough to search for: the query rewrite then leaves it as typed instead of
 * correcting it as a typo ("dorm" is not a slip for "form").
 */
export const hasNeighbours = (vectors: WordVectors | undefined, word: string) =>
  vectors !== undefined && vectors.neighbours(word, NEIGHBOURS_PER_WORD, MIN_SIMILARITY).length > 0;

/**
 * The alternatives to search for a query: none unless a word the visitor typed is on no page (`typed`: the words
 * of the query as typed; a word the synonyms file put there is the editors' choice, not second-guessed). In each,
 * one such word takes one of its neighbours, any other such word its best neighbour (or, having none, is left
 * out), and the other words stay.
 * @example expansionsFor(['dorm'], vocabulary, vectors, ['dorm']) → [{ words: ['housing'], weight: 0.58 }, …]
 */
export function expansionsFor(
  words: string[],
  vocabulary: Vocabulary | undefined,
  vectors: WordVectors | undefined,
  typed: string[] = words,
): Expansion[] {
  if (!vectors) return [];
  const unknown = words.filter((w) => typed.includes(w) && unknownTo(vocabulary)(w));
  const near = (w: string) => vectors.neighbours(w, NEIGHBOURS_PER_WORD, MIN_SIMILARITY);
  const expansions = new Map<string, Expansion>();
  for (const word of unknown) {
    for (const neighbour of near(word)) {
      let weight = neighbour.similarity;
      const alternative: string[] = [];
      for (const w of words) {
        if (w === word) alternative.push(neighbour.word);
        else if (!unknown.includes(w)) alternative.push(w);
        else if (near(w).length > 0) {
          alternative.push(near(w)[0].word);
          weight *= near(w)[0].similarity;
        }
      }
      const distinct = [...new Set(alternative)];
      const key = distinct.join(' ');
      if ((expansions.get(key)?.weight ?? 0) < weight) expansions.set(key, { words: distinct, weight });
    }
  }
  return [...expansions.values()].sort((a, b) => b.weight - a.weight).slice(0, MAX_EXPANSIONS);
}

/**
 * The answer with the pages of the query's expansions first, then the rest of what the query's own words found
 * (`answer`; `exact`: Pagefind's own answer, else rankPartial's pages holding some words). `total` counts the
 * distinct pages found.
 */
export async function withExpansions(
  query: RawQuery,
  words: string[],
  answer: RawAnswer,
  exact: boolean,
  expansions: Expansion[],
  run: (q: RawQuery) => Promise<RawAnswer>,
  sitePages = Infinity,
): Promise<RawAnswer> {
  if (expansions.length === 0) return answer;
  const depth = Math.min(Math.max(DEPTH, query.offset + query.limit), 50);
  const window: RawQuery = { q: query.q, type: query.type, limit: depth, offset: 0 };
  // The own pages come after the expansions', so the first window needs only the first of them (the answer); a
  // later window needs them from the first.
  const own = query.offset === 0 ? answer : exact ? await run(window) : await rankPartial(window, words, run);
  const lists = await Promise.all(
    expansions.map((e) => run({ q: e.words.join(' '), type: query.type, limit: depth, offset: 0 })),
  );
  const pages = new Map<string, { hit: RawHit; score: number }>();
  lists.forEach((list, i) => {
    if (list.total > sitePages * MAX_PAGE_SHARE) return;
    // A nearer neighbour counts more, and a page several neighbours find (they agree on the meaning) more still.
    const weight = expansions[i].weight;
    list.results.forEach((hit, rank) => {
      const entry = pages.get(hit.url) ?? { hit, score: 0 };
      entry.score += weight * (1 + 0.5 / (1 + rank));
      pages.set(hit.url, entry);
    });
  });
  const added = [...pages.values()].sort((a, b) => b.score - a.score).map((e) => e.hit);
  const ranked = [...added, ...own.results.filter((r) => !pages.has(r.url))];
  return {
    total: own.total + added.filter((hit) => !own.results.some((r) => r.url === hit.url)).length,
    results: ranked.slice(query.offset, query.offset + query.limit),
  };
}
