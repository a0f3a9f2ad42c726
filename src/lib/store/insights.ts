/**
 * The insights tables (migration 4, docs/insights.md): their records, the SQL both stores run (SQLite numbers its
 * parameters ?1, PostgreSQL $1: `pg()` converts), and the daily cap of distinct queries, decided the same way in
 * both stores.
 */
export type InsightKind = 'search' | 'chat';
export type Rating = 'up' | 'down';

/** What is counted per query per day. For chat questions `noResults` counts answers that found no source. */
export interface QueryCounts {
  asked: number;
  noResults: number;
  declined: number;
  clicks: number;
  clickRankSum: number;
}
export interface InsightEntry extends QueryCounts {
  day: string;
  kind: InsightKind;
  text: string;
}
export interface NewFeedback {
  day: string;
  rating: Rating;
  question: string;
  comment?: string;
  createdAt: number;
}
export interface FeedbackRecord extends NewFeedback {
  id: string;
}
/** What one flush writes: counts to add, feedback to insert. */
export interface InsightBatch {
  queries: InsightEntry[];
  feedback: NewFeedback[];
}

/** The lists of the staff page; each is one grouped query over the days asked for. */
export type InsightList = 'top' | 'noResults' | 'noClicks' | 'unanswered';
export interface QueryTotal extends QueryCounts {
  text: string;
}
export interface KindDayTotal extends QueryCounts {
  day: string;
  kind: InsightKind;
}
export interface FeedbackDayTotal {
  day: string;
  rating: Rating;
  count: number;
}

/** The text counts land under once a day has its cap of distinct queries (of one kind). */
export const OTHER = '';
/** Most feedback rows kept per day; more are counted in the metrics only (a flood cannot fill the disk). */
export const FEEDBACK_PER_DAY = 2000;

export const emptyCounts = (): QueryCounts => ({ asked: 0, noResults: 0, declined: 0, clicks: 0, clickRankSum: 0 });

export function addCounts(into: QueryCounts, from: QueryCounts): void {
  into.asked += from.asked;
  into.noResults += from.noResults;
  into.declined += from.declined;
  into.clicks += from.clicks;
  into.clickRankSum += from.clickRankSum;
}

/**
 * The batch with every query beyond the day's cap counted as OTHER, merged. `stored` tells whether a text already
 * has its row that day, `distinct` how many distinct texts (not OTHER) the day holds: a stored query keeps counting.
 */
export function capBatch(
  queries: InsightEntry[],
  cap: number,
  stored: (e: InsightEntry) => boolean,
  distinct: (day: string, kind: InsightKind) => number,
): InsightEntry[] {
  const merged = new Map<string, InsightEntry>();
  const added = new Map<string, number>();
  for (const entry of queries) {
    const group = `${entry.day}\u0000${entry.kind}`;
    let text = entry.text;
    const key = `${group}\u0000${text}`;
    if (text !== OTHER && !merged.has(key) && !stored(entry)) {
      const used = added.get(group) ?? distinct(entry.day, entry.kind);
      if (used >= cap) text = OTHER;
      else added.set(group, used + 1);
    }
    const target = `${group}\u0000${text}`;
    const into = merged.get(target);
    if (into) addCounts(into, entry);
    else merged.set(target, { ...entry, text });
  }
  return [...merged.values()];
}

export const insightSql = {
  stored: 'SELECT 1 AS found FROM insight_queries WHERE day = ?1 AND kind = ?2 AND text = ?3',
  distinct: `SELECT COUNT(*) AS n FROM insight_queries WHERE day = ?1 AND kind = ?2 AND text <> ''`,
  add: `INSERT INTO insight_queries (day, kind, text, asked, no_results, declined, clicks, click_rank_sum)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
    ON CONFLICT (day, kind, text) DO UPDATE SET asked = insight_queries.asked + excluded.asked,
      no_results = insight_queries.no_results + excluded.no_results, declined = insight_queries.declined + excluded.declined,
      clicks = insight_queries.clicks + excluded.clicks, click_rank_sum = insight_queries.click_rank_sum + excluded.click_rank_sum`,
  feedbackCount: 'SELECT COUNT(*) AS n FROM insight_feedback WHERE day = ?1',
  addFeedback:
    'INSERT INTO insight_feedback (id, day, rating, question, comment, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)',
  days: `SELECT day, kind, ${sums()} FROM insight_queries WHERE day >= ?1 GROUP BY day, kind ORDER BY day, kind`,
  feedbackDays: `SELECT day, rating, CAST(COUNT(*) AS INTEGER) AS count FROM insight_feedback WHERE day >= ?1
    GROUP BY day, rating ORDER BY day, rating`,
  thumbsDown: `SELECT id, day, rating, question, comment, created_at FROM insight_feedback WHERE rating = 'down' AND day >= ?1
    ORDER BY created_at DESC, id LIMIT ?2`,
  purgeQueries: 'DELETE FROM insight_queries WHERE day < ?1',
  purgeFeedback: 'DELETE FROM insight_feedback WHERE day < ?1',
  list: {
    top: listSql('search', '', 'asked'),
    noResults: listSql('search', 'HAVING SUM(no_results) > 0', 'no_results'),
    noClicks: listSql('search', 'HAVING SUM(asked) > SUM(no_results) AND SUM(clicks) = 0', 'asked'),
    unanswered: listSql('chat', 'HAVING SUM(no_results) + SUM(declined) > 0', 'asked'),
  } satisfies Record<InsightList, string>,
};

function sums(): string {
  return ['asked', 'no_results', 'declined', 'clicks', 'click_rank_sum']
    .map((c) => `CAST(SUM(${c}) AS INTEGER) AS ${c}`)
    .join(', ');
}

/** One list over the days from ?1, at most ?2 rows, OTHER left out (the trend counts it). */
function listSql(kind: InsightKind, having: string, order: string): string {
  return `SELECT text, ${sums()} FROM insight_queries WHERE kind = '${kind}' AND day >= ?1 AND text <> ''
    GROUP BY text ${having} ORDER BY ${order} DESC, text LIMIT ?2`;
}

/** PostgreSQL's parameter spelling of a statement above. */
export const pg = (sql: string) => sql.replace(/\?(\d+)/g, '$$$1');

/** Row → record, for both stores (PostgreSQL may hand back counts as strings). */
export function toCounts(row: Record<string, unknown>): QueryCounts {
  return {
    asked: Number(row.asked),
    noResults: Number(row.no_results),
    declined: Number(row.declined),
    clicks: Number(row.clicks),
    clickRankSum: Number(row.click_rank_sum),
  };
}

export function toFeedback(row: Record<string, unknown>): FeedbackRecord {
  const record: FeedbackRecord = {
    id: String(row.id),
    day: String(row.day),
    rating: row.rating as Rating,
    question: String(row.question),
    createdAt: Number(row.created_at),
  };
  if (row.comment != null) record.comment = String(row.comment);
  return record;
}

export const entryParams = (e: InsightEntry) => [
  e.day,
  e.kind,
  e.text,
  e.asked,
  e.noResults,
  e.declined,
  e.clicks,
  e.clickRankSum,
];
export const feedbackParams = (id: string, f: NewFeedback) => [
  id,
  f.day,
  f.rating,
  f.question,
  f.comment ?? null,
  f.createdAt,
];
