/**
 * The chat's ranking of the pages retrieval found: a model over what each page holds of the question (weights, and a
 * small hidden layer beside them), scored per page and compared within the question (a softmax over its pages, so
 * only differences between its pages count).
 * Retrieval ranks by the search's lists, where a page mentioning one rare word in passing can come first; the page
 * that answers holds more of the question, in one passage and in what it says it is about.
 *
 * The model weighs all of them at once among the first POOL pages, so the answer page ranked fifth to eighth by
 * retrieval (a story whose words spread over other pages) can still be read and cited. The site search ranks its first
 * POOL results again with the same model (search/index.ts, rankedAgain): a query is a short question.
 *
 * A follow-up has a model of its own: its words say little ("which one is for beginners?"), and retrieval's order
 * for it (retrieve.ts: the conversation's lists and the rules for what a follow-up asks about) already holds most of
 * what it knows. That model reads the same measures for the follow-up, and what each page holds of the conversation
 * and of the question followed.
 *
 * Both also read how like the questions each page answered before, or says it answers, the question is
 * (asked-before.ts): a page is found in its visitors' words, which it may never use itself.
 *
 * Both are fitted by `npm run train:ranker` (scripts/train-ranker.ts) on the tuning parts of eval/chat.json and
 * eval/conversations.json, never the held-out parts; the weights, and the tuning questions each page answers
 * (`asked`), are in page-ranker.json, refitted when the content or the sets change much.
 */
import { namedInSeries } from '../search/intent.ts';
import type { Vocabulary } from '../search/vocabulary.ts';
import { askedBefore, oncePerPair, type AskedBefore, type AskedOf, type Meaning } from './asked-before.ts';
import { aboutOf, askedFor, namedFor, namesOf, pageCoverage, titleOf, titledByTheQuestion } from './relevance.ts';
import fitted from './page-ranker.json' with { type: 'json' };
import { rewrittenQuestion } from './per-question.ts';
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
  /** How like the questions it answered before the question is (asked-before.ts): visitors' words, not the page's. */
  'askedBefore',
  /** How near in meaning the nearest of those questions is (asked-before.ts): the same asked in other words. */
  'askedMeaning',
  /** The question names it by its series and number ("who teaches greek 1": Biblical Greek I, not II; intent.ts). */
  'namedInSeries',
  /** It lists another page found (its address starts theirs): an index names every topic under it in passing. */
  'indexOfAnother',
  /** The length of its twin, ln(characters) / 10: a long page holds more words of any question. */
  'length',
  /** Its kind (any other page, today's calendar among them, is the reference). */
  'course',
  'program',
  'handbook',
] as const;

/**
 * What the follow-up model reads of a page: RANK_FEATURES for the follow-up's own words (retrievalRank is its place in
 * the order the conversation's retrieval gave, retrieve.ts), then the shares (`holds`, `bestPassage`, `about`,
 * `names`) of the conversation's words (the question followed and the follow-up) and of the question followed alone:
 * "which one is for beginners?" says little, and the page it asks about holds what the conversation is about.
 */
export const FOLLOW_UP_FEATURES = [
  ...RANK_FEATURES,
  'conversationHolds',
  'conversationBestPassage',
  'conversationAbout',
  'conversationNames',
  'previousHolds',
  'previousBestPassage',
  'previousAbout',
  'previousNames',
  'conversationAskedBefore',
] as const;

/** How near a page is to a text in meaning (search/index.ts, closenessTo): undefined for a page without a vector. */
export type Closeness = (url: string) => number | undefined;

