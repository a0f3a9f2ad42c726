/**
 * Answers computed at build time and shipped in the Pagefind bundle (WARM_ANSWERS_FILE), so a new server starts with
 * them in its answer cache instead of making its first visitors wait while the workers compute them. Written by
 * integrations/warm-answers.ts (run by integrations/pagefind.ts after indexing) through the server's own search(), so an
 * answer read here is the answer a worker would give; read by the server before /readyz says ready.
 *
 * Which queries: the head words of the site's vocabulary, the words on most pages, alone and with each type filter.
 * They are the searches a miss costs most for (the wasm ranks every page holding the word) and, on a site's Zipf
 * curve of words, the ones visitors type most.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { searchResultSchema } from '../../schemas/search.ts';
import type { Answer } from './answer-cache.ts';
import type { VocabularyFile } from './vocabulary.ts';

export const WARM_ANSWERS_FILE = 'warm-answers.json';

/** The longest the build spends on them (the costliest, unfiltered, come first; the rest are left to the server). */
export const BUILD_BUDGET_MS = 120_000;

/**
 * Head words whose answers are shipped. With no filter and each of the four types that is 500 answers (about 2 MB
 * of cache at ten results each), half the default answer cache (SEARCH_CACHE_SIZE 1000), so visitors' own queries
 * still have room.
 */
export const HEAD_WORDS = 100;

/** One shipped answer, under the answer cache's own key (index.ts `cacheKey`). */
const warmAnswersSchema = z.object({
  /** bundleIdentity() of the bundle the answers were computed from; answers of another bundle are ignored. */
  bundle: z.string(),
  answers: z.array(
    z.tuple([
      z.string(),
      z.object({
        total: z.number().int().min(0),
        limit: z.number().int(),
        offset: z.number().int(),
        results: z.array(searchResultSchema),
      }),
    ]),
  ),
});
export type WarmAnswersFile = z.infer<typeof warmAnswersSchema>;

/**
 * What identifies an index: Pagefind's entry file names the content hash of every language's index, so a rebuilt
 * index with other pages has another identity, and answers computed for the old one are not served.
 */
export function bundleIdentity(bundleDir: string): string {
  return createHash('sha256')
    .update(readFileSync(join(bundleDir, 'pagefind-entry.json')))
    .digest('hex')
    .slice(0, 16);
}

/** The words whose answers are precomputed: the `words` on most pages, most first (ties in word order). */
export function headWords(vocabulary: VocabularyFile, words = HEAD_WORDS): string[] {
  return [...vocabulary.words]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, words)
    .map(([word]) => word);
}

/**
 * The shipped answers of `bundleDir`, as [cache key, answer] pairs; none when the file is missing, unreadable, or
 * was computed for another index (a bundle copied over without its answers being recomputed).
 */
export function readWarmAnswers(bundleDir: string): [string, Answer][] {
  let file: WarmAnswersFile;
  try {
    file = warmAnswersSchema.parse(JSON.parse(readFileSync(join(bundleDir, WARM_ANSWERS_FILE), 'utf8')));
    if (file.bundle !== bundleIdentity(bundleDir)) return [];
  } catch {
    return [];
  }
  return file.answers;
}
