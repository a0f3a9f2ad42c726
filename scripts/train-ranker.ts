/**
 * `npm run train:ranker`: fits the chat's two page rankings (src/lib/chat/page-ranker.ts), never on a held-out item:
 *  - for a first question, on the tuning part of eval/chat.json;
 *  - for a follow-up, on the tuning part of eval/conversations.json (the follow-up's answer pages).
 * Each question is retrieved for as the chat retrieves it (answer.ts: POOL pages, today's calendar among them for a
 * question about dates), in process, on the built site (npm run build first). Each model is a softmax over a
 * question's pages, fitted by gradient descent to put its answer pages first. Prints five-fold cross-validated
 * figures (answer page first) for each regularisation against retrieval's order, chooses the strength, and writes it with
 * the weights to src/lib/chat/page-ranker.json, with the tuning questions each page answers (`asked`: what
 * askedBefore compares a new question with, asked-before.ts, beside the questions the built pages say they answer).
 * The search ranks its first results with the first model too (search/index.ts, rankedAgain), with the `asked` written
 * last time, so retrieval's order for a tuning question may read the question itself: the cross-validated figures are
 * somewhat optimistic, and the held-out parts are the measure. `npm run eval:search` measures the result.
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
import { askedBefore, type AskedOf } from '../src/lib/chat/asked-before.ts';
import { withoutRuleChanges } from '../src/lib/chat/relevance.ts';
import { retrieveForConversation } from '../src/lib/chat/retrieve.ts';
import { loadTwin } from '../src/lib/chat/twins.ts';
import { searchForChat } from '../src/lib/search/index.ts';

const MODEL_FILE = 'src/lib/chat/page-ranker.json';
/** The regularisation strengths tried; cross-validation chooses one. */
const L2S = [0.00003, 0.0001, 0.0003];
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
  /** The question, and the pages that answer it (first questions only: what askedBefore remembers). */
  q?: string;
  expect?: string[];
}

/** The questions each page answers among `rows` (asked-before.ts). */
function askedOf(rows: Question[]): AskedOf {
  const asked: AskedOf = {};
  for (const { q, expect = [] } of rows) for (const url of expect) (asked[url] ??= []).push(q!);
  return Object.fromEntries(Object.entries(asked).sort(([a], [b]) => a.localeCompare(b)));
}

/** Where a first question's askedBefore and askedMeaning are among its features. */
const ASKED_AT = RANK_FEATURES.indexOf('askedBefore');
const ASKED_MEANING_AT = RANK_FEATURES.indexOf('askedMeaning');

/**
 * `rows` with their askedBefore and askedMeaning from the questions of `from` alone: a question's own pages would
 * find it among what they answered, so it is never measured against an index that holds it.
 */
function withAsked(rows: Question[], from: Question[]): Question[] {
  const asked = askedBefore([askedOf(from), pageQuestions], meaning);
  return rows.map((row) => {
    const [likeness, nearness] = [asked.likenessTo(row.q!), asked.nearnessTo(row.q!)];
    const filled = (f: number[], j: number) =>
      f.map((v, i) => (i === ASKED_AT ? likeness(row.urls[j]!) : i === ASKED_MEANING_AT ? nearness(row.urls[j]!) : v));
    return { ...row, x: row.x.map(filled) };
  });
}

const { search, vocabulary, closeness, meaning, coursesNamed, pageQuestions = {} } = searchForChat();
if (!vocabulary) throw new Error('no search vocabulary: run npm run build first');
const read = (page: { markdownUrl: string }) => loadTwin(page.markdownUrl);

/** The pages the chat reads for a conversation's last turn, with their twins and today's calendar (answer.ts). */
async function pagesFor(turns: string[]) {
  const found = await retrieveForConversation(turns, search, POOL, { read, vocabulary, pageQuestions, coursesNamed });
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
  firstQuestions.push({
    q,
    expect,
    x: rankFeatures(q, pages, vocabulary, closeness(q)),
    urls: pages.map((p) => p.url),
    answers: pages.map((p) => expect.includes(p.url)),
  });
}

const { conversations } = JSON.parse(await readFile('eval/conversations.json', 'utf8')) as {
  conversations: { turns: string[]; expect: string[]; heldout?: boolean }[];
};
// What the chat remembers at run time, with what the pages say they answer; a follow-up is compared with all of it
// (no first question is a follow-up's).
const remembered = askedOf(firstQuestions);
const askedByFirstQuestions = askedBefore([remembered, pageQuestions], meaning);
const followUps: Question[] = [];
for (const { turns, expect } of conversations.filter((row) => !row.heldout)) {
  const [previous, followUp] = turns.slice(-2).map(withoutRuleChanges) as [string, string];
  const pages = await pagesFor([previous, followUp]);
  followUps.push({
    x: followUpFeatures(followUp, previous, pages, vocabulary, closeness(followUp), askedByFirstQuestions),
    urls: pages.map((p) => p.url),
    answers: pages.map((p) => expect.includes(p.url)),
  });
}

