import { pageTypes, type PageType } from '../../schemas/search.ts';

/** How many of the most searched queries a new instance answers before it says it is ready. */
export const MOST_SEARCHED = 100;
/** Over how many days (the insights' counts, by UTC day) "most searched" is counted. */
export const SEARCHED_DAYS = 7;
/** The longest a new instance spends on them before it says it is ready anyway. */
export const WARM_BUDGET_MS = 30_000;

/**
 * Computes the answers of what visitors searched most (`mostSearched`: the insights' top queries, as typed) into the
 * answer cache, before /readyz says ready: the shipped answers (warm-answers.ts) cover the site's head words, and
 * these the queries visitors actually ask, phrases included, so a new instance of a running site starts with both.
 * Every query without a filter first, then with each type, while the budget lasts; a failing source (the store
 * down) or search just means fewer warm answers. Resolves with how many searches it ran.
 */
export async function warmMostSearched(
  mostSearched: () => Promise<string[]>,
  warm: (q: string, type?: PageType) => Promise<unknown>,
  { budgetMs = WARM_BUDGET_MS, parallel = 2 } = {},
): Promise<number> {
  const deadline = performance.now() + budgetMs;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('out of time')), budgetMs);
  });
  let ran = 0;
  try {
    const queries = await Promise.race([mostSearched(), late]);
    const work = [undefined, ...pageTypes].flatMap((type) => queries.map((q) => ({ q, type })));
    let next = 0;
    // A few at a time, so every worker has one (warming queries yield to visitors' in the pool's queue).
    const lane = async () => {
      while (next < work.length && performance.now() < deadline) {
        const { q, type } = work[next++]!;
        await warm(q, type).catch(() => {});
        ran++;
      }
    };
    await Promise.race([Promise.all(Array.from({ length: parallel }, lane)), late]);
  } catch {
    // the source failed or the time is up: ready with what is warm
  } finally {
    clearTimeout(timer);
  }
  return ran;
}
