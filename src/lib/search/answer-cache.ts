import { LRUCache } from 'lru-cache';
import type { SearchResponse } from '../../schemas/search.ts';

export type Answer = Omit<SearchResponse, 'query' | 'suggestion'>;

/** Roughly the bytes an answer holds (strings are counted twice: UTF-16), enough to bound the cache. */
export const answerBytes = (a: Answer) =>
  200 +
  a.results.reduce(
    (n, r) => n + 200 + 2 * (r.title.length + r.url.length + r.excerpt.length + r.markdownUrl.length),
    0,
  );

/**
 * Recent search answers, the least recently used forgotten first. Bounded by entries and by approximate bytes, so a
 * few huge answers cannot take all the memory; an answer bigger than the whole bound is not kept. Undefined when
 * `entries` is 0 (the cache is off).
 * @example const cache = createAnswerCache(1000, 32 * 1024 * 1024);
 */
export function createAnswerCache(entries: number, maxBytes: number): LRUCache<string, Answer> | undefined {
  if (entries <= 0) return undefined;
  return new LRUCache<string, Answer>({ max: entries, maxSize: maxBytes, sizeCalculation: answerBytes });
}
