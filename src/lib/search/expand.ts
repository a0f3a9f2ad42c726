/**
 * A semantic signal where words fail: when a query's words find no page, or one of them is on no page, the query
 * is searched again with that word replaced by the site words nearest to it in meaning (word vectors, built for the
 * site's vocabulary: word-vectors.ts), and those pages are added after the ones the visitor's own words found.
 *
 * The order is fixed, so an expansion never outranks what was typed: pages holding every word of the query, then
 * (when a word is on no page, so the pages holding only some words have lost it) the pages found by its neighbours,
 * then pages holding some of the words, then pages found by neighbours of words the site does use.
 */
import { rankPartial } from './partial.ts';
import type { RawAnswer, RawHit, RawQuery } from './pool.ts';
import type { Vocabulary } from './vocabulary.ts';
import type { WordVectors } from './word-vectors.ts';

/**
 * Fewer pages than this is "few": the query is expanded. One, that is none: a query whose own words find a page
 * is precise, and neighbours only add noise (with 3, the chat's follow-up retrieval lost a page it found before).
 */
export const FEW_RESULTS = 1;
/** Neighbours tried per word, and how near in meaning they must be (cosine similarity of the vectors). */
export const NEIGHBOURS_PER_WORD = 3;
export const MIN_SIMILARITY = 0.5;
/** At most this many extra searches per query (each costs a worker search): the best-weighted alternatives. */
export const MAX_EXPANSIONS = 4;
/** Each alternative's list is read this deep (or to the requested window, if deeper). */
const DEPTH = 20;
/**
 * An alternative matching more than this share of the pages says nothing (Pagefind matches word starts, so a short
 * neighbour such as "ins" finds every page with "institute"): its pages are not added.
 */
const MAX_PAGE_SHARE = 0.2;

/** A query with some words replaced by neighbours, and how much its pages count (the similarities, multiplied). */
export interface Expansion {
  words: string[];
  weight: number;
  /** True when it replaces a word on no page (rather than a word that found few pages). */
  forUnknown: boolean;
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
 * The alternatives to search for a query that found `total` pages: none unless the pages are few or a word is on no
 * page. Words on no page are replaced when there are any (they are why the query fails), otherwise every word with
 * neighbours; in each alternative one word takes one of its neighbours, and any other word on no page takes its best
 * neighbour or, having none, is left out.
 * @example expansionsFor(['dorm'], 0, vocabulary, vectors) → [{ words: ['housing'], weight: 0.58, forUnknown: true }, …]
 */
export function expansionsFor(
  words: string[],
  total: number,
  vocabulary: Vocabulary | undefined,
  vectors: WordVectors | undefined,
): Expansion[] {
  if (!vectors) return [];
  const unknown = words.filter(unknownTo(vocabulary));
  if (total >= FEW_RESULTS && unknown.length === 0) return [];
  const near = (w: string) => vectors.neighbours(w, NEIGHBOURS_PER_WORD, MIN_SIMILARITY);
  const replaced = (unknown.length > 0 ? unknown : words).filter((w) => near(w).length > 0);
  const expansions = new Map<string, Expansion>();
  for (const word of replaced) {
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
      const key = [...new Set(alternative)].join(' ');
      if ((expansions.get(key)?.weight ?? 0) < weight)
        expansions.set(key, { words: [...new Set(alternative)], weight, forUnknown: unknown.length > 0 });
    }
  }
  return [...expansions.values()].sort((a, b) => b.weight - a.weight).slice(0, MAX_EXPANSIONS);
}

/**
 * The answer with the pages of the query's expansions added (see the order above). `answer` is what the query's
 * own words found, `exact` whether its pages hold every word (false: rankPartial's pages holding some). When a
 * word is on no page, Pagefind's answer matched it loosely or dropped it, so the expansions' pages go first.
 * `total` counts the distinct pages found.
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
  // The answer holds one window of the own words' pages; the merge needs them from the first.
  const own =
    query.offset === 0 && answer.results.length === answer.total
      ? answer
      : exact
        ? await run(window)
        : await rankPartial(window, words, run);
  const lists = await Promise.all(
    expansions.map((e) => run({ q: e.words.join(' '), type: query.type, limit: depth, offset: 0 })),
  );
  const found = new Set(own.results.map((r) => r.url));
  const pages = new Map<string, { hit: RawHit; score: number }>();
  lists.forEach((list, i) => {
    if (list.total > sitePages * MAX_PAGE_SHARE) return;
    // A nearer neighbour counts more, and a page several neighbours find (they agree on the meaning) more still.
    const weight = expansions[i].weight;
    list.results.forEach((hit, rank) => {
      if (found.has(hit.url)) return;
      const entry = pages.get(hit.url) ?? { hit, score: 0 };
      entry.score += weight * (1 + 0.5 / (1 + rank));
      pages.set(hit.url, entry);
    });
  });
  const added = [...pages.values()].sort((a, b) => b.score - a.score).map((e) => e.hit);
  // Pages holding only some words have lost the word no page uses; its neighbours' pages keep the query's meaning.
  const lostAWord = expansions.some((e) => e.forUnknown);
  const ranked = lostAWord ? [...added, ...own.results] : [...own.results, ...added];
  return {
    total: own.total + added.length,
    results: ranked.slice(query.offset, query.offset + query.limit),
  };
}
