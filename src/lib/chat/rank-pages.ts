/**
 * The pages retrieval found, ranked again once their text is read. Retrieval ranks by the search's lists, where a
 * page whose title holds one word of the question can come first ("Greek" for "Do I have to know Greek to take the
 * course on the Gospels?"); the page that answers holds more of the question (relevance.ts, pageCoverage: each word
 * weighed by its rarity) and is nearer to it in meaning (the page vectors). Each page scores
 *   1 / (1 + its retrieval rank) + HOLDS_WEIGHT × the share of the question it holds + MEANING_WEIGHT × its closeness
 * (closeness: how many standard deviations nearer the question than the average page, page-vectors.ts).
 *
 * Tuned on the tuning parts of the chat sets, and checked across them: weights fitted on eval/chat.json's alone put
 * the answer page first for 27 of a blind batch's 35 questions against 22 before; fitted on the batch alone, 115 of
 * eval/chat.json's 139 against 113.
 */
import { pageCoverage } from './relevance.ts';
import type { Vocabulary } from '../search/vocabulary.ts';

export const HOLDS_WEIGHT = 2;
export const MEANING_WEIGHT = 0.2;

/** How near a page is to a text in meaning (search/index.ts, closenessTo): undefined for a page without a vector. */
export type Closeness = (url: string) => number | undefined;

/**
 * `pages` in retrieval order, with their Markdown twins (a page without one keeps only its rank); the same pages,
 * best first.
 * @example rankByWhatTheyHold('Do I need Greek for the Gospels course?', [greek, gospels], vocabulary)[0] === gospels
 */
export function rankByWhatTheyHold<P extends { url: string; twin?: string }>(
  question: string,
  pages: P[],
  vocabulary: Vocabulary | undefined,
  closeness?: Closeness,
): P[] {
  if (!vocabulary || pages.length < 2) return pages;
  return pages
    .map((page, rank) => ({
      page,
      score:
        1 / (1 + rank) +
        (page.twin === undefined ? 0 : HOLDS_WEIGHT * pageCoverage(question, page.twin, vocabulary)) +
        MEANING_WEIGHT * (closeness?.(page.url) ?? 0),
    }))
    .sort((a, b) => b.score - a.score)
    .map((s) => s.page);
}
