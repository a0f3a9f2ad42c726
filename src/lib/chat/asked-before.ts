/**
 * What visitors asked before: the questions each page answers, as one weighted bag of words per page. A question like
 * those a page answered is likely answered by it too, in words the page itself may never use: "I'd like to leave
 * something in my will" is the giving page's, "someone in my class keeps messaging me" the code of conduct's. Search
 * engines do the same with the queries that led to a page (document expansion from query logs).
 *
 * The questions come from two places: the tuning part of eval/chat.json (page-ranker.json, `asked`, written by
 * npm run train:ranker) and the questions editors give a page in its front matter (`questions`, written by the build
 * beside the search bundle: PAGE_QUESTIONS_FILE).
 *
 * Words are a question's content words (keywords.ts) by their Porter2 stem, each weighed by how few pages' questions
 * use it (tf-idf); a page's likeness to a question is the cosine of the two. With the search's meaning of a text, a
 * page is also as near in meaning as the nearest of its questions: "can I pay in bits" and "instalments" share no
 * word.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import stem from 'wink-porter2-stemmer';
import { LRUCache } from 'lru-cache';
import { readOncePerBundle } from '../search/bundle-file.ts';
import { keywords } from './keywords.ts';

/** The questions each page answers, by its address. */
export type AskedOf = Record<string, string[]>;

/** What a text means, as a vector of length 1 (search/index.ts, meaningOf); undefined when no word has a vector. */
export type Meaning = (text: string) => ArrayLike<number> | undefined;

export interface AskedBefore {
  /**
   * How like the questions each page answers `question` is, by the page's address: 0 (no word in common, or a page
   * without any) to 1. The question is read once, however many pages are compared.
   */
  likenessTo(question: string): (url: string) => number;
  /**
   * How near in meaning `question` is to the nearest of the questions each page answers, by the page's address: the
   * cosine of the two meanings; 0 for a page without any, or an index built without `meaning`.
   */
  nearnessTo(question: string): (url: string) => number;
  /** The page whose questions `question` is likest, and how like; undefined when it shares a word with none. */
  likest(question: string): { url: string; likeness: number } | undefined;
}

/** A text's distinct content words, by stem. */
const termsOf = (text: string) => [...new Set(keywords(text, 40).map((word) => stem(word)))];

/** The file the build writes beside the search bundle: each page's front matter `questions`, by its address. */
export const PAGE_QUESTIONS_FILE = 'page-questions.json';

/** The questions the bundle's pages say they answer; undefined when the build wrote none. */
export const pageQuestionsOf = readOncePerBundle((bundleDir): AskedOf =>
  JSON.parse(readFileSync(join(bundleDir, PAGE_QUESTIONS_FILE), 'utf8')),
);

/**
 * The pages whose questions' meanings are kept: computing them costs a rewrite of each question (about 0.2 ms), so a
 * page's are computed when it is first ranked; bounded, as a site of 10,000 pages would hold 120,000 questions.
 */
const PAGES_KEPT = 1000;

/**
 * One index of the questions of every source, a page's questions from each joined; `meaning` gives it their meanings
 * too.
 * @example askedBefore([{ '/give/': ['Can I leave a gift in my will?'] }]).likenessTo('a gift in my will')('/give/') > 0
 */
export function askedBefore(sources: AskedOf[], meaning?: Meaning): AskedBefore {
  const byPage = new Map<string, string[]>();
  for (const [url, questions] of sources.flatMap((asked) => Object.entries(asked)))
    byPage.set(url, [...(byPage.get(url) ?? []), ...questions]);
  const pages = [...byPage].map(([url, questions]) => [url, questions.flatMap(termsOf)] as const);
  const pagesUsing = new Map<string, number>();
  for (const [, terms] of pages)
    for (const term of new Set(terms)) pagesUsing.set(term, (pagesUsing.get(term) ?? 0) + 1);
  const idf = (term: string) => Math.log(1 + pages.length / pagesUsing.get(term)!);
  const vectors = new Map(
    pages.map(([url, terms]) => {
      const counts = new Map<string, number>();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      const weights = [...counts].map(([term, count]) => [term, (1 + Math.log(count)) * idf(term)] as const);
      const length = Math.hypot(...weights.map(([, w]) => w));
      return [url, new Map(weights.map(([term, w]) => [term, w / length]))];
    }),
  );
  /** The question's words the pages' questions use, weighed by idf, as a vector of length 1. */
  const vectorOf = (question: string) => {
    const terms = termsOf(question).filter((term) => pagesUsing.has(term));
    const length = Math.hypot(...terms.map(idf));
    return terms.map((term) => [term, idf(term) / length] as const);
  };
  const cosine = (question: (readonly [string, number])[], page: Map<string, number>) =>
    question.reduce((sum, [term, w]) => sum + w * (page.get(term) ?? 0), 0);
  const meaningsKept = new LRUCache<string, ArrayLike<number>[]>({ max: PAGES_KEPT });
  const meaningsOf = (url: string) => {
    let meanings = meaningsKept.get(url);
    if (!meanings) {
      meanings = (byPage.get(url) ?? []).map((q) => meaning?.(q)).filter((m) => m !== undefined);
      meaningsKept.set(url, meanings);
    }
    return meanings;
  };
  return {
    likenessTo(question) {
      const asked = vectorOf(question);
      return (url) => {
        const page = vectors.get(url);
        return page ? cosine(asked, page) : 0;
      };
    },
    nearnessTo(question) {
      const meant = meaning?.(question);
      if (!meant) return () => 0;
      return (url) => Math.max(0, ...meaningsOf(url).map((other) => dot(meant, other)));
    },
    likest(question) {
      const asked = vectorOf(question);
      let best: { url: string; likeness: number } | undefined;
      for (const [url, page] of vectors) {
        const likeness = cosine(asked, page);
        if (likeness > (best?.likeness ?? 0)) best = { url, likeness };
      }
      return best;
    },
  };
}

/** The dot product of two vectors of one length. */
function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

const NO_MEANING: Meaning = () => undefined;
/**
 * `build` as a function that builds its index once for each pair of questions and meaning: pageQuestionsOf reads a
 * bundle's questions once, and the bundle has one meaning, so once per bundle.
 */
export function oncePerPair(build: (asked: AskedOf, meaning: Meaning) => AskedBefore) {
  const indexes = new WeakMap<AskedOf, WeakMap<Meaning, AskedBefore>>();
  return (asked: AskedOf, meaning: Meaning = NO_MEANING): AskedBefore => {
    let byMeaning = indexes.get(asked);
    if (!byMeaning) indexes.set(asked, (byMeaning = new WeakMap()));
    let index = byMeaning.get(meaning);
    if (!index) byMeaning.set(meaning, (index = build(asked, meaning)));
    return index;
  };
}

/** askedBefore([asked], meaning), built once for each pair (oncePerPair). */
export const askedBeforeOnce = oncePerPair((asked, meaning) => askedBefore([asked], meaning));
