/**
 * Site search over the Pagefind index built with the site (dist/client/pagefind). Used by GET /api/search, chat
 * retrieval and the MCP `search_site` tool. The first call starts a pool of worker threads (each loads the index
 * once) and, with SEARCH_WARM=on, warms the cache with the terms on most pages in the background (warm.ts); answers are kept
 * in a bounded LRU cache and identical queries in flight share one search. The cache starts with the answers the
 * build shipped (warm-answers.ts), and searchIndexLoaded() (what /readyz waits for) adds those of the queries visitors
 * searched most lately (warm-searched.ts).
 *
 * What a cache miss costs is bounded: callers pass `beforeMiss` (the per-client limit) and the request's `signal`;
 * the pool's queue is bounded (SEARCH_QUEUE_MAX), and a search every waiting caller has given up on is dropped
 * before a worker runs it.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { getConfig } from '../config.ts';
import { ApiError } from '../http/api-error.ts';
import { markdownUrl } from '../site/twin-path.ts';
import { builtSite, clientDir } from '../site/built-site.ts';
import {
  pageTypes,
  searchQuerySchema,
  type PageType,
  type SearchQueryInput,
  type SearchResponse,
} from '../../schemas/search.ts';
import { sanitizeExcerpt } from './excerpt.ts';
import { LRUCache } from 'lru-cache';
import { createAnswerCache, type Answer } from './answer-cache.ts';
import {
  factsAskedFirst,
  intentFirst,
  namesAPage,
  type Related,
  pricesFirst,
  programsNamedAtTheTop,
  seriesAskedFirst,
  seriesNamedAtTheTop,
  startCourseFirst,
} from './intent.ts';
import { eventNamedIn, withEventPage } from './events-named.ts';
import { getCalendar } from '../catalog/calendar-files.ts';
import { calendarNow } from '../catalog/clock.ts';
import { joined, kindAsked, namingNext, pageNamesOf } from './named-pages.ts';
import { rankPartial, codesFirst } from './partial.ts';
import { rewriteQuery, words as wordsOf } from './query-rewrite.ts';
import { STOPWORDS } from '../chat/keywords.ts';
import { pageQuestionsOf } from '../chat/asked-before.ts';
import { POOL, rankForChat } from '../chat/page-ranker.ts';
import { vocabularyOf, type Vocabulary } from './vocabulary.ts';
import { expansionsFor, hasNeighbours, withExpansions } from './expand.ts';
import { fuseByMeaning, missingWords, namedIn, weakEvidence } from './hybrid.ts';
import { pageVectorsOf, queryVector } from './page-vectors.ts';
import { wordVectorsOf, type WordVectors } from './word-vectors.ts';
import { SearchBusyError, SearchPool, type RawAnswer, type RawHit, type RawQuery } from './pool.ts';
import { warmCommonTerms } from './warm.ts';
import { readWarmAnswers } from './warm-answers.ts';
import { MOST_SEARCHED, SEARCHED_DAYS, warmMostSearched } from './warm-searched.ts';
import { getStore } from '../store/index.ts';
import { firstKeptDay } from '../insights/retention.ts';
import { log } from '../log.ts';
import { gaugeSources, searchCache } from '../metrics/index.ts';

export { parseSearchParams } from './params.ts';

/** A query as the workers get it, with what the rewrite found (query-rewrite.ts). */
type Query = RawQuery & { words?: string[]; codes?: string[]; typed?: string[]; passage?: string };
/** One search on its way, shared by every caller asking the same; dropped when every caller has gone. */
interface Flight {
  answer: Promise<Answer>;
  controller: AbortController;
  waiters: number;
}
let pool: SearchPool | undefined;
/** Built on the first search (null: SEARCH_CACHE_SIZE=0 turned it off); closeSearch() drops it. */
let cache: ReturnType<typeof createAnswerCache> | null | undefined;
const inFlight = new Map<string, Flight>();
gaugeSources.searchQueueDepth = () => pool?.queued ?? 0;

export interface SearchOptions {
  /** The caller's request: once it and every other caller of the same search have aborted, the search is dropped. */
  signal?: AbortSignal;
  /** Runs before a search the cache cannot answer goes to the workers (the per-client limit); throws to refuse it. */
  beforeMiss?: () => Promise<unknown>;
  /** Warming: a miss waits until no visitor's search is waiting for a worker. */
  background?: boolean;
  /** false: the results' excerpts are '' (the chat reads the pages' twins): cheaper for the workers. */
  excerpts?: false;
}

