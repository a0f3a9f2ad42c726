/**
 * Chat retrieval: the site pages that best match a question, through the site search. The content words are
 * searched together and one by one; the lists are merged by reciprocal rank fusion, so a page that several
 * words find ranks above one that a single word finds, and a question whose words never meet on one page
 * still finds something.
 */
import { log } from '../log.ts';
import { keywords } from './keywords.ts';

export interface FoundPage { title: string; url: string; markdownUrl: string }
/** The slice of the search module retrieval needs (src/lib/search: `search`). */
export type SearchFn = (input: { q: string; limit: number }, options?: { signal?: AbortSignal }) => Promise<{ results: FoundPage[] }>;

const PER_QUERY = 8;
/**
 * How long retrieval waits for its searches. They take milliseconds, or about a second on a cold start while the
 * workers load the index; far longer means the search queue is flooded. Then the chat answers from the pages the
 * searches that did finish found (or none: the prompt says so) rather than failing: the chat has its own limit
 * and its own model wait, and a slow search is no reason to refuse an answer. Searches still waiting are dropped.
 */
export const RETRIEVAL_TIMEOUT_MS = 5000;
// The usual RRF constant: damps the difference between first and second place so agreement between lists wins.
const RRF_K = 60;

/**
 * `signal` is the chat request's: when it aborts, the searches are dropped too.
 * @example await retrievePages('Can I take Greek online?', search, 4) → [{ title: 'Biblical Greek I', url: '/courses/bib201/', … }]
 */
export async function retrievePages(question: string, search: SearchFn, max = 4,
  { signal, timeoutMs = RETRIEVAL_TIMEOUT_MS }: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<FoundPage[]> {
  const words = keywords(question);
  if (words.length === 0) return [];
  const queries = words.length > 1 ? [words.join(' '), ...words] : words;
  const timeout = AbortSignal.timeout(timeoutMs);
  const giveUp = signal ? AbortSignal.any([signal, timeout]) : timeout;
  // Settles with [] when retrieval gives up, whether or not the search itself notices the signal.
  const gaveUp = new Promise<[]>((resolve) => giveUp.addEventListener('abort', () => resolve([]), { once: true }));
  const lists = await Promise.all(queries.map((q) => Promise.race([search({ q, limit: PER_QUERY }, { signal: giveUp }).then((r) => r.results, (err) => {
    // One failed query costs that query's pages, not the answer.
    if (!giveUp.aborted) log.warn({ err, q }, 'chat retrieval: search failed');
    return [];
  }), gaveUp])));
  if (timeout.aborted) log.warn({ timeoutMs }, 'chat retrieval: searches took too long; answering with the pages found so far');
  const scores = new Map<string, { page: FoundPage; score: number }>();
  lists.forEach((results, list) => {
    // The all-words query is the strongest evidence of relevance; count it twice.
    const weight = list === 0 && queries.length > 1 ? 2 : 1;
    results.forEach((page, rank) => {
      const entry = scores.get(page.url) ?? { page, score: 0 };
      entry.score += weight / (RRF_K + rank + 1);
      scores.set(page.url, entry);
    });
  });
  return [...scores.values()].sort((a, b) => b.score - a.score).slice(0, max).map((e) => e.page);
}
