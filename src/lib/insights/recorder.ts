/**
 * Records searches, clicks, chat questions and chat feedback for the staff insights page, off the request path:
 * each call only adds to counts in memory, and a timer writes them to the store in one transaction every few
 * seconds (flushInsights). A search or a chat never waits for the store, and never fails because of it: a flush
 * that fails keeps its counts for the next one, within the same bounds.
 *
 * Bounded: at most DAILY_QUERY_CAP distinct queries per day and kind are kept, in memory and in the store; the
 * rest are counted as "other". Nothing about the visitor is recorded: no address, agent, cookie or session.
 */
import type { Declined } from '../chat/answer.ts';
import { getConfig } from '../config.ts';
import { log } from '../log.ts';
import { chatFeedback, chatQuestions, searchClicks, searchQueries } from '../metrics/index.ts';
import { getStore } from '../store/index.ts';
import {
  addCounts,
  emptyCounts,
  OTHER,
  type InsightBatch,
  type InsightEntry,
  type InsightKind,
  type NewFeedback,
  type QueryCounts,
  type Rating,
} from '../store/insights.ts';
import { cleanText, dayOf, MAX_STORED_COMMENT, normaliseQuery, normaliseQuestion } from './text.ts';

/** Distinct queries (and, separately, chat questions) kept per day; the rest count as "other". */
export const DAILY_QUERY_CAP = 5000;
/** Feedback waiting for a flush; more in one interval is dropped (and still counted in the metrics). */
const MAX_PENDING_FEEDBACK = 500;
export const FLUSH_INTERVAL_MS = 5000;

let pending = new Map<string, InsightEntry>();
let pendingFeedback: NewFeedback[] = [];
/** Distinct keys pending per day and kind, to apply the cap in memory too. */
let pendingDistinct = new Map<string, number>();

const enabled = () => getConfig().INSIGHTS === 'on';

function add(kind: InsightKind, text: string, counts: Partial<QueryCounts>, now = Date.now()): void {
  const day = dayOf(now);
  const group = `${day}\u0000${kind}`;
  let key = `${group}\u0000${text}`;
  let entry = pending.get(key);
  if (!entry) {
    const distinct = pendingDistinct.get(group) ?? 0;
    if (text !== OTHER && distinct >= DAILY_QUERY_CAP) {
      text = OTHER;
      key = `${group}\u0000${OTHER}`;
      entry = pending.get(key);
    } else if (text !== OTHER) {
      pendingDistinct.set(group, distinct + 1);
    }
    if (!entry) {
      entry = { day, kind, text, ...emptyCounts() };
      pending.set(key, entry);
    }
  }
  addCounts(entry, { ...emptyCounts(), ...counts });
}

/** A search answered with `total` results. Only first pages count: the next page of a search is not a new search. */
export function recordSearch(query: string, total: number, now?: number): void {
  searchQueries.inc({ results: total === 0 ? 'none' : 'some' });
  if (!enabled()) return;
  const text = normaliseQuery(query);
  if (text) add('search', text, { asked: 1, noResults: total === 0 ? 1 : 0 }, now);
}

/** A click on the result at `rank` (1 = first) of a search for `query`, from the search page's beacon. */
export function recordClick(query: string, rank: number, now?: number): void {
  searchClicks.inc();
  if (!enabled()) return;
  const text = normaliseQuery(query);
  if (text) add('search', text, { clicks: 1, clickRankSum: rank }, now);
}

/**
 * A chat question: whether retrieval found any page to answer from, and whether the chat declined it, and who did
 * (answer.ts, Declined: the floor, off topic, or the model, the pages not answering). The chat route calls it; so may
 * any other path that answers questions. The staff page counts both declines alike; the metric tells them apart.
 */
export function recordQuestion(
  question: string,
  { sourceFound, declined }: { sourceFound: boolean; declined?: Declined },
  now?: number,
): void {
  chatQuestions.inc({
    outcome:
      declined === 'not-covered' ? 'not_covered' : declined ? 'declined' : sourceFound ? 'answered' : 'no_source',
  });
  if (!enabled()) return;
  const text = normaliseQuestion(question);
  if (text) add('chat', text, { asked: 1, noResults: sourceFound ? 0 : 1, declined: declined ? 1 : 0 }, now);
}

/** Thumbs up or down on a chat answer, with the question it answered and an optional comment. */
export function recordFeedback(rating: Rating, question: string, comment?: string, now = Date.now()): void {
  chatFeedback.inc({ rating });
  if (!enabled() || pendingFeedback.length >= MAX_PENDING_FEEDBACK) return;
  const cleanComment = comment === undefined ? '' : cleanText(comment, MAX_STORED_COMMENT);
  const feedback: NewFeedback = { day: dayOf(now), rating, question: normaliseQuestion(question), createdAt: now };
  if (cleanComment) feedback.comment = cleanComment;
  pendingFeedback.push(feedback);
}

/** Takes what is pending, leaving the buffers empty. */
function take(): InsightBatch {
  const batch = { queries: [...pending.values()], feedback: pendingFeedback };
  pending = new Map();
  pendingFeedback = [];
  pendingDistinct = new Map();
  return batch;
}

/** Puts a batch that could not be written back in front of what came since, within the same bounds. */
function putBack(batch: InsightBatch): void {
  const since = take();
  for (const entry of [...batch.queries, ...since.queries])
    add(entry.kind, entry.text, entry, Date.parse(`${entry.day}T12:00:00Z`));
  pendingFeedback = [...batch.feedback, ...since.feedback].slice(-MAX_PENDING_FEEDBACK);
}

let flushing: Promise<void> | undefined;

/** Writes what is pending to the store; a failure keeps it for the next flush (and is logged, not thrown). */
export function flushInsights(): Promise<void> {
  flushing ??= (async () => {
    const batch = take();
    if (batch.queries.length === 0 && batch.feedback.length === 0) return;
    try {
      await getStore().recordInsights(batch, DAILY_QUERY_CAP);
    } catch (err) {
      putBack(batch);
      log.warn({ err }, 'insights: flush failed; kept for the next one');
    }
  })().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

/** Flushes every `intervalMs` until the returned stop is called (which flushes once more). */
export function startInsightsFlush(intervalMs = FLUSH_INTERVAL_MS): () => Promise<void> {
  const timer = setInterval(() => void flushInsights(), intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await flushInsights();
  };
}
