import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distance } from 'fastest-levenshtein';

/** Written next to the Pagefind bundle at build time (integrations/search-vocabulary.ts): every indexed word. */
export const VOCABULARY_FILE = 'vocabulary.json';

/** The file: words, sorted, each with the number of pages it is on. */
export interface VocabularyFile {
  pages: number;
  words: [string, number][];
}

/**
 * The site's own words, for typo correction and for telling course codes apart from words. Held as a Map (word →
 * pages) plus the sorted list (prefix lookups) and lists by length (a correction is at most 2 edits away, so only
 * words within 2 characters of the typed length are compared).
 */
export class Vocabulary {
  readonly #pages = new Map<string, number>();
  readonly #sorted: string[];
  readonly #byLength = new Map<number, string[]>();
  /** How many pages the site has. */
  readonly pageCount: number;

  constructor(file: VocabularyFile) {
    this.pageCount = file.pages;
    this.#sorted = file.words.map(([w]) => w).sort();
    for (const [word, pages] of file.words) {
      this.#pages.set(word, pages);
      const list = this.#byLength.get(word.length) ?? [];
      list.push(word);
      this.#byLength.set(word.length, list);
    }
  }

  get size(): number {
    return this.#pages.size;
  }

  has(word: string): boolean {
    return this.#pages.has(word);
  }

  /** How many pages hold `word` (0 when none does). */
  pagesWith(word: string): number {
    return this.#pages.get(word) ?? 0;
  }

  /** True when some indexed word starts with `prefix` (Pagefind matches the start of words). */
  hasPrefix(prefix: string): boolean {
    let lo = 0;
    let hi = this.#sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#sorted[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.#sorted.length && this.#sorted[lo].startsWith(prefix);
  }

  /**
   * The nearest indexed word within an edit distance relative to the word's length (maxEdits: one slip up to 7
   * letters, two from 8, three from 12), preferring fewer edits and then the word on more pages; undefined when
   * nothing is that close. Two slips in a short word make another word ("banana" is two from "anna"); in a long
   * one they are still a misspelling ("chirstology").
   * @example vocabulary.correct('theolgy') === 'theology'
   */
  correct(word: string): string | undefined {
    const max = maxEdits(word);
    let best: string | undefined;
    let bestDistance = max + 1;
    let bestPages = 0;
    for (let length = word.length - max; length <= word.length + max; length++) {
      for (const candidate of this.#byLength.get(length) ?? []) {
        const d = distance(word, candidate);
        if (d > max || d > bestDistance) continue;
        const pages = this.#pages.get(candidate)!;
        if (d < bestDistance || pages > bestPages) {
          best = candidate;
          bestDistance = d;
          bestPages = pages;
        }
      }
    }
    return best;
  }
}

/** How many slips a word of this length may hold and still be read as a misspelling. @example maxEdits('chaplency') === 2 */
export const maxEdits = (word: string) => Math.max(1, Math.floor(word.length / 4));

const loaded = new Map<string, Vocabulary | undefined>();

/** The vocabulary of a Pagefind bundle, read once; undefined when the build wrote none (no typo correction). */
export function vocabularyOf(bundleDir: string): Vocabulary | undefined {
  if (!loaded.has(bundleDir)) {
    let vocabulary: Vocabulary | undefined;
    try {
      vocabulary = new Vocabulary(JSON.parse(readFileSync(join(bundleDir, VOCABULARY_FILE), 'utf8')) as VocabularyFile);
    } catch {
      vocabulary = undefined;
    }
    loaded.set(bundleDir, vocabulary);
  }
  return loaded.get(bundleDir);
}