/**
 * Gradient descent on the mean negative log of the chance the softmax gives the question's answer pages, plus l2
 * times the squared weights.
 */
function fit(rows: Question[], l2: number): number[] {
  const w = new Array<number>(rows[0]!.x[0]!.length).fill(0);
  for (let step = 0; step < STEPS; step++) {
    const g = w.map((wi) => 2 * l2 * wi);
    for (const { x, answers } of rows) {
      const scores = x.map((f) => f.reduce((sum, xi, i) => sum + w[i]! * xi, 0));
      const top = Math.max(...scores);
      const p = scores.map((s) => Math.exp(s - top));
      const total = p.reduce((a, b) => a + b, 0);
      const onAnswers = p.reduce((sum, pi, j) => sum + (answers[j] ? pi : 0), 0);
      // d(-log Σ_answers p) / d score_j = p_j / Σ p - [answer] p_j / Σ_answers p
      x.forEach((f, j) => {
        const d = p[j]! / total - (answers[j] ? p[j]! / onAnswers : 0);
        f.forEach((xi, i) => (g[i]! += (d * xi) / rows.length));
      });
    }
    g.forEach((gi, i) => (w[i]! -= LEARNING_RATE * gi));
  }
  return w;
}

/** How many of `rows` have an answer page first, by `place` (a page's place, or its score negated; lowest first). */
const firstRight = (rows: Question[], place: (q: Question, j: number) => number) =>
  rows.filter((q) => {
    const places = q.x.map((_, j) => place(q, j));
    return q.answers[places.indexOf(Math.min(...places))];
  }).length;

/**
 * Fits one model on `measured`, its regularisation chosen by cross-validation; prints the figures, each as a share
 * of all of `measured` (a question whose answer page was not found counts as missed). `fill` measures rows against
 * the questions of others (withAsked), so a fold is measured against the other folds only.
 */
function train(
  name: string,
  measured: Question[],
  features: readonly string[],
  fill: (rows: Question[], from: Question[]) => Question[] = (rows) => rows,
) {
  const ofAll = (count: number) => `${((100 * count) / measured.length).toFixed(1)}%`;
  // A question none of whose answer pages was found teaches nothing about their order.
  const answerable = measured.filter((m) => m.answers.some(Boolean));
  console.log(
    `${name}: ${measured.length} tuning questions; an answer page among the pages found for ${ofAll(answerable.length)}; answer page first: retrieval's order ${ofAll(firstRight(measured, (_, j) => j))}`,
  );
  const inFold = (k: number) => (_: Question, i: number) => i % FOLDS === k;
  const outOfFold = (k: number) => (_: Question, i: number) => i % FOLDS !== k;
  // What a model is fitted on: each fold of `rows` measured against the others (fill), as a new question is against
  // all of them.
  const crossFilled = (rows: Question[]) =>
    Array.from({ length: FOLDS }, (_, k) => fill(rows.filter(inFold(k)), rows.filter(outOfFold(k)))).flat();
  const asModel = (weights: number[]): RankModel => ({ features, weights });
  let best: { l2: number; right: number } | undefined;
  for (const l2 of L2S) {
    let right = 0;
    for (let k = 0; k < FOLDS; k++) {
      const fitted = answerable.filter(outOfFold(k));
      const model = asModel(fit(crossFilled(fitted), l2));
      const held = fill(answerable.filter(inFold(k)), fitted);
      right += firstRight(held, (q, j) => -scoreOf(q.x[j]!, model));
    }
    console.log(`  l2 ${l2}: ${FOLDS}-fold cross-validated, answer page first ${ofAll(right)}`);
    if (!best || right > best.right) best = { l2, right };
  }
  const weights = fit(crossFilled(answerable), best!.l2).map((x) => Math.round(x * 1e4) / 1e4);
  console.log(`  weights (l2 ${best!.l2}): ${features.map((f, i) => `${f} ${weights[i]}`).join(', ')}`);
  return {
    summary: `${name}: ${measured.length} questions, l2 ${best!.l2}, ${FOLDS}-fold cross-validated answer page first ${ofAll(best!.right)}`,
    model: asModel(weights),
  };
}

const first = train('first questions (eval/chat.json)', firstQuestions, RANK_FEATURES, withAsked);
const followUp = train('follow-ups (eval/conversations.json)', followUps, FOLLOW_UP_FEATURES);
const file = {
  $comment: `Written by npm run train:ranker (scripts/train-ranker.ts) on ${new Date().toISOString().slice(0, 10)}, from the tuning parts of eval/chat.json and eval/conversations.json. ${first.summary}. ${followUp.summary}. Do not edit by hand.`,
  first: first.model,
  followUp: followUp.model,
  asked: remembered,
};
await writeFile(MODEL_FILE, `${JSON.stringify(file, null, 2)}\n`);
console.log(`wrote ${MODEL_FILE}`);
process.exit(0);
