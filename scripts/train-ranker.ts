/**
 * `npm run train:ranker`: fits the chat's two page rankings (src/lib/chat/page-ranker.ts), never on a held-out item:
 *  - for a first question, on the tuning part of eval/chat.json;
 *  - for a follow-up, on the tuning part of eval/conversations.json (the follow-up's answer pages).
 * Each question is retrieved for as the chat retrieves it (answer.ts: POOL pages, today's calendar among them for a
 * question about dates), in process, on the built site (npm run build first). Each model is a softmax over a
 * question's pages, fitted by gradient descent to put its answer pages first, with or without a weight for each
 * page's address (RankModel.pages). Prints five-fold cross-validated figures (answer page first) for each
 * regularisation, with and without those, against retrieval's order (and, for a first question, the hand-weighted
 * ranking the model replaced: rank-pages.ts, CHAT_WEIGHTS), chooses the best, and writes it with the weights to
 * src/lib/chat/page-ranker.json. `npm run eval:search` measures the result.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { getCalendar } from '../src/lib/catalog/calendar-files.ts';
import { calendarNow } from '../src/lib/catalog/clock.ts';
import { asksAboutDates, calendarContextPage, withCalendar } from '../src/lib/chat/calendar.ts';
import {
  FOLLOW_UP_FEATURES,
  POOL,
  RANK_FEATURES,
  followUpFeatures,
  rankFeatures,
  scoreOf,
  type RankModel,
} from '../src/lib/chat/page-ranker.ts';
import { rankByWhatTheyHold } from '../src/lib/chat/rank-pages.ts';
import { withoutRuleChanges } from '../src/lib/chat/relevance.ts';
import { retrieveForConversation } from '../src/lib/chat/retrieve.ts';
import { loadTwin } from '../src/lib/chat/twins.ts';
import { searchForChat } from '../src/lib/search/index.ts';

const MODEL_FILE = 'src/lib/chat/page-ranker.json';
/** The regularisation strengths tried; cross-validation chooses one. */
const L2S = [0.0003, 0.001, 0.003, 0.01];
const STEPS = 2000;
const LEARNING_RATE = 0.5;
const FOLDS = 5;

interface Question {
  /** Each page's features, retrieval's order. */
  x: number[][];
  /** Each page's address. */
  urls: string[];
  /** Whether each page answers the question. */
  answers: boolean[];
  /** The place of each page in the hand-weighted ranking (first questions only). */
  byHand?: number[];
}

const { search, vocabulary, closeness } = searchForChat();
if (!vocabulary) throw new Error('no search vocabulary: run npm run build first');
const read = (page: { markdownUrl: string }) => loadTwin(page.markdownUrl);

/** The pages the chat reads for a conversation's last turn, with their twins and today's calendar (answer.ts). */
async function pagesFor(turns: string[]) {
  const found = await retrieveForConversation(turns, search, POOL, { read, vocabulary });
  const retrieved = await Promise.all(found.map(async (p) => ({ ...p, twin: await read(p) })));
  const calendar = asksAboutDates(turns.at(-1)!) ? [calendarContextPage(getCalendar(), calendarNow())] : [];
  return withCalendar(retrieved, calendar);
}

const { questions } = JSON.parse(await readFile('eval/chat.json', 'utf8')) as {
  questions: { q: string; expect: string[]; heldout?: boolean }[];
};
const firstQuestions: Question[] = [];
for (const { q: typed, expect } of questions.filter((row) => !row.heldout)) {
  const q = withoutRuleChanges(typed);
  const pages = await pagesFor([q]);
  const near = closeness(q);
  const byHand = rankByWhatTheyHold(q, pages, vocabulary, { closeness: near });
  firstQuestions.push({
    x: rankFeatures(q, pages, vocabulary, near),
    urls: pages.map((p) => p.url),
    answers: pages.map((p) => expect.includes(p.url)),
    byHand: pages.map((p) => byHand.indexOf(p)),
  });
}

const { conversations } = JSON.parse(await readFile('eval/conversations.json', 'utf8')) as {
  conversations: { turns: string[]; expect: string[]; heldout?: boolean }[];
};
const followUps: Question[] = [];
for (const { turns, expect } of conversations.filter((row) => !row.heldout)) {
  const [previous, followUp] = turns.slice(-2).map(withoutRuleChanges) as [string, string];
  const pages = await pagesFor([previous, followUp]);
  followUps.push({
    x: followUpFeatures(followUp, previous, pages, vocabulary, closeness(followUp)),
    urls: pages.map((p) => p.url),
    answers: pages.map((p) => expect.includes(p.url)),
  });
}

/**
 * Gradient descent on the mean negative log of the chance the softmax gives the question's answer pages, plus l2
 * times the squared weights. With `perPage`, each page's address found in `rows` gets a weight of its own too.
 */