/** Seconds a client should wait after SEARCH_UNAVAILABLE: a full queue drains in well under a second. */
const BUSY_RETRY_AFTER = 1;

/** 503 SEARCH_UNAVAILABLE, a new one per caller (routes add their own headers to it). */
export function searchUnavailable(): ApiError {
  return new ApiError(503, 'SEARCH_UNAVAILABLE', 'The search is busy right now.', {
    resolution: `Try again in ${BUSY_RETRY_AFTER} second (Retry-After).`,
    headers: { 'Retry-After': String(BUSY_RETRY_AFTER) },
  });
}

/** Pagefind drops `<` and `>` when it indexes words but not from queries, so "<script>" would find nothing. */
const toPagefindQuery = (q: string) => q.replace(/[<>]/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * Search the site. Input is validated with the same schema as the API (throws a ZodError when invalid; the
 * route turns that into INVALID_QUERY first via parseSearchParams).
 * @throws ApiError 503 SEARCH_UNAVAILABLE when the queue is full; whatever `beforeMiss` throws; the signal's
 *   reason when it aborts before the search ran.
 * @example const { total, results } = await search({ q: 'greek', type: 'course', limit: 5 });
 */
export async function search(input: SearchQueryInput, options: SearchOptions = {}): Promise<SearchResponse> {
  const { q, type, limit, offset } = searchQuerySchema.parse(input);
  const { words, codes, passage, suggestion } = rewritten(toPagefindQuery(q));
  const said = { query: q, ...(suggestion ? { suggestion } : {}) };
  if (words.length === 0) return { ...said, total: 0, limit, offset, results: [] };
  try {
    const typed = wordsOf(q);
    const answer = await cached(
      { q: words.join(' '), words, codes, passage, typed, type, limit, offset, excerpts: options.excerpts },
      options,
    );
    // An event named is decided on the day, after the cache (events-named.ts); the chat has the calendar page instead.
    const event =
      offset === 0 && options.excerpts !== false && (!type || type === 'page')
        ? eventNamedIn(words, getCalendar(), calendarNow())
        : undefined;
    return { ...said, ...(event ? withEventPage(answer, event, indexedTitleOf) : answer) };
  } catch (err) {
    if (err instanceof SearchBusyError) throw searchUnavailable();
    throw err;
  }
}

/** The cached answer, or one search shared by everyone asking the same while it runs. */
async function cached(query: Query, { signal, beforeMiss, background = false }: SearchOptions): Promise<Answer> {
  signal?.throwIfAborted();
  const answers = answerCache();
  const key = cacheKey(query);
  const hit = answers?.get(key);
  if (answers) searchCache.inc({ result: hit ? 'hit' : 'miss' });
  if (hit) return hit;
  let flight = joinable(key);
  if (!flight && beforeMiss) {
    // Joining a search already on its way costs no worker, so only a caller that starts one is counted.
    await beforeMiss();
    signal?.throwIfAborted(); // the client may have gone while it was counted
    const late = answers?.get(key);
    if (late) return late;
    flight = joinable(key);
  }
  flight ??= startFlight(key, query, background);
  return waitFor(flight, signal);
}

/**
 * The search under way for `key`, unless every caller has left it: its signal has aborted, and it fails at its next
 * step (a query may take several runs on the workers), so a caller who joined it would fail with the others' abort.
 * "script tag" typed, then a filter picked and the box's pause: the same search asked, dropped and asked again.
 */
function joinable(key: string): Flight | undefined {
  const flight = inFlight.get(key);
  return flight?.controller.signal.aborted ? undefined : flight;
}

/** The answer cache's key of a query: its filter, window and rewritten words (what the workers search), and passage. */
const cacheKey = (query: Query) =>
  `${query.type ?? ''}\u0000${query.limit}\u0000${query.offset}\u0000${query.q.toLowerCase()}${query.passage ? `\u0000${query.passage}` : ''}${query.excerpts === false ? '\u0000-' : ''}`;

/**
 * The answer cache, built on first use with the answers the build computed for this index (warm-answers.ts), so a
 * new server does not make its first visitors wait for the costliest searches. Null when SEARCH_CACHE_SIZE=0.
 */
function answerCache(): LRUCache<string, Answer> | null {
  if (cache !== undefined) return cache;
  const config = getConfig();
  cache = createAnswerCache(config.SEARCH_CACHE_SIZE, config.SEARCH_CACHE_MB * 1024 * 1024) ?? null;
  if (!cache) return cache;
  // At most half the cache, leaving room for visitors' own answers; the file lists the costliest first, and they are
  // set last so they are the last of them forgotten.
  for (const [key, answer] of readWarmAnswers(bundleDir())
    .slice(0, config.SEARCH_CACHE_SIZE >> 1)
    .reverse())
    cache.set(key, answer);
  return cache;
}

/** Every answer in the cache, most recently used first (integrations/warm-answers.ts ships them with the bundle). */
export const cachedAnswers = (): [string, Answer][] => [...(answerCache()?.entries() ?? [])];

function startFlight(key: string, query: Query, background: boolean): Flight {
  const current = cache;
  const controller = new AbortController();
  const flight: Flight = {
    controller,
    waiters: 0,
    answer: runSearch(query, background, controller.signal)
      .then((answer) => {
        current?.set(key, answer);
        return answer;
      })
      .finally(() => {
        if (inFlight.get(key) === flight) inFlight.delete(key);
      }),
  };
  inFlight.set(key, flight);
  return flight;
}

/** Waits for a flight; a caller without a signal keeps it alive to the end, one with a signal until it aborts. */
function waitFor(flight: Flight, signal: AbortSignal | undefined): Promise<Answer> {
  flight.waiters++;
  if (!signal) return flight.answer;
  const leave = () => {
    if (--flight.waiters === 0) flight.controller.abort(signal.reason);
  };
  signal.addEventListener('abort', leave, { once: true });
  const done = () => signal.removeEventListener('abort', leave);
  flight.answer.then(done, done);
  return flight.answer;
}

function getPool(): SearchPool {
  if (pool) return pool;
  const config = getConfig();
  const bundle = bundleDir();
  // One core stays with the HTTP thread, which answers every cached query; on 2 cores one worker also keeps the
  // server's memory within its goal (each worker holds its own wasm and heap; figures in docs/search.md).
  pool = new SearchPool(
    bundle,
    config.SEARCH_WORKERS ?? Math.max(1, availableParallelism() - 1),
    config.SEARCH_QUEUE_MAX,
  );
  if (config.SEARCH_WARM === 'on' && config.SEARCH_CACHE_SIZE > 0) {
    const current = pool;
    // Not awaited: requests never wait for warming, and warming only uses idle workers.
    void warmCommonTerms(bundle, (q, type) =>
      pool === current ? cached({ q, type, limit: 10, offset: 0 }, { background: true }) : undefined,
    );
  }
  return pool;
}

/** The title of an indexed page (the pages file the build writes beside the bundle). */
const indexedTitleOf = (url: string) => pageVectorsOf(bundleDir())?.pages.find((page) => page.url === url)?.title;

/**
 * The rewrite of a query (query-rewrite.ts), remembered for the last 2,000 queries: it runs on the HTTP thread
 * for every request, cached answer or not, and correcting a typo compares it with thousands of words (~1 ms on the
 * 10,000-page benchmark site).
 */
const rewrites = new LRUCache<string, ReturnType<typeof rewriteQuery>>({ max: 2000 });
function rewritten(q: string): ReturnType<typeof rewriteQuery> {
  let hit = rewrites.get(q);
  if (!hit) {
    const vectors = wordVectorsOf(bundleDir());
    rewrites.set(q, (hit = rewriteQuery(q, vocabularyOf(bundleDir()), (w) => hasNeighbours(vectors, w))));
  }
  return hit;
}

/** The site's own words (vocabulary.ts), or undefined when the build wrote none. */
const siteVocabulary = () => vocabularyOf(bundleDir());

/**
 * True when `text` names one of the site's pages (named-pages.ts: a title or alias of two words or more, held whole,
 * or an abbreviation) in its own words: a synonym's rewrite is no name ("share price" reads as "tuition fees").
 */
const namesASitePage = (text: string) =>
  (pageNamesOf(bundleDir())?.namedIn(wordsOf(text).filter((w) => !STOPWORDS.has(w))).length ?? 0) > 0;

/**
 * How near each page is to `text` in meaning (page-vectors.ts: standard deviations nearer than the average page), by
 * its words as the search reads them; undefined when the build wrote no vectors or no word of the text has one.
 * One pass over the pages' vectors (~1 ms at 10,000 pages).
 */
function closenessTo(text: string): ((url: string) => number | undefined) | undefined {
  const pages = pageVectorsOf(bundleDir());
  const vector = pages && vectorOf(text);
  return vector && pages.near(vector).closenessOf;
}

/** What `text` means as one vector of length 1 (its words' vectors, weighed by rarity); undefined as vectorOf. */
function meaningOf(text: string): Float32Array | undefined {
  const vector = vectorOf(text);
  const length = vector ? Math.hypot(...vector) : 0;
  return length > 0 ? vector!.map((x) => x / length) : undefined;
}

/** The sum of the vectors of `text`'s words as the search reads them; undefined without word vectors or a word with one. */
function vectorOf(text: string): Float32Array | undefined {
  const bundle = bundleDir();
  const wordVectors = wordVectorsOf(bundle);
  return wordVectors && queryVector(rewritten(text).words.flatMap(wordsOf), wordVectors, vocabularyOf(bundle));
}

/**
 * The site search as the chat reads it (chat/answer.ts, AnswerOptions), for both of the chat's edges (POST /api/chat
 * and MCP ask_site): the search, the site's words, closeness in meaning, a text's meaning, the pages' names and the
 * questions the pages say they answer.
 */
export const searchForChat = () => ({
  search: (input: SearchQueryInput, options: SearchOptions = {}) => search(input, { ...options, excerpts: false }),
  vocabulary: siteVocabulary(),
  closeness: closenessTo,
  meaning: meaningOf,
  namesAPage: namesASitePage,
  coursesNamed,
  pageQuestions: pageQuestionsOf(bundleDir()),
});

/**
 * The courses whose name (title or alias, two words or more, or an abbreviation) the words hold as a phrase
 * (named-pages.ts): a lookup in the index of names, no search.
 */
const coursesNamed = (words: string[]) =>
  (pageNamesOf(bundleDir())?.namedIn(words, 'course') ?? []).map((hit) => ({
    title: hit.title,
    url: hit.url,
    type: hit.type,
    markdownUrl: markdownUrl(hit.url),
  }));

const bundleDir = () => getConfig().SEARCH_BUNDLE_DIR ?? join(clientDir(), 'pagefind');

async function runSearch(
  { words = [], codes = [], typed = [], passage, ...asked }: Query,
  background: boolean,
  signal: AbortSignal,
): Promise<Answer> {
  // The first page is ranked from at least RANK_WINDOW results, so its first result does not depend on the limit.
  const query = asked.offset === 0 ? { ...asked, limit: Math.max(asked.limit, RANK_WINDOW) } : asked;
  const workers = getPool();
  // Every run of the query, by whatever rule, builds excerpts only when its answer shows them.
  const run = (q: RawQuery) => {
    const raw = { ...q, excerpts: asked.excerpts };
    return background ? workers.runInBackground(raw) : workers.run(raw, signal);
  };
  let raw: RawAnswer = await run(query);
  // Some orders serve only the list a visitor reads: the chat (which asks for no excerpts) ranks the pages it reads
  // itself, with a model fitted on the search's order without them (page-ranker.ts weighs the retrieval rank).
  const forTheList = asked.excerpts !== false;
  const holdingAll = raw.total;
  const exact = raw.total > 0;
  // A page the query names whole ("how long is the Bachelor of Theology") is on the first page, held or not.
  const names = query.offset === 0 ? pageNamesOf(bundleDir()) : undefined;
  const named = names?.namedIn(words, query.type) ?? [];
  // Not every word is on one page: answer with the pages holding the most, and the rarest, of them.
  if (!exact && words.length > 1) raw = await rankPartial(query, words, run);
  else if (
    raw.total < FEW_RESULTS &&
    words.length > 1 &&
    query.offset === 0 &&
    !namesAPage(raw, words) &&
    !named.length
  )
    raw = withPartial(raw, await rankPartial(query, words, run), query.limit);
  // A page titled with one of the words asked is on it too ("chaplain training": Chaplaincy, which never says training).
  raw = joined(raw, names?.namedIn(words, query.type, { loose: true }) ?? []);
  // "masters programs": the pages of the kind asked for that hold the other words, though they never say "program".
  const kind = query.offset === 0 && !query.type ? kindAsked(words) : undefined;
  if (kind) raw = joined(raw, (await run({ ...query, q: kind.rest.join(' '), type: kind.type })).results);
  // A word on no page: the pages of the site words nearest in meaning go first (expand.ts).
  const vocabulary = vocabularyOf(bundleDir());
  const expansions = expansionsFor(words, vocabulary, wordVectorsOf(bundleDir()), typed);
  raw = await withExpansions(query, words, raw, exact, expansions, run, vocabulary?.pageCount);
  // Words that found little: the first page ranked by meaning too (hybrid.ts).
  if (query.offset === 0) raw = byMeaning(raw, query, words, typed, holdingAll);
  if (query.offset === 0) raw = intentFirst(raw, words, relatedIn(wordVectorsOf(bundleDir()), query.q));
  // "Gen 22": the pages naming the passage (a phrase: Pagefind's quotes) right after the first, so the course reading
  // the book comes first ("the courses that read those books") and they next.
  if (passage && query.offset === 0) raw = namingNext(raw, (await run({ ...query, q: `"${passage}"` })).results);
  if (codes.length > 0 && query.offset === 0) raw = codesFirst(raw, codes);
  // A page, code or passage the query names is what it asks for; otherwise the first results are ranked again as the
  // chat ranks the pages it read.
  else if (!passage && !named.length && query.offset === 0 && words.length > 1) {
    const start = startCourseFirst(raw, words);
    raw = await rankedAgain(
      start.answer,
      query.q,
      vocabulary,
      start.top || seriesNamedAtTheTop(raw, words) || (forTheList ? programsNamedAtTheTop(raw, words) : 0),
    );
  }
  if (query.offset === 0 && forTheList) raw = factsAskedFirst(pricesFirst(raw, words), words, RANK_WINDOW, kind?.type);
  // "hebrew 1 online": the number says which course of the series, whatever the orders above made of the other words.
  if (query.offset === 0) raw = seriesAskedFirst(raw, words, RANK_WINDOW);
  return {
    total: raw.total,
    limit: asked.limit,
    offset: asked.offset,
    results: raw.results.slice(0, asked.limit).map((r) => ({
      title: r.title,
      url: r.url,
      type: (pageTypes as readonly string[]).includes(r.type) ? (r.type as PageType) : 'page',
      excerpt: sanitizeExcerpt(r.excerpt),
      markdownUrl: markdownUrl(r.url),
      ...(r.aliases ? { aliases: r.aliases } : {}),
    })),
  };
}

/**
 * How many results the reordering of a first page (intent.ts, course codes, expansions, meaning) looks at: a page the query
 * names is put first when Pagefind ranks it among these, whatever the limit asked ("where is the campus" finds the
 * contact page with limit=3 as with limit=10).
 */
const RANK_WINDOW = 10;

/**
 * Whether a longer word starting with a word asked is near it in meaning (word vectors: "prayer" for "pray" 0.64,
 * "pastoral" for "pastor" 0.43; "missions" for "miss" 0.17, "singing" for "sin" 0.18), or its page is near the query
 * `q` (NEAR_PAGE: "Hymnody" is 0.25 from "hymn", but its page 2.9 standard deviations nearer "hymn" than the average
 * page; History of Missions -0.1 from "miss"); near when either word has no vector. Undefined without vectors: no
 * title is then read as a mere prefix.
 */
const RELATED = 0.4;
const NEAR_PAGE = 2;
function relatedIn(vectors: WordVectors | undefined, q: string): Related | undefined {
  if (!vectors) return undefined;
  // One pass over the pages' vectors, only for a query whose words a title extends.
  let closeness: { of: ReturnType<typeof closenessTo> } | undefined;
  const nearQuery = (url: string) => ((closeness ??= { of: closenessTo(q) }).of?.(url) ?? 0) >= NEAR_PAGE;
  return (a, b, url) => (vectors.similarity(a, b) ?? 1) >= RELATED || nearQuery(url);
}

/**
 * The answer with its first page ranked by meaning as well when its words are weak evidence (hybrid.ts); as it was
 * when they are not, or when the build wrote no vectors.
 */
function byMeaning(raw: RawAnswer, query: RawQuery, words: string[], typed: string[], holdingAll: number): RawAnswer {
  const bundle = bundleDir();
  const vocabulary = vocabularyOf(bundle);
  const pages = pageVectorsOf(bundle);
  const wordVectors = wordVectorsOf(bundle);
  if (!pages || !wordVectors) return raw;
  // A word a synonym rule put in the query is the editors' choice (a page holds it, or should).
  const missing = missingWords(words, vocabulary).filter((w) => typed.includes(w));
  const about = (hit: RawHit) => pages.aboutOf(hit.url) ?? namedIn(hit);
  if (!weakEvidence(raw, words, holdingAll, missing, about, vocabulary)) return raw;
  const vector = queryVector(words, wordVectors, vocabulary);
  return vector ? fuseByMeaning(raw, pages.near(vector, query.type), query.limit) : raw;
}

/**
 * The answer with its first results ranked again as the chat ranks the pages it read (chat/page-ranker.ts, the model
 * for a first question): Pagefind weighs each word's matches, so a page saying one word of the query often ranks above
 * the page holding them all ("jobs after graduating": the graduation page said "graduating" most; the careers page
 * holds both), and it knows nothing of the questions a page answers ("leaving money to the college in my will": the
 * giving page). POOL of them, as many as the model was fitted to rank, after the first `named` (seriesNamedAtTheTop),
 * which keep their places. Unchanged when a page has no twin.
 */
async function rankedAgain(
  raw: RawAnswer,
  q: string,
  vocabulary: Vocabulary | undefined,
  named: number,
): Promise<RawAnswer> {
  const head = raw.results.slice(named, named + POOL);
  const site = builtSite();
  const twins = await Promise.all(head.map((hit) => site.readTwin(markdownUrl(hit.url))));
  if (twins.some((twin) => twin === undefined)) return raw;
  const ranked = rankForChat(
    q,
    head.map((hit, i) => ({ url: hit.url, type: hit.type, hit, twin: twins[i] })),
    vocabulary,
    { closeness: closenessTo(q), pageQuestions: pageQuestionsOf(bundleDir()), meaning: meaningOf },
  );
  return {
    ...raw,
    results: [...raw.results.slice(0, named), ...ranked.map((r) => r.hit), ...raw.results.slice(named + POOL)],
  };
}

/**
 * Below this many pages holding every word, a question's own words are often what keeps its page out ("what happens
 * if I miss an exam": the examinations page never says "miss"), so the pages holding most of the words follow the
 * few holding all of them, and intent.ts can put the one whose title names the question first. It costs a worker
 * search per word (at most six, as for a query nothing matches), so only when none of the few is a page the query
 * names (docs/search.md has the cost).
 */
const FEW_RESULTS = 5;

/** The pages holding every word, then those holding most of them (rankPartial) that are not among them. */
function withPartial(all: RawAnswer, most: RawAnswer, limit: number): RawAnswer {
  const more = most.results.filter((p) => !all.results.some((r) => r.url === p.url));
  return { total: all.total + more.length, results: [...all.results, ...more].slice(0, limit) };
}

let indexLoaded: Promise<void> | undefined;

/**
 * Resolves once every search worker has loaded the index and answered a query (/readyz waits for it, so a new
 * instance takes no traffic while a worker would still load Pagefind on a visitor's query). The first call starts the
 * pool; once it has succeeded it stays true (a replaced worker loads the same files); a failure is retried next call.
 */
export function searchIndexLoaded(): Promise<void> {
  answerCache(); // the build's answers are in the cache before the instance says it is ready
  indexLoaded ??= getPool()
    .everyWorker({ q: 'a', limit: 1, offset: 0 })
    .then(() => warmSearched());
  indexLoaded.catch(() => {
    indexLoaded = undefined;
  });
  return indexLoaded;
}

/**
 * What visitors searched most lately (the insights' counts, kept by every instance's store), answered into the cache
 * before the instance says it is ready (warm-searched.ts); nothing when the cache or the insights are off.
 */
async function warmSearched(): Promise<void> {
  const config = getConfig();
  if (config.SEARCH_CACHE_SIZE === 0 || config.INSIGHTS === 'off') return;
  const from = firstKeptDay(SEARCHED_DAYS);
  const ran = await warmMostSearched(
    async () => (await getStore().insightList('top', from, MOST_SEARCHED)).map((row) => row.text),
    (q, type) => search({ q, type }, { background: true }),
    { parallel: getPool().size },
  );
  if (ran > 0) log.info({ searches: ran }, 'search: answered the most searched queries before ready');
}

/** CPU time the workers spent per query so far (ms), for benchmarks. */
export function searchStats(): { queries: number; cpuMsPerQuery: number } {
  const s = pool?.stats ?? { queries: 0, cpuMicros: 0 };
  return { queries: s.queries, cpuMsPerQuery: s.queries ? s.cpuMicros / s.queries / 1000 : 0 };
}

/** Stop the worker threads and forget cached answers (tests and benchmarks). */
export async function closeSearch(): Promise<void> {
  const current = pool;
  pool = undefined;
  cache = undefined;
  indexLoaded = undefined;
  await current?.close();
}