/** A page found, with its Markdown twin (without one, only its place and kind are read). */
interface Found {
  url: string;
  twin?: string;
  type?: string;
  /** Retrieval knows the question asks for it (retrieve.ts, FoundPage): it stays first. */
  certain?: true;
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

/** The shares of `question`'s weight a page holds: as a whole, in its best passage, its opening, its about, its names. */
function sharesOf(question: string, twin: string, vocabulary: Vocabulary) {
  const { about, names, passages } = partsOf(twin);
  return {
    holds: pageCoverage(question, twin, vocabulary),
    bestPassage: Math.max(0, ...passages.map((p) => pageCoverage(question, p, vocabulary))),
    opening: pageCoverage(question, passages[0] ?? '', vocabulary),
    about: pageCoverage(question, about, vocabulary),
    names: pageCoverage(question, names, vocabulary),
  };
}

/** Each page's RANK_FEATURES for `question`, `pages` in retrieval's order. */
export function rankFeatures(
  question: string,
  pages: Found[],
  vocabulary: Vocabulary,
  closeness?: Closeness,
  asked?: AskedBefore,
): number[][] {
  const likeness = asked?.likenessTo(question);
  const nearness = asked?.nearnessTo(question);
  const thing = askedFor(question);
  const named = thing === undefined ? undefined : namedFor(thing, pages);
  const flag = (yes: boolean) => (yes ? 1 : 0);
  const words = rewrittenQuestion(question, vocabulary).words;
  return pages.map((page, rank) => {
    const twin = page.twin ?? '';
    const shares = sharesOf(question, twin, vocabulary);
    return [
      1 / (1 + rank),
      shares.holds,
      shares.bestPassage,
      shares.opening,
      shares.about,
      shares.names,
      flag(titledByTheQuestion(question, page.twin)),
      flag(page === named),
      closeness?.(page.url) ?? 0,
      likeness?.(page.url) ?? 0,
      nearness?.(page.url) ?? 0,
      flag(namedInSeries({ title: titleOf(twin), type: page.type ?? '' }, words)),
      flag(pages.some((other) => other !== page && other.url.startsWith(page.url))),
      Math.log(1 + twin.length) / 10,
      flag(page.type === 'course'),
      flag(page.type === 'program'),
      flag(page.type === 'handbook'),
    ];
  });
}

/** Each page's FOLLOW_UP_FEATURES for a follow-up to `previous`, `pages` in the conversation's retrieval order. */
export function followUpFeatures(
  followUp: string,
  previous: string,
  pages: Found[],
  vocabulary: Vocabulary,
  closeness?: Closeness,
  asked?: AskedBefore,
): number[][] {
  const conversation = `${previous} ${followUp}`;
  const own = rankFeatures(followUp, pages, vocabulary, closeness, asked);
  const conversationLikeness = asked?.likenessTo(conversation);
  return pages.map((page, i) => {
    const whole = sharesOf(conversation, page.twin ?? '', vocabulary);
    const before = sharesOf(previous, page.twin ?? '', vocabulary);
    return [
      ...own[i]!,
      ...[whole, before].flatMap((s) => [s.holds, s.bestPassage, s.about, s.names]),
      conversationLikeness?.(page.url) ?? 0,
    ];
  });
}

/**
 * A fitted model: a weight per feature (RANK_FEATURES, or FOLLOW_UP_FEATURES), and beside them a small hidden layer,
 * where a feature can count differently beside another (a page near in meaning that holds none of the question's
 * words is not the page near in meaning that holds them all).
 */
export interface RankModel {
  features: readonly string[];
  weights: number[];
  hidden?: {
    /** What each feature is read as: (feature - center) / scale. */
    center: number[];
    scale: number[];
    /** Per feature, per unit. */
    weights: number[][];
    bias: number[];
    /** Per unit: what its tanh adds to the score. */
    output: number[];
  };
}

/** The two models: for a first question, and for a follow-up. */
export const MODELS: { first: RankModel; followUp: RankModel } = fitted;

const NO_PAGE_QUESTIONS: AskedOf = {};
/**
 * The questions each page answered before (page-ranker.json, `asked`), with those its front matter says it answers
 * (`pageQuestions`, read once per bundle) and their meanings (the bundle's): one index, built once for each.
 */
const askedBeforeWith = oncePerPair((pageQuestions, meaning) => askedBefore([fitted.asked, pageQuestions], meaning));

/** A page's score: its features weighed, and its hidden units' outputs. */
export function scoreOf(features: number[], { weights, hidden }: RankModel): number {
  let score = features.reduce((sum, x, i) => sum + weights[i]! * x, 0);
  if (!hidden) return score;
  const read = features.map((x, i) => (x - hidden.center[i]!) / hidden.scale[i]!);
  hidden.output.forEach((output, u) => {
    const z = read.reduce((sum, x, i) => sum + hidden.weights[i]![u]! * x, hidden.bias[u]!);
    score += output * Math.tanh(z);
  });
  return score;
}

/**
 * `pages` in retrieval's order, best first by the model: the follow-up model when `previous`, the question a
 * follow-up follows, is given. Unchanged without the site's vocabulary.
 * @example rankForChat('Do I need Greek for the Gospels course?', [greek, gospels], vocabulary)[0] === gospels
 */
export function rankForChat<P extends Found>(
  question: string,
  pages: P[],
  vocabulary: Vocabulary | undefined,
  {
    closeness,
    previous,
    models = MODELS,
    pageQuestions,
    meaning,
    asked = askedBeforeWith(pageQuestions ?? NO_PAGE_QUESTIONS, meaning),
  }: {
    closeness?: Closeness;
    previous?: string;
    models?: typeof MODELS;
    /** The questions each page says it answers (asked-before.ts, pageQuestionsOf). */
    pageQuestions?: AskedOf;
    /** What a text means (search/index.ts, meaningOf): how near in meaning the questions each page answers are. */
    meaning?: Meaning;
    asked?: AskedBefore;
  } = {},
): P[] {
  if (!vocabulary || pages.length < 2) return pages;
  const features =
    previous === undefined
      ? rankFeatures(question, pages, vocabulary, closeness, asked)
      : followUpFeatures(question, previous, pages, vocabulary, closeness, asked);
  const [model, names] = previous === undefined ? [models.first, RANK_FEATURES] : [models.followUp, FOLLOW_UP_FEATURES];
  // By name: a model fitted before a feature was added reads those it knows (npm run train:ranker ranks with it).
  const at = model.features.map((name) => (names as readonly string[]).indexOf(name));
  const known = (f: number[]) => at.map((i) => f[i]!);
  const scores = features.map((f) => scoreOf(known(f), model));
  // The pages retrieval is certain of first, in the model's order among them.
  return pages
    .map((page, i) => ({ page, score: scores[i]! }))
    .sort((a, b) => Number(b.page.certain ?? 0) - Number(a.page.certain ?? 0) || b.score - a.score)
    .map((s) => s.page);
}
