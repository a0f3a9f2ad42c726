/**
 * Meaning where the words are weak evidence (hybrid search, issue 28). When what a query's words found says little,
 * the first page of results is ranked again by how near each page is to the query in meaning (page-vectors.ts):
 * the words' own pages keep a head start by their rank, and the pages nearest in meaning join them. Weak evidence:
 *  - a word of the query is on no page: Pagefind then answers for the other words, or with loose prefixes;
 *  - or fewer than FEW_PAGES pages hold every word, but more than one, and none of the results says it is about a
 *    word of the query (its title, aliases, keywords, headings or lead hold it): the words are there only in passing
 *    ("employment" in a list of referees). The only page holding every word is as precise as words get, and is left
 *    first: "interview" is on one page, in passing, and it is the careers page (the page vectors put it far). So is
 *    the only page holding a word, when no page holds them all: "ielts" in "what ielts score do i need" (a vector
 *    for "ielts score" is nearest the grading and music pages).
 * Any other query is left as it was: its lexical first place stays first.
 */
import { stemOf, type Near } from './page-vectors.ts';
import type { RawAnswer, RawHit } from './pool.ts';
import { words as wordsOf } from './query-rewrite.ts';
import type { Vocabulary } from './vocabulary.ts';

/** At this many pages holding every word, or more, the words are evidence enough (as FEW_RESULTS in index.ts). */
export const FEW_PAGES = 5;
/**
 * A page the words found gets this much on top of its closeness at rank 1 (in standard deviations: page-vectors.ts),
 * half at rank 2, a third at 3…
 */
export const LEXICAL_HEAD_START = 0.5;
/** A page only its meaning finds must stand out: at least this many standard deviations nearer than the average page. */
export const MIN_CLOSENESS = 1.5;

/**
 * The words of the query on no page of the site: no indexed word starts with their stem (as Pagefind matches them:
 * "remote", stem "remot", is on no page of a site that says "remove"; "morality", stem "moral", is on the page that
 * says "moral"). Words with letters only: codes and numbers are left to the rest of the search.
 */
export const missingWords = (words: string[], vocabulary: Vocabulary | undefined) =>
  vocabulary === undefined ? [] : words.filter((w) => /^\p{L}+$/u.test(w) && !vocabulary.hasPrefix(stemOf(w)));

/** What a result says it is about (aboutOf: title, aliases, keywords, headings, lead), or its title and names. */
export type AboutOf = (hit: RawHit) => Set<string>;
export const namedIn = (hit: RawHit) =>
  new Set(
    [hit.title, ...(hit.aliases ?? []), ...(hit.keywords ?? [])].flatMap((t) => wordsOf(t)).map((w) => stemOf(w)),
  );

/**
 * True when what the words found is weak evidence (see above). `holdingAll`: how many pages hold every word
 * (Pagefind's own total: 0 when the results are pages holding some words); `missing`: words of the query on no page
 * (missingWords); `vocabulary`: how many pages hold each word.
 * @example weakEvidence({ total: 3, results: [pages mentioning "employment" deep in their text] }, ['employment'], 3, [], about) === true
 */
export function weakEvidence(
  answer: RawAnswer,
  words: string[],
  holdingAll: number,
  missing: string[],
  aboutOf: AboutOf = namedIn,
  vocabulary?: Vocabulary,
): boolean {
  if (missing.length > 0) return true;
  if (holdingAll >= FEW_PAGES || holdingAll === 1) return false;
  if (holdingAll === 0 && words.some((w) => /^\p{L}+$/u.test(w) && vocabulary?.pagesWith(w) === 1)) return false;
  const asked = words.filter((w) => /\p{L}/u.test(w)).map(stemOf);
  return !answer.results.some((hit) => {
    const about = aboutOf(hit);
    return asked.some((w) => about.has(w));
  });
}

/**
 * The first `limit` results ranked by meaning: each page the words found scores its closeness to the query plus
 * LEXICAL_HEAD_START / rank, each of the `limit` pages nearest in meaning (at least MIN_CLOSENESS) its closeness.
 * `total` counts the pages added.
 */
export function fuseByMeaning(answer: RawAnswer, near: Near, limit: number): RawAnswer {
  const scored = new Map<string, { hit: RawHit; score: number }>();
  answer.results.forEach((hit, rank) => {
    const closeness = near.closenessOf(hit.url) ?? 0;
    scored.set(hit.url, { hit, score: closeness + LEXICAL_HEAD_START / (1 + rank) });
  });
  let added = 0;
  for (const { hit, closeness } of near.nearest(limit)) {
    if (closeness < MIN_CLOSENESS || scored.has(hit.url)) continue;
    scored.set(hit.url, { hit, score: closeness });
    added++;
  }
  const results = [...scored.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((s) => s.hit);
  return { total: answer.total + added, results };
}
