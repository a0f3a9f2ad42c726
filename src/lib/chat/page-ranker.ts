/**
 * The chat's ranking of the pages retrieval found for a first question: a linear model over what each page holds of
 * the question, scored per page and compared within the question (a softmax over its pages, so only differences
 * between its pages count). Retrieval ranks by the search's lists, where a page mentioning one rare word in passing
 * can come first; the page that answers holds more of the question, in one passage and in what it says it is about.
 *
 * rank-pages.ts weighed three of these measures by hand (CHAT_WEIGHTS), among the four pages retrieval ranked first.
 * This model weighs all of them at once among the first POOL pages, so the answer page ranked fifth to eighth by
 * retrieval (a story whose words spread over other pages) can still be read and cited. Fitted by `npm run
 * train:ranker` (scripts/train-ranker.ts) on the tuning part of eval/chat.json, never the held-out part; the weights
 * are in page-ranker.json, refitted when the content or the sets change much.
 */
import type { Vocabulary } from '../search/vocabulary.ts';
import type { Closeness } from './rank-pages.ts';
import { askedFor } from './rank-pages.ts';
import { aboutOf, namedFor, namesOf, pageCoverage, titledByTheQuestion } from './relevance.ts';
import model from './page-ranker.json' with { type: 'json' };
import { LRUCache } from 'lru-cache';

/** How many pages an answer reads and cites (today's calendar, for a question about dates, is one more). */
export const SOURCES = 4;
/** How many of retrieval's pages a first question's ranking reads: nearly every answer page is among them. */
export const POOL = 8;

/** What the model reads of a page, in the order of its weights (page-ranker.json, `features`). */
export const RANK_FEATURES = [
  /** 1 / (1 + the page's place in retrieval's order). */
  'retrievalRank',
  /** The share of the question's weight (each word by its rarity, relevance.ts) the page's twin holds. */
  'holds',
  /** The share its best passage (the text under one heading) holds: the words of the answer meet in one place. */
  'bestPassage',
  /** The share its opening (title and text before the first section) holds. */
  'opening',
  /** The share what it says it is about holds: title, summary, aliases, keywords and headings (aboutOf). */
  'about',
  /** The share its names hold: title, aliases and keywords. */
  'names',
  /** Its title holds a word of the question that is not everyday English (titledByTheQuestion). */
  'titled',
  /** It is the page named for what an existential question asks for ("are there bursaries…": askedFor). */
  'namedForThing',
  /** How near it is in meaning, in standard deviations (search/page-vectors.ts). */
  'meaning',
  /** It lists another page found (its address starts theirs): an index names every topic under it in passing. */
  'indexOfAnother',
  /** The length of its twin, ln(characters) / 10: a long page holds more words of any question. */
  'length',
  /** Its kind (any other page, today's calendar among them, is the reference). */
  'course',
  'program',
  'handbook',
] as const;

/** A page found, with its Markdown twin (without one, only its place and kind are read). */
interface Found {
  url: string;
  twin?: string;
  type?: string;
}

/** What the ranking reads of a twin: what it says it is about, its names, its passages (the opening first). */
interface Parts {
  about: string;
  names: string;
  passages: string[];
}

/** The twins read most recently, in parts: the same pages are found again and again. */
const partsKept = new LRUCache<string, Parts>({ max: 1000 });

/** A twin's parts: its names from its front matter, its text as the opening and then each section from its heading. */
function partsOf(twin: string): Parts {
  const kept = partsKept.get(twin);
  if (kept) return kept;
  const end = twin.startsWith('---\n') ? twin.indexOf('\n---\n', 4) : -1;
  const body = end < 0 ? twin : twin.slice(end + 5);
  const parts = {
    about: aboutOf(twin),
    names: namesOf(twin.slice(0, Math.max(end, 0))),
    passages: body.split(/\n(?=##)/),
  };
  partsKept.set(twin, parts);
  return parts;
}

/** Each page's RANK_FEATURES for `question`, `pages` in retrieval's order. */
export function rankFeatures(
  question: string,
  pages: Found[],
  vocabulary: Vocabulary,
  closeness?: Closeness,
): number[][] {
  const thing = askedFor(question);
  const named = thing === undefined ? undefined : namedFor(thing, pages);
  const flag = (yes: boolean) => (yes ? 1 : 0);
  return pages.map((page, rank) => {
    const twin = page.twin ?? '';
    const { about, names, passages } = partsOf(twin);
    return [
      1 / (1 + rank),
      pageCoverage(question, twin, vocabulary),
      Math.max(0, ...passages.map((p) => pageCoverage(question, p, vocabulary))),
      pageCoverage(question, passages[0] ?? '', vocabulary),
      pageCoverage(question, about, vocabulary),
      pageCoverage(question, names, vocabulary),
      flag(titledByTheQuestion(question, page.twin)),
      flag(page === named),
      closeness?.(page.url) ?? 0,
      flag(pages.some((other) => other !== page && other.url.startsWith(page.url))),
      Math.log(1 + twin.length) / 10,
      flag(page.type === 'course'),
      flag(page.type === 'program'),
      flag(page.type === 'handbook'),
    ];
  });
}

/** The fitted weights, one per feature (RANK_FEATURES). */
export interface RankModel {
  features: readonly string[];
  weights: number[];
}

/** A page's score: its features weighed. */
export const scoreOf = (features: number[], fitted: RankModel = model) =>
  features.reduce((sum, x, i) => sum + fitted.weights[i]! * x, 0);

/**
 * `pages` in retrieval's order, best first by the model. Unchanged without the site's vocabulary.
 * @example rankForChat('Do I need Greek for the Gospels course?', [greek, gospels], vocabulary)[0] === gospels
 */
export function rankForChat<P extends Found>(
  question: string,
  pages: P[],
  vocabulary: Vocabulary | undefined,
  { closeness, fitted = model }: { closeness?: Closeness; fitted?: RankModel } = {},
): P[] {
  if (!vocabulary || pages.length < 2) return pages;
  const scores = rankFeatures(question, pages, vocabulary, closeness).map((f) => scoreOf(f, fitted));
  return pages
    .map((page, i) => ({ page, score: scores[i]! }))
    .sort((a, b) => b.score - a.score)
    .map((s) => s.page);
}
