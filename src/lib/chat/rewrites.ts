/**
 * The search's rewrite of a chat question (query-rewrite.ts), remembered for the last questions: the relevance floor
 * and retrieval each rewrite the whole question, and with the vocabulary every word is also checked for typos
 * against thousands of site words; the profiles showed it as the chat's largest cost of its own on the main thread.
 * Questions repeat (the panel offers starter questions, and visitors ask the same things), as search queries do,
 * which the search remembers the same way.
 */
import { LRUCache } from 'lru-cache';
import { rewriteQuery, type Rewritten } from '../search/query-rewrite.ts';
import type { Vocabulary } from '../search/vocabulary.ts';

const QUESTIONS = 1000;
const WITHOUT_VOCABULARY = {};
const caches = new WeakMap<object, LRUCache<string, Rewritten>>();

/** rewriteQuery(question, vocabulary), shared: do not change what it returns. */
export function rewrittenQuestion(question: string, vocabulary?: Vocabulary): Rewritten {
  const owner = vocabulary ?? WITHOUT_VOCABULARY;
  let cache = caches.get(owner);
  if (!cache) caches.set(owner, (cache = new LRUCache({ max: QUESTIONS })));
  let rewritten = cache.get(question);
  if (!rewritten) cache.set(question, (rewritten = rewriteQuery(question, vocabulary)));
  return rewritten;
}
