/**
 * The pages retrieval found, ranked again once their text is read. Retrieval ranks by the search's lists, where a
 * page whose title holds one word of the question can come first ("cost" finds the fees page for "How do I get an
 * official transcript, and does it cost anything?"); the page that answers holds more of the question (relevance.ts,
 * pageCoverage: each word weighed by its rarity), says it is about more of it (its title, summary, aliases, keywords
 * and headings: aboutOf) and is nearer to it in meaning (the page vectors). Each page scores
 *   1 / (1 + its retrieval rank) + holds × the share of the question it holds
 *   + about × the share it says it is about + meaning × its closeness
 * (closeness: how many standard deviations nearer the question than the average page, page-vectors.ts), with the
 * search's weights, for its first results (search/index.ts, heldFirst). A page named for what an existential question
 * asks for then goes first (namedThingFirst), and an index page after the pages under it (indexesAfter).
 *
 * The chat ranked its pages so, with CHAT_WEIGHTS, until a fitted model over these measures and more replaced it
 * (page-ranker.ts, 2026-11-25); `npm run train:ranker` still reports this ranking beside the model's. The chat's
 * weights were tuned on the tuning parts of the chat sets, checked across them, and on a batch written blind after the first
 * weights were chosen: the first weights (2, 0, 0.2), fitted on eval/chat.json's tuning part, put the answer page
 * first for 63 of that batch's 80 questions against 55 in retrieval order; these, fitted on all three sets, 66.
 * Fitted without any one of the sets, they score that set as well or better than the first weights did.
 */
import { STOPWORDS } from './keywords.ts';
import { aboutOf, namedFor, pageCoverage } from './relevance.ts';
import type { Vocabulary } from '../search/vocabulary.ts';
import { KIND_WORDS } from '../search/named-pages.ts';
import { words as wordsOf } from '../search/query-rewrite.ts';
import stem from 'wink-porter2-stemmer';

/** How much each measure counts beside the rank (1 / (1 + rank)). */
export interface RankWeights {
  /** The share of the question's weight the page's twin holds. */
  holds: number;
  /** The share its title, summary, aliases, keywords and headings hold. */
  about: number;
  /** Its closeness in meaning, in standard deviations. */
  meaning: number;
}
/**
 * The chat's until page-ranker.ts: a question says much, and retrieval's order weighs one word's lists as much as the
 * whole question's.
 */
export const CHAT_WEIGHTS: RankWeights = { holds: 3, about: 1, meaning: 0.2 };

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
  { weights = CHAT_WEIGHTS, closeness }: { weights?: RankWeights; closeness?: Closeness } = {},
): P[] {
  if (!vocabulary || pages.length < 2) return pages;
  const ranked = pages
    .map((page, rank) => ({
      page,
      score:
        1 / (1 + rank) +
        (page.twin === undefined
          ? 0
          : weights.holds * pageCoverage(question, page.twin, vocabulary) +
            weights.about * pageCoverage(question, aboutOf(page.twin), vocabulary)) +
        weights.meaning * (closeness?.(page.url) ?? 0),
    }))
    .sort((a, b) => b.score - a.score)
    .map((s) => s.page);
  return indexesAfter(question, namedThingFirst(question, ranked, vocabulary));
}

/**
 * What an existential question asks for: the word after "is there", "are there (any)", "do you have/offer" or
 * "anything about/on" ("Are there bursaries for international students?" asks for bursaries, not for what
 * international students are told).
 */
const ASKS_FOR =
  /\b(?:(?:is|are) there|do you (?:have|offer)|anything (?:about|on)) (?:(?:a|an|any|some|the)\s+)?([\p{L}'’]+)/iu;

/** What an existential question asks for (ASKS_FOR), in lower case; undefined when it asks for nothing so. */
export const askedFor = (question: string) => ASKS_FOR.exec(question)?.[1]?.toLowerCase();

/**
 * The pages with the first one whose name (title, aliases, keywords) holds what the question asks for (ASKS_FOR)
 * first: the question's other words describe who asks or why, and a page about them may hold more of it.
 */
function namedThingFirst<P extends { url: string; twin?: string }>(
  question: string,
  pages: P[],
  vocabulary: Vocabulary,
): P[] {
  const typed = askedFor(question);
  // A misspelt word is read as the site's word for it ("Is there any scolarship…").
  const thing = typed && !vocabulary.has(typed) ? (vocabulary.correct(typed) ?? typed) : typed;
  // "Is there a course on…" asks for a kind of page: what it is on is the topic.
  const named = thing && !KIND_WORDS.has(thing) && !STOPWORDS.has(thing) ? namedFor(thing, pages) : undefined;
  return named ? [named, ...pages.filter((p) => p !== named)] : pages;
}

/**
 * The pages with each index page (the handbook, the course catalog, the programs list, the home page: a page whose
 * address starts the address of another page found) after the pages under it, unless the question names it by its
 * whole title ("what programs do you offer?"). An index lists every topic under it in passing, so it holds much of a
 * question ("Are there bursaries for international students?") whose answer is one of its pages, as the search puts
 * it (search/intent.ts, tier 5).
 */
function indexesAfter<P extends { url: string; twin?: string }>(question: string, pages: P[]): P[] {
  const asked = new Set(wordsOf(question).map((w) => stem(w)));
  const namedByTitle = (index: P) => {
    const title = index.twin?.split('\n').find((line) => line.startsWith('title:'));
    return title !== undefined && wordsOf(title.slice('title:'.length)).every((w) => asked.has(stem(w)));
  };
  let ranked = pages;
  for (const index of pages) {
    const under = pages.filter((p) => p !== index && p.url.startsWith(index.url));
    if (under.length === 0 || namedByTitle(index)) continue;
    const others = ranked.filter((p) => p !== index);
    const after = Math.max(...under.map((p) => others.indexOf(p)));
    if (after >= ranked.indexOf(index)) ranked = [...others.slice(0, after + 1), index, ...others.slice(after + 1)];
  }
  return ranked;
}
