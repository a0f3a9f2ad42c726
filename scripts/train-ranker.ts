/**
 * `npm run train:ranker`: fits the chat's two page rankings (src/lib/chat/page-ranker.ts), never on a held-out item:
 *  - for a first question, on the tuning part of eval/chat.json;
 *  - for a follow-up, on the tuning part of eval/conversations.json (the follow-up's answer pages).
 * Each question is retrieved for as the chat retrieves it (answer.ts: POOL pages, today's calendar among them for a
 * question about dates), in process, on the built site (npm run build first). Each model is a softmax over a
 * question's pages, fitted by gradient descent (Adam) to put its answer pages first. Prints five-fold cross-validated
 * figures (answer page first) for each regularisation against retrieval's order, chooses the strength, and writes it with
 * the weights to src/lib/chat/page-ranker.json, with the tuning questions each page answers (`asked`: what
 * askedBefore compares a new question with, asked-before.ts, beside the questions the built pages say they answer).
 * The search ranks its first results with the first model too (search/index.ts, rankedAgain), with the `asked` written
 * last time, so retrieval's order for a tuning question may read the question itself: the cross-validated figures are
 * somewhat optimistic, and the held-out parts are the measure. `npm run eval:search` measures the result.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { adam, seededNormal } from './adam.ts';
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
const L2S = [0.003, 0.01];
/**
 * The hidden layer's size and how it is fitted. In exploration on the thirty-first session's tuning parts (folds made
 * of runs of the sets), answer page first: linear 2,460 of 2,632, 8 units (l2 0.01) 2,491, 16 units (l2 0.003) 2,488.
 */
const HIDDEN = 8;
const STEPS = 1500;
const LEARNING_RATE = 0.01;
const SEED = 2031;
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
 * The model with Adam on the mean negative log of the chance the softmax gives the question's answer pages, plus l2
 * times the squared weights (halved). The features are read standardized, so one strength suits them all; the linear
 * weights are written for the features as measured (a shift of every page's score does not change the softmax).
 */
function fit(rows: Question[], l2: number, features: readonly string[]): RankModel {
  const d = features.length;
  const all = rows.flatMap((r) => r.x);
  const center = Array.from({ length: d }, (_, i) => all.reduce((sum, f) => sum + f[i]!, 0) / all.length);
  const scale = center.map((c, i) => Math.sqrt(all.reduce((sum, f) => sum + (f[i]! - c) ** 2, 0) / all.length) || 1);
  // Every page's features standardized, in one array: page k's from k * d. Typed arrays and plain loops, as the fit
  // reads each page 1,500 times.
  const x = Float64Array.from(all.flatMap((f) => f.map((v, i) => (v - center[i]!) / scale[i]!)));
  let pagesBefore = 0;
  const firstPage = rows.map((q) => (pagesBefore += q.x.length) - q.x.length);
  const normal = seededNormal(SEED);
  const linear = new Float64Array(d);
  const w1 = Float64Array.from({ length: d * HIDDEN }, () => normal() / Math.sqrt(d));
  const b1 = new Float64Array(HIDDEN);
  const w2 = Float64Array.from({ length: HIDDEN }, () => normal() / Math.sqrt(HIDDEN));
  const params = [linear, w1, b1, w2];
  const grads = params.map((p) => new Float64Array(p.length));
  const [gLinear, gW1, gB1, gW2] = grads as [Float64Array, Float64Array, Float64Array, Float64Array];
  const step = adam(params, { learningRate: LEARNING_RATE, l2, decayed: (p) => p !== b1 });
  const units = new Float64Array(all.length * HIDDEN);
  const scores = new Float64Array(all.length);
  for (let t = 0; t < STEPS; t++) {
    grads.forEach((g) => g.fill(0));
    rows.forEach(({ answers }, r) => {
      const [from, to] = [firstPage[r]!, firstPage[r]! + answers.length];
      let top = -Infinity;
      for (let k = from; k < to; k++) {
        let score = 0;
        for (let i = 0; i < d; i++) score += linear[i]! * x[k * d + i]!;
        for (let u = 0; u < HIDDEN; u++) {
          let z = b1[u]!;
          for (let i = 0; i < d; i++) z += w1[i * HIDDEN + u]! * x[k * d + i]!;
          units[k * HIDDEN + u] = Math.tanh(z);
          score += w2[u]! * units[k * HIDDEN + u]!;
        }
        scores[k] = score;
        top = Math.max(top, score);
      }
      let [total, onAnswers] = [0, 0];
      for (let k = from; k < to; k++) {
        scores[k] = Math.exp(scores[k]! - top);
        total += scores[k]!;
        if (answers[k - from]) onAnswers += scores[k]!;
      }
      for (let k = from; k < to; k++) {
        // d(-log Σ_answers p) / d score_k = p_k / Σ p - [answer] p_k / Σ_answers p
        const p = scores[k]!;
        const e = (p / total - (answers[k - from] ? p / onAnswers : 0)) / rows.length;
        for (let i = 0; i < d; i++) gLinear[i]! += e * x[k * d + i]!;
        for (let u = 0; u < HIDDEN; u++) {
          const h = units[k * HIDDEN + u]!;
          gW2[u]! += e * h;
          const back = e * w2[u]! * (1 - h * h);
          gB1[u]! += back;
          for (let i = 0; i < d; i++) gW1[i * HIDDEN + u]! += back * x[k * d + i]!;
        }
      }
    });
    step(grads);
  }
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  return {
    features,
    weights: [...linear].map((w, i) => round(w / scale[i]!)),
    hidden: {
      // Unrounded: a feature that varies little has a small scale, which rounding could make 0.
      center,
      scale,
      weights: Array.from({ length: d }, (_, i) => [...w1.slice(i * HIDDEN, (i + 1) * HIDDEN)].map(round)),
      bias: [...b1].map(round),
      output: [...w2].map(round),
    },
  };
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
  let best: { l2: number; right: number } | undefined;
  for (const l2 of L2S) {
    let right = 0;
    for (let k = 0; k < FOLDS; k++) {
      const fitted = answerable.filter(outOfFold(k));
      const model = fit(crossFilled(fitted), l2, features);
      const held = fill(answerable.filter(inFold(k)), fitted);
      right += firstRight(held, (q, j) => -scoreOf(q.x[j]!, model));
    }
    console.log(`  l2 ${l2}: ${FOLDS}-fold cross-validated, answer page first ${ofAll(right)}`);
    if (!best || right > best.right) best = { l2, right };
  }
  const model = fit(crossFilled(answerable), best!.l2, features);
  console.log(`  linear weights (l2 ${best!.l2}): ${features.map((f, i) => `${f} ${model.weights[i]}`).join(', ')}`);
  return {
    summary: `${name}: ${measured.length} questions, l2 ${best!.l2}, ${FOLDS}-fold cross-validated answer page first ${ofAll(best!.right)}`,
    model,
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
// One line per list of numbers: a feature's weights read together.
const json = JSON.stringify(file, null, 2).replace(
  /\[\s+(-?[\d.e-]+(?:,\s+-?[\d.e-]+)*)\s+\]/g,
  (_, list: string) => `[${list.replace(/\s+/g, ' ')}]`,
);
await writeFile(MODEL_FILE, `${json}\n`);
console.log(`wrote ${MODEL_FILE}`);
process.exit(0);