function fit(rows: Question[], l2: number, features: readonly string[], perPage: boolean): RankModel {
  const w = new Array<number>(features.length).fill(0);
  const pages = new Map<string, number>(perPage ? rows.flatMap((q) => q.urls.map((u) => [u, 0])) : []);
  for (let step = 0; step < STEPS; step++) {
    const g = w.map((wi) => 2 * l2 * wi);
    const gPages = new Map([...pages].map(([url, wi]) => [url, 2 * l2 * wi]));
    for (const { x, urls, answers } of rows) {
      const scores = x.map((f, j) => f.reduce((sum, xi, i) => sum + w[i]! * xi, pages.get(urls[j]!) ?? 0));
      const top = Math.max(...scores);
      const p = scores.map((s) => Math.exp(s - top));
      const total = p.reduce((a, b) => a + b, 0);
      const onAnswers = p.reduce((sum, pi, j) => sum + (answers[j] ? pi : 0), 0);
      // d(-log Σ_answers p) / d score_j = p_j / Σ p - [answer] p_j / Σ_answers p
      x.forEach((f, j) => {
        const d = (p[j]! / total - (answers[j] ? p[j]! / onAnswers : 0)) / rows.length;
        f.forEach((xi, i) => (g[i]! += d * xi));
        if (perPage) gPages.set(urls[j]!, gPages.get(urls[j]!)! + d);
      });
    }
    g.forEach((gi, i) => (w[i]! -= LEARNING_RATE * gi));
    for (const [url, gi] of gPages) pages.set(url, pages.get(url)! - LEARNING_RATE * gi);
  }
  const rounded = (x: number) => Math.round(x * 1e4) / 1e4;
  const kept = [...pages].map(([url, wi]) => [url, rounded(wi)] as const).filter(([, wi]) => wi !== 0);
  return {
    features,
    weights: w.map(rounded),
    ...(perPage ? { pages: Object.fromEntries(kept.sort(([a], [b]) => a.localeCompare(b))) } : {}),
  };
}

/** How many of `rows` have an answer page first, by `place` (a page's place, or its score negated; lowest first). */
const firstRight = (rows: Question[], place: (q: Question, j: number) => number) =>
  rows.filter((q) => {
    const places = q.x.map((_, j) => place(q, j));
    return q.answers[places.indexOf(Math.min(...places))];
  }).length;

/**
 * Fits one model on `measured`, its regularisation and whether each page gets a weight of its own chosen by
 * cross-validation; prints the figures, each as a share of all of `measured` (a question whose answer page was not
 * found counts as missed).
 */
function train(name: string, measured: Question[], features: readonly string[]) {
  const ofAll = (count: number) => `${((100 * count) / measured.length).toFixed(1)}%`;
  // A question none of whose answer pages was found teaches nothing about their order.
  const answerable = measured.filter((m) => m.answers.some(Boolean));
  const byHand = measured[0]?.byHand ? `, by hand ${ofAll(firstRight(measured, (q, j) => q.byHand![j]!))}` : '';
  console.log(
    `${name}: ${measured.length} tuning questions; an answer page among the first ${POOL} found for ${ofAll(answerable.length)}; answer page first: retrieval's order ${ofAll(firstRight(measured, (_, j) => j))}${byHand}`,
  );
  const folds = (k: number) => answerable.filter((_, i) => i % FOLDS === k);
  let best: { l2: number; perPage: boolean; right: number } | undefined;
  for (const perPage of [false, true])
    for (const l2 of L2S) {
      let right = 0;
      for (let k = 0; k < FOLDS; k++) {
        const model = fit(
          answerable.filter((_, i) => i % FOLDS !== k),
          l2,
          features,
          perPage,
        );
        right += firstRight(folds(k), (q, j) => -scoreOf(q.x[j]!, model, q.urls[j]!));
      }
      const how = `l2 ${l2}${perPage ? ', a weight per page' : ''}`;
      console.log(`  ${how}: ${FOLDS}-fold cross-validated, answer page first ${ofAll(right)}`);
      if (!best || right > best.right) best = { l2, perPage, right };
    }
  const { l2, perPage, right } = best!;
  const model = fit(answerable, l2, features, perPage);
  console.log(`  weights (l2 ${l2}): ${features.map((f, i) => `${f} ${model.weights[i]}`).join(', ')}`);
  if (model.pages) console.log(`  ${Object.keys(model.pages).length} pages with a weight of their own`);
  return {
    summary: `${name}: ${measured.length} questions, l2 ${l2}${perPage ? ', a weight per page' : ''}, ${FOLDS}-fold cross-validated answer page first ${ofAll(right)}`,
    model,
  };
}

const first = train('first questions (eval/chat.json)', firstQuestions, RANK_FEATURES);
const followUp = train('follow-ups (eval/conversations.json)', followUps, FOLLOW_UP_FEATURES);
const file = {
  $comment: `Written by npm run train:ranker (scripts/train-ranker.ts) on ${new Date().toISOString().slice(0, 10)}, from the tuning parts of eval/chat.json and eval/conversations.json. ${first.summary}. ${followUp.summary}. Do not edit by hand.`,
  first: first.model,
  followUp: followUp.model,
};
await writeFile(MODEL_FILE, `${JSON.stringify(file, null, 2)}\n`);
console.log(`wrote ${MODEL_FILE}`);
process.exit(0);
