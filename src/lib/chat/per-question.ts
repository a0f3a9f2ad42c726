/**
 * What the chat works out from a question alone, remembered for the last questions: the search's rewrite of it
 * (query-rewrite.ts), which the relevance floor and retrieval each need, and the floor's own measure. With the
 * vocabulary, every word is also checked for typos against thousands of site words; the profiles showed this as the
 * chat's largest cost of its own on the main thread. Questions repeat (the panel offers starter questions, and
 * visitors ask the same things), as search queries do, which the search remembers the same way.
 */
import { LRUCache } from 'lru-cache';
import { rewriteQuery, type Rewritten } from '../search/query-rewrite.ts';
import type { Vocabulary } from '../search/vocabulary.ts';

const QUESTIONS = 1000;
const WITHOUT_VOCABULARY = {};

/**
 * `compute(question, vocabulary)`, remembered per vocabulary for the last QUESTIONS questions. What it returns is
 * shared by every caller: do not change it.
 */
export function perQuestion<T extends NonNullable<unknown>>(
  compute: (question: string, vocabulary?: Vocabulary) => T,
): (question: string, vocabulary?: Vocabulary) => T {
  const caches = new WeakMap<object, LRUCache<string, T>>();
  return (question, vocabulary) => {
    const owner = vocabulary ?? WITHOUT_VOCABULARY;
    let cache = caches.get(owner);
    if (!cache) caches.set(owner, (cache = new LRUCache<string, T>({ max: QUESTIONS })));
    let value = cache.get(question);
    if (value === undefined) cache.set(question, (value = compute(question, vocabulary)));
    return value;
  };
}

/** rewriteQuery(question, vocabulary), remembered. */
export const rewrittenQuestion: (question: string, vocabulary?: Vocabulary) => Rewritten = perQuestion(rewriteQuery);
