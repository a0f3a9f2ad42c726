import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { doubleMetaphone } from 'double-metaphone';
import { osaDistance } from './edit-distance.ts';
import { readOncePerBundle } from './bundle-file.ts';

/** Written next to the Pagefind bundle at build time (integrations/search-text.ts): every indexed word. */
export const VOCABULARY_FILE = 'vocabulary.json';

/** The file: words, sorted, each with the number of pages it is on, and how each sounds. */
export interface VocabularyFile {
  pages: number;
  words: [string, number][];
  /**
   * Each word's sound keys (wordSounds), space-separated, in the order of `words`: written at build time, so a
   * server never computes them (10,000 words: ~50 ms). Without them (an older build, tests), they are computed on
   * the first correction by sound.
   */
  sounds?: string[];
}

/**
 * The site's own words, for typo correction and for telling course codes apart from words. Held as a Map (word →
 * pages) plus the sorted list (prefix lookups), lists by length (a correction is a few edits away, so only words
 * within that many characters of the typed length are compared) and each word's sound keys, as the file has them
 * (a correction by sound reads them all: ~0.5 ms for 10,000 words, only for a word nothing is spelt like).
 */
export class Vocabulary {
  readonly #pages = new Map<string, number>();
  readonly #sorted: string[];
  readonly #byLength = new Map<number, string[]>();
  readonly #words: string[];
  #sounds: string[] | undefined;
  /** How many pages the site has. */
  readonly pageCount: number;

  constructor(file: VocabularyFile) {
    this.pageCount = file.pages;
    this.#words = file.words.map(([w]) => w);
    this.#sorted = [...this.#words].sort();
    this.#sounds = file.sounds?.length === file.words.length ? file.sounds : undefined;
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
    return this.#sorted[this.#firstAtOrAfter(prefix)]?.startsWith(prefix) ?? false;
  }

  /** The indexed words that start with `prefix`, in sort order. */
  *withPrefix(prefix: string): Generator<string> {
    for (let i = this.#firstAtOrAfter(prefix); this.#sorted[i]?.startsWith(prefix); i++) yield this.#sorted[i];
  }

  #firstAtOrAfter(prefix: string): number {
    return firstAtOrAfter(this.#sorted, prefix);
  }

  /**
   * The indexed word a misspelling means, preferring fewer edits and then the word on more pages; undefined when
   * nothing is close enough (a word on the site is its own correction):
   *  1. a word with the same first letter within maxEdits slips (a swap of two letters is one: "recieve"). Two slips
   *     in a short word make another word ("banana" is two from "anna"); in a long one they are still a
   *     misspelling ("chirstology"). The first letter is the one people get right (dropping or changing it turns
   *     "bread" into "read", "pound" into "found"), except where it is silent or spelt as it sounds;
   *  2. else, in a word of 6 letters or more, a word that sounds the same (soundKeys) within soundEdits slips,
   *     whatever its first letter: "counciling" is "counselling" (three slips), "nowledge" is "knowledge".
   * @example vocabulary.correct('theolgy') === 'theology'
   */
  correct(word: string): string | undefined {
    const max = maxEdits(word);
    const spelt = this.#closest(word, this.#sameStart(word, max), () => max);
    if (spelt || word.length < MIN_SOUNDED || !LETTERS.test(word)) return spelt;
    const alike = this.#soundAlikes(word);
    return this.#closest(word, alike.keys(), (candidate) => alike.get(candidate)!);
  }

  /**
   * The site words sharing a sound key with `word`, each with the slips allowed (soundEdits): a word may sound like
   * another through either of its keys, and the longer key shared sets the limit.
   */
  #soundAlikes(word: string): Map<string, number> {
    this.#sounds ??= this.#words.map((w) => wordSounds(w).join(' '));
    const limits = new Map<string, number>();
    for (const key of soundKeys(word)) {
      const holdsKey = keyIn(key);
      this.#sounds.forEach((keys, i) => {
        if (!holdsKey(keys)) return;
        const candidate = this.#words[i];
        limits.set(candidate, Math.max(limits.get(candidate) ?? 0, soundEdits(word, candidate, key)));
      });
    }
    return limits;
  }

  /** The words within `max` characters of the word's length that start with its first letter. */
  *#sameStart(word: string, max: number): Iterable<string> {
    for (let length = word.length - max; length <= word.length + max; length++)
      for (const candidate of this.#byLength.get(length) ?? []) if (candidate[0] === word[0]) yield candidate;
  }

  /** Of `candidates`, the one fewest edits from `word` (within its limit), then on most pages. */
  #closest(word: string, candidates: Iterable<string>, limitOf: (candidate: string) => number): string | undefined {
    let best: string | undefined;
    let bestDistance = Infinity;
    let bestPages = 0;
    for (const candidate of candidates) {
      const limit = Math.min(limitOf(candidate), bestDistance);
      const d = osaDistance(word, candidate, limit);
      if (d > limit) continue;
      const pages = this.#pages.get(candidate)!;
      if (d < bestDistance || pages > bestPages) [best, bestDistance, bestPages] = [candidate, d, pages];
    }
    return best;
  }
}

/** Where `key` is, or would go, in a sorted list of words (binary search). */
export function firstAtOrAfter(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many slips a word of this length may hold and still be read as a misspelling. @example maxEdits('chaplency') === 2 */
export const maxEdits = (word: string) => Math.max(1, Math.floor(word.length / 4));

/** Words of at least this many letters may be corrected by sound: in shorter ones a sound is most of the word. */
const MIN_SOUNDED = 6;
const LETTERS = /^\p{L}+$/u;

/** A word's Double Metaphone keys (primary and secondary, once when equal): "counciling" and "counselling" are KNSLNK. */
const soundKeys = (word: string) => [...new Set(doubleMetaphone(word))];

/** The sound keys the vocabulary keeps for a site word: none for one that is not all letters ("bib201"). */
export const wordSounds = (word: string): string[] => (LETTERS.test(word) ? soundKeys(word) : []);

/**
 * How many slips a word may hold when it sounds like a site word (`alike`, sharing `key`): a third of its letters
 * when the key has 4 sounds or more and the first letter is the same (the slips of a word spelt as it sounds come in
 * twos and threes: "ph" for "f", a doubled letter and a vowel); as many as a plain misspelling otherwise, so that a
 * short key, or a changed first letter, is all the sound excuses ("nowledge" is "knowledge", "gaming" is not
 * "coming"). A key is evidence in proportion to its length: among the 29,000 common English words of 6 letters or
 * more in the word-vectors list, one with a key of 3 sounds shares it with 7.5 others on average ("ladder", "later",
 * "letter"), one of 4 with 3.9, one of 5 with 1.1.
 * @example soundEdits('counciling', 'counselling', 'KNSLNK') === 3
 */
export const soundEdits = (word: string, alike: string, key: string) =>
  key.length >= 4 && alike[0] === word[0] ? Math.floor(word.length / 3) : maxEdits(word);

/** Tells whether a word's keys, space-separated as in the file, hold `key` (without splitting thousands of strings). */
function keyIn(key: string): (keys: string) => boolean {
  const [first, second] = [`${key} `, ` ${key}`];
  return (keys) => keys === key || keys.startsWith(first) || keys.endsWith(second);
}

/** The vocabulary of a Pagefind bundle, read once; undefined when the build wrote none (no typo correction). */
export const vocabularyOf = readOncePerBundle(
  (bundleDir) => new Vocabulary(JSON.parse(readFileSync(join(bundleDir, VOCABULARY_FILE), 'utf8')) as VocabularyFile),
);
