/**
 * What /staff/insights shows for the last 7, 30 or 90 days: the lists, the mean click rank and the daily trend,
 * read from the store (counts per query per day), plus the CSV of each list.
 */
import { csvRow } from '../csv/encode.ts';
import type { FeedbackRecord, QueryTotal } from '../store/insights.ts';
import type { SubmissionStore } from '../store/types.ts';
import { firstKeptDay } from './retention.ts';
import { dayOf } from './text.ts';

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
/** Rows per list on the page; the CSV has more. */
export const PAGE_ROWS = 50;
export const CSV_ROWS = 5000;

/** The period asked for (`?days=`), 30 when absent or not one of PERIODS. */
export const periodOf = (value: string | null): Period => PERIODS.find((p) => String(p) === value) ?? 30;

export interface TrendDay {
  day: string;
  searches: number;
  noResults: number;
  clicks: number;
  questions: number;
  noSource: number;
  declined: number;
  thumbsUp: number;
  thumbsDown: number;
}

export interface InsightReport {
  days: Period;
  from: string;
  to: string;
  top: QueryTotal[];
  noResults: QueryTotal[];
  noClicks: QueryTotal[];
  unanswered: QueryTotal[];
  thumbsDown: FeedbackRecord[];
  trend: TrendDay[];
  totals: Omit<TrendDay, 'day'>;
  /** Mean position of followed results (1 = first); undefined without clicks. */
  meanClickRank?: number;
}

const DAY_MS = 86_400_000;

/** The days of the period, oldest first, each with its totals (zero where nothing was recorded). */
/** A day's (or a period's) counts before anything is counted. */
const noCounts = () => ({
  searches: 0,
  noResults: 0,
  clicks: 0,
  questions: 0,
  noSource: 0,
  declined: 0,
  thumbsUp: 0,
  thumbsDown: 0,
});

async function trendOf(
  store: SubmissionStore,
  from: string,
  to: string,
): Promise<{ trend: TrendDay[]; clickRankSum: number }> {
  const { queries, feedback } = await store.insightDays(from);
  const byDay = new Map<string, TrendDay>();
  for (let t = Date.parse(`${from}T00:00:00Z`); dayOf(t) <= to; t += DAY_MS) {
    byDay.set(dayOf(t), { day: dayOf(t), ...noCounts() });
  }
  let clickRankSum = 0;
  for (const q of queries) {
    const day = byDay.get(q.day);
    if (!day) continue;
    if (q.kind === 'search') {
      day.searches += q.asked;
      day.noResults += q.noResults;
      day.clicks += q.clicks;
      clickRankSum += q.clickRankSum;
    } else {
      day.questions += q.asked;
      day.noSource += q.noResults;
      day.declined += q.declined;
    }
  }
  for (const f of feedback) {
    const day = byDay.get(f.day);
    if (day) day[f.rating === 'up' ? 'thumbsUp' : 'thumbsDown'] += f.count;
  }
  return { trend: [...byDay.values()], clickRankSum };
}

export async function insightReport(store: SubmissionStore, days: Period, now = Date.now()): Promise<InsightReport> {
  const from = firstKeptDay(days, now);
  const to = dayOf(now);
  const [top, noResults, noClicks, unanswered, thumbsDown, { trend, clickRankSum }] = await Promise.all([
    store.insightList('top', from, PAGE_ROWS),
    store.insightList('noResults', from, PAGE_ROWS),
    store.insightList('noClicks', from, PAGE_ROWS),
    store.insightList('unanswered', from, PAGE_ROWS),
    store.thumbsDown(from, PAGE_ROWS),
    trendOf(store, from, to),
  ]);
  const totals = noCounts();
  for (const day of trend) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += day[key];
  const report: InsightReport = { days, from, to, top, noResults, noClicks, unanswered, thumbsDown, trend, totals };
  if (totals.clicks > 0) report.meanClickRank = clickRankSum / totals.clicks;
  return report;
}

/** The lists a CSV can be had of, by the name in its address. */
export const CSV_LISTS = ['top', 'no-results', 'no-clicks', 'unanswered', 'thumbs-down', 'daily'] as const;
export type CsvList = (typeof CSV_LISTS)[number];

const queryHeader = ['query', 'searches', 'searches without results', 'clicks', 'mean click rank'];
const queryCells = (q: QueryTotal) => [
  q.text,
  q.asked,
  q.noResults,
  q.clicks,
  q.clicks ? (q.clickRankSum / q.clicks).toFixed(1) : '',
];

/** One list of the period as CSV (header first). */
export async function insightCsv(
  store: SubmissionStore,
  list: CsvList,
  days: Period,
  now = Date.now(),
): Promise<string> {
  const from = firstKeptDay(days, now);
  const rows: (string | number)[][] = [];
  if (list === 'thumbs-down') {
    rows.push(['day', 'question', 'comment']);
    for (const f of await store.thumbsDown(from, CSV_ROWS)) rows.push([f.day, f.question, f.comment ?? '']);
  } else if (list === 'daily') {
    const { trend } = await trendOf(store, from, dayOf(now));
    rows.push([
      'day',
      'searches',
      'searches without results',
      'clicks',
      'chat questions',
      'questions without a source',
      'declined',
      'thumbs up',
      'thumbs down',
    ]);
    for (const d of trend)
      rows.push([
        d.day,
        d.searches,
        d.noResults,
        d.clicks,
        d.questions,
        d.noSource,
        d.declined,
        d.thumbsUp,
        d.thumbsDown,
      ]);
  } else if (list === 'unanswered') {
    rows.push(['question', 'asked', 'without a source', 'declined']);
    for (const q of await store.insightList('unanswered', from, CSV_ROWS))
      rows.push([q.text, q.asked, q.noResults, q.declined]);
  } else {
    const name = list === 'top' ? 'top' : list === 'no-results' ? 'noResults' : 'noClicks';
    rows.push(queryHeader);
    for (const q of await store.insightList(name, from, CSV_ROWS)) rows.push(queryCells(q));
  }
  return rows.map(csvRow).join('');
}
