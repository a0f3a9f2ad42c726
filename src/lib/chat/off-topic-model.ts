/**
 * The floor's last check: how likely a first question is off topic, by a logistic model over what the floor
 * already measures (relevance.ts), what the question means (its words' vectors) and the content words it uses. The
 * rules decide most questions; this one declines a question they let in when the model is nearly sure ("where can i
 * take the TOEFL in lagos": the site understands its words, and the international students page holds some of them).
 *
 * Each rule reads one signal against a threshold; the model weighs them all at once, with the direction the question
 * points in meaning (the words of exams abroad and of sins point elsewhere than those of fees and essays). Fitted by
 * `npm run train:floor` (scripts/train-floor.ts) on the tuning parts of eval/chat.json and eval/conversations.json
 * (their first questions: on topic) and eval/offtopic.json; never on the held-out parts. The weights are in
 * off-topic-model.json, refitted when the content or the sets change much.
 */
import type { Vocabulary } from '../search/vocabulary.ts';
import { keywords } from './keywords.ts';
import type { Closeness } from './page-ranker.ts';
import model from './off-topic-model.json' with { type: 'json' };
import {
  aboutATopicAsked,
  aboutOf,
  namesATopic,
  pageCoverage,
  siteCoverage,
  titledByTheQuestion,
} from './relevance.ts';

/**
 * How sure the model must be to decline a question the rules let in: 0.8, with the model's regularisation
 * (scripts/train-floor.ts, OPERATING_POINT, which says why they are fixed). In six-fold cross-validation on the
 * tuning parts (2026-11-27, twenty-seventh session) the model declines 1,838 of 2,303 off-topic questions there, and
 * 58 of 3,677 on-topic ones.
 */
export const OFF_TOPIC_CHANCE = model.threshold;
/**
 * How sure the model must be to decline a question about dates (calendar.ts, asksAboutDates): today's calendar may
 * answer what no page the model reads holds ("When is the hymn festival this year?"). Before 2026-11-26 such questions
 * were never judged by the model, and they were half of the off-topic tuning questions let in (66 of 132: "When is
 * Orthodox Easter this year?", "how much is parking at heathrow for a week"). The lowest threshold at which, in
 * six-fold cross-validation on the tuning parts, the model declined none of the 539 on-topic questions about dates
 * the rules let in; it declines 19 of those 66 (above 0.9: 29, and 3 on-topic ones, "can i take exams on my ipad").
 */
export const DATES_OFF_TOPIC_CHANCE = 0.95;
/**
 * The chance below which a first question whose words meet on none of the pages found is let in all the same
 * (answer.ts): the model finds it likelier on topic than off (it was fitted with both classes weighing the same). In
 * six-fold cross-validation on the tuning parts (2026-11-26, the model then fitted at l2 0.003) that let in 4 of the
 * 16 on-topic questions the words declined, and none of the 168 off-topic ones (their lowest chance was 0.59).
 */
export const LIKELIER_ON_TOPIC = 0.5;

/** What the model reads, in the order of its weights (off-topic-model.json, `features`). */
export const FEATURES = [
  'siteWords',
  'bestPageHolds',
  'firstPageHolds',
  'bestPageAbout',
  'firstPageAbout',
  'titled',
  'aboutATopic',
  'namesATopic',
  'namesAPage',
  'nearestPage',
  'firstPageNear',
] as const;

/** A page found, best first, with its Markdown twin. */
interface Found {
  url: string;
  twin?: string;
}

/** Below any page's closeness: what a question without a vector, or without pages, is given. */
const FAR = -3;

/**
 * The floor's measures of a question and the pages found for it (ranked, page-ranker.ts), as FEATURES: the share of its
 * weight the site's words carry, that the best and the first page hold, in their text and in what they say they are
 * about; whether a page's title holds one of its words, a page is about a topic it names, it names a topic or a page;
 * and how near in meaning (standard deviations) the nearest and the first page are.
 */
export function floorFeatures(
  question: string,
  pages: Found[],
  vocabulary: Vocabulary | undefined,
  { closeness, namesAPage }: { closeness?: Closeness; namesAPage: boolean },
): number[] {
  const twins = pages.map((p) => p.twin ?? '');
  const holds = twins.map((t) => pageCoverage(question, t, vocabulary));
  const about = twins.map((t) => pageCoverage(question, aboutOf(t), vocabulary));
  const near = pages.map((p) => closeness?.(p.url) ?? 0);
  const flag = (yes: boolean) => (yes ? 1 : 0);
  return [
    siteCoverage(question, vocabulary),
    Math.max(0, ...holds),
    holds[0] ?? 0,
    Math.max(0, ...about),
    about[0] ?? 0,
    flag(pages.some((p) => titledByTheQuestion(question, p.twin))),
    flag(aboutATopicAsked(question, twins.map(aboutOf), vocabulary)),
    flag(namesATopic(question, vocabulary)),
    flag(namesAPage),
    Math.max(FAR, ...near),
    near[0] ?? FAR,
  ];
}

/**
 * The fitted model: a weight per feature, one per dimension of the question's meaning (scaled by `meaningScale`), and
 * one per content word it reads.
 */
export interface OffTopicModel {
  features: readonly string[];
  /** The chance above which a question is declined (OFF_TOPIC_CHANCE). */
  threshold: number;
  bias: number;
  weights: number[];
  meaningScale: number;
  meaningWeights: number[];
  /**
   * Content words of enough tuning questions. A word the site's pages use may only lean a question on topic; the
   * words that lean it off are words the site never uses ("weather", "uk", "seminary").
   */
  words: string[];
  wordWeights: number[];
}

/** A question's content words (keywords.ts: no function words, no question frame), as the model reads them. */
export const contentWordsOf = (question: string) => keywords(question, 40);

/**
 * The chance (0–1) that a question is off topic, from its floorFeatures, its meaning (search/index.ts: a vector of
 * length 1; undefined when none of its words has a vector) and its content words (contentWordsOf: each read once).
 */
export function offTopicChance(
  features: number[],
  meaning: ArrayLike<number> | undefined,
  words: string[],
  fitted: OffTopicModel = model,
): number {
  let z = fitted.bias;
  features.forEach((x, i) => (z += fitted.weights[i]! * x));
  if (meaning)
    for (let i = 0; i < fitted.meaningWeights.length; i++)
      z += fitted.meaningWeights[i]! * fitted.meaningScale * meaning[i]!;
  const has = new Set(words);
  fitted.words.forEach((word, i) => has.has(word) && (z += fitted.wordWeights[i]!));
  return 1 / (1 + Math.exp(-z));
}
